import type { Translate } from '../../../lib/i18n';
import { isMessageKey } from '../../../lib/i18n';

/**
 * Form errors of the account screens are catalogue keys from the domain schemas, sometimes
 * with parameters ('validation.dob.underRegistrationAge' needs {minAge}). Mantine keeps an
 * error as a string, so the key and its parameters travel together as `key|{json}` and are
 * translated when rendered (a language switch re-translates them).
 */
type ErrorParams = Record<string, string | number>;

const separator = '|';

export function encodeFieldError(key: string, params?: unknown): string {
  const clean = cleanParams(params);
  return clean ? `${key}${separator}${JSON.stringify(clean)}` : key;
}

function cleanParams(params: unknown): ErrorParams | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const out: ErrorParams = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') out[name] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function decode(message: string): { key: string; params?: ErrorParams } {
  const at = message.indexOf(separator);
  if (at < 0) return { key: message };
  try {
    return { key: message.slice(0, at), params: cleanParams(JSON.parse(message.slice(at + 1))) };
  } catch {
    return { key: message };
  }
}

/** A form error (catalogue key, encoded key, or already-translated text) as display text. */
export function translateFieldError(t: Translate, message: unknown): string | undefined {
  if (typeof message !== 'string' || message === '') return undefined;
  const { key, params } = decode(message);
  return isMessageKey(key) ? t(key, params) : message;
}

/** The first issue of each top-level field, encoded, e.g. { dob: 'validation.dob.future' }. */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string; params?: unknown }[],
  rename: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const head = issue.path[0];
    if (typeof head !== 'string') continue;
    const field = rename[head] ?? head;
    if (errors[field] === undefined) errors[field] = encodeFieldError(issue.message, issue.params);
  }
  return errors;
}
