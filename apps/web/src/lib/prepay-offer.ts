import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { normalizeToken } from '@apothecall/domain/prepay/access-token.rules';
import {
  type PrepayOffer,
  prepayCodeCheckRequestSchema,
  prepayOfferSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { useMemo } from 'react';
import { type HeldPrepayCode, useHeldPrepayCode } from './prepay-code-store';

/** The held prepay code with its offer read by the domain's contract (null: not checked yet). */
export interface HeldPrepay {
  readonly code: string;
  readonly offer: PrepayOffer | null;
}

/**
 * The held code's stored offer, parsed with prepayOfferSchema: one stored by an older build,
 * or changed by hand, reads as not checked yet (null), so the screens check the code again.
 */
export function heldPrepayOf(held: HeldPrepayCode | null): HeldPrepay | null {
  if (!held) return null;
  const parsed = prepayOfferSchema.safeParse(held.offer);
  return { code: held.code, offer: parsed.success ? parsed.data : null };
}

/** The held code and its offer, for the feature screens (the shell reads prepay-code-store). */
export function useHeldPrepay(): HeldPrepay | null {
  const held = useHeldPrepayCode();
  return useMemo(() => heldPrepayOf(held), [held]);
}

/** A code the patient typed or opened a link with, checked before it is sent. */
export type TypedCodeCheck =
  | { readonly ok: true; readonly code: string }
  | { readonly ok: false; readonly key: MessageKey };

/**
 * Checks a code with the schema the server validates (prepayCodeCheckRequestSchema: 12
 * characters, none of / \ ? # :), after trimming it and putting it in capitals as codes are
 * compared. The refusal is the schema's catalogue key (isKey), else the length message.
 */
export function checkTypedCode(
  raw: string,
  isKey: (key: string) => key is MessageKey,
): TypedCodeCheck {
  const code = normalizeToken(raw);
  const parsed = prepayCodeCheckRequestSchema.safeParse({ code });
  if (parsed.success) return { ok: true, code: parsed.data.code };
  const message = parsed.error.issues[0]?.message ?? '';
  return { ok: false, key: isKey(message) ? message : 'validation.token.length' };
}
