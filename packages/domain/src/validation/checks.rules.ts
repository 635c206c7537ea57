/**
 * The shape every field rule answers, and the zod glue that turns a rule into a schema whose
 * error messages are catalogue KEYS (the caller translates with translate(lang, key, params)).
 * Field rules live with their owners: dates/, accounts/people and credentials, places/address,
 * validation/contact, payments/cards, prepay/access-token (spec section 5).
 * Nothing here reads the clock: "today" is always a parameter.
 */
import { z } from 'zod';
import type { MessageKey } from '../i18n/catalog';
import type { MessageParams } from '../i18n/i18n.rules';

export type Check =
  | { readonly ok: true }
  | { readonly ok: false; readonly key: MessageKey; readonly params?: MessageParams };

export const ok: Check = { ok: true };
export const fail = (key: MessageKey, params?: MessageParams): Check =>
  params ? { ok: false, key, params } : { ok: false, key };

export const isBlank = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value.trim() === '';

/** The catalogue key of 'Required information'. */
export const requiredKey: MessageKey = 'common.required';

/** A trimmed string checked by a rule; the issue's message is the rule's catalogue key. */
export function checkedString(check: (value: string) => Check) {
  return z
    .string({ error: requiredKey })
    .trim()
    .superRefine((value, ctx) => {
      const result = check(value);
      if (!result.ok) ctx.addIssue({ code: 'custom', message: result.key, params: result.params });
    });
}
