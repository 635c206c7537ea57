/**
 * The back office's brands area: what a brand's key, host names and colours must be,
 * and what changed between two versions of a brand (the audit's before/after). Pure.
 *
 * - The company key (the brand's id) is 2 to 40 characters of a-z, 0-9 and '-', starting and
 *   ending with a letter or digit ('new' is reserved). It is chosen at creation and never changes: links carry it
 *   (?company=), and accounts, referrals and settings point at it.
 * - A host name is an exact DNS name the browser uses, lower-case, without a port or scheme
 *   (a port never selects a brand: the app resolves by name). An alias is one first label
 *   (harbor selects harbor.example.com).
 * - A brand colour must already read: the colour itself is what readableOnWhite keeps
 *   (brand-colors.rules.ts: 4.5:1 on white and on its own light tint). A colour that does not is
 *   refused, with the nearest one that does.
 */
import { readableOnWhite } from './brand-colors.rules';

export const brandKeyPattern = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])$/;
const labelPattern = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Whether `key` is a valid company key (2-40 of a-z, 0-9, '-'; no '-' at either end). */
export function isBrandKey(key: string): boolean {
  // 'new' is the console's address for creating one (/admin/brands/new).
  return brandKeyPattern.test(key) && key !== 'new';
}

/** Whether `host` is a lower-case DNS name without port or scheme (localhost counts). */
export function isHostName(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  return host.split('.').every((label) => labelPattern.test(label));
}

/** Whether `alias` is one lower-case DNS label (a first label that selects the brand). */
export function isHostAlias(alias: string): boolean {
  return labelPattern.test(alias);
}

export const brandColorFields = ['colorPrimary', 'colorAccent', 'colorWarning'] as const;
export type BrandColorField = (typeof brandColorFields)[number];

/** A colour's verdict: it reads as it is, or the nearest colour of its hue that does. */
export function colorVerdict(hex: string): { reads: boolean; suggestion: string } {
  const suggestion = readableOnWhite(hex);
  return { reads: suggestion === hex.toLowerCase(), suggestion };
}

/** The first colour field that does not read, with its suggestion; undefined when all read. */
export function unreadableColor(
  colors: Readonly<Record<BrandColorField, string>>,
  only: readonly BrandColorField[] = brandColorFields,
): { field: BrandColorField; suggestion: string } | undefined {
  for (const field of only) {
    const verdict = colorVerdict(colors[field]);
    if (!verdict.reads) return { field, suggestion: verdict.suggestion };
  }
  return undefined;
}

/** One changed field: its path (e.g. 'hosts', 'care.hours.open') and both values. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The fields that differ between two versions, by path: objects are compared key by key,
 * arrays and scalars as wholes. Keys in neither are not listed.
 */
export function fieldChanges(before: unknown, after: unknown, prefix = ''): FieldChange[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) =>
      fieldChanges(before[key], after[key], prefix ? `${prefix}.${key}` : key),
    );
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ field: prefix, before: before ?? null, after: after ?? null }];
}
