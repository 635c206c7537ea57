import { z } from 'zod';

/**
 * Path and query pieces every area's endpoints share. A record id in a path accepts anything
 * short: a malformed one is answered "not found" by the service, like an unknown one, so ids
 * cannot be probed.
 */
export const idParamsSchema = z.object({ id: z.string().max(64) });
/** A key in a path (a brand, coupon or price id): present, short. */
export const keyParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });
/** A referral code in a path. */
export const codeParamsSchema = z.object({ code: z.string().trim().min(1).max(64) });
/** The cache-busting `ts` a client may add to a GET. */
export const cacheBustQuerySchema = z.object({ ts: z.string().max(20).optional() });
