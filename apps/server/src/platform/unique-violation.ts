/**
 * A unique index or key refused the row (SQLSTATE 23505): another request wrote it first. The
 * error may be wrapped (Drizzle's query error carries the driver's as `cause`), on either
 * database.
 */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
