/**
 * GET /home/counts: the counts on the caller's Home, one call per Home.
 * Which counts a role gets and where each leads: home-counts.rules.ts. Counts only, no PHI.
 */
import { z } from 'zod';
import { homeCountKeys } from './home-counts.rules';

export const homeCountSchema = z.object({
  key: z.enum(homeCountKeys),
  count: z.number().int().nonnegative(),
  /** The screen where it is acted on (homeCountPath). */
  path: z.string(),
});
export type HomeCount = z.infer<typeof homeCountSchema>;

export const homeCountsResponseSchema = z.object({
  error: z.literal(false),
  counts: z.array(homeCountSchema),
});
export type HomeCountsResponse = z.infer<typeof homeCountsResponseSchema>;
