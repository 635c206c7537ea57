import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import type { MessageParams } from '@apothecall/domain/i18n/i18n.rules';

/** A field's message: a catalogue key and its placeholders (the screen translates it). */
export interface FieldError {
  readonly key: MessageKey;
  readonly params?: MessageParams;
}

/** Answers whether a string is a catalogue key (lib/i18n's isMessageKey, handed in). */
export type IsKey = (key: string) => key is MessageKey;

/**
 * A schema issue as a field message: the schema's own catalogue key (with its placeholders)
 * when it gave one, else the field's message here (zod's own English is never shown).
 */
export function issueMessage(
  issue: { readonly message: string; readonly params?: unknown },
  fallback: FieldError,
  isKey: IsKey,
): FieldError {
  if (!isKey(issue.message)) return fallback;
  const params = issue.params;
  return params && typeof params === 'object'
    ? { key: issue.message, params: params as MessageParams }
    : { key: issue.message };
}

/** A field's message in the page's language, or undefined when the field is fine. */
export function fieldText(
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
  error: FieldError | undefined,
): string | undefined {
  return error ? t(error.key, error.params) : undefined;
}
