import type { z } from 'zod';

/**
 * The catalogue key of the first issue a schema reports for a value, or undefined when the
 * value parses. Field schemas put catalogue keys in their messages (validation/checks.rules).
 */
export function firstIssueKey(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  v: unknown,
): string | undefined {
  const result = schema.safeParse(v) as
    | { success: true }
    | { success: false; error: { issues: { message: string }[] } };
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The path of each issue a schema reports for a value (dot-joined), none when it parses. */
export function issuePaths(schema: z.ZodType, v: unknown): string[] {
  const result = schema.safeParse(v);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}
