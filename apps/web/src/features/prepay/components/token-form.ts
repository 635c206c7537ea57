import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import {
  type AccessTokenView,
  maxBulkTokens,
  type TokenDeliveryInput,
} from '@apothecall/domain/prepay/prepay.api';
import { validateEmail, validatePhone } from '@apothecall/domain/validation/contact.rules';
import { ApiError } from '../../../lib/api-client';
import type { FieldError } from './form-check';
import { wholeNumber } from './prepay-format';

/** How a token may be used, as the form holds it. */
export interface TokenUseDraft {
  use: 'single' | 'multiple';
  /** Days from the first claim a multiple-use token lasts; 0 or empty = no limit. */
  intervalDays: string | number;
  note: string;
}

export const emptyTokenUse: TokenUseDraft = { use: 'single', intervalDays: 0, note: '' };

export function tokenUseDraftOf(token: AccessTokenView): TokenUseDraft {
  return {
    use: token.use,
    intervalDays: token.multipleUseIntervalDays,
    note: token.object.note,
  };
}

export interface TokenUse {
  readonly use: 'single' | 'multiple';
  readonly multipleUseIntervalDays: number;
  readonly note: string;
}

export const maxIntervalDays = 3650;
export const maxNoteLength = 200;

export type TokenUseCheck =
  | { readonly ok: true; readonly value: TokenUse }
  | {
      readonly ok: false;
      readonly errors: { intervalDays?: FieldError; note?: FieldError };
    };

/** The use fields of an add, edit or bulk request; a single-use token sends 0 days. */
export function checkTokenUse(draft: TokenUseDraft): TokenUseCheck {
  const days = draft.use === 'multiple' ? wholeNumber(draft.intervalDays, 0) : 0;
  const note = draft.note.trim();
  const errors: { intervalDays?: FieldError; note?: FieldError } = {};
  if (!Number.isInteger(days) || days < 0 || days > maxIntervalDays) {
    errors.intervalDays = { key: 'prepayUi.form.wholeNumber', params: { max: maxIntervalDays } };
  }
  if (note.length > maxNoteLength) {
    errors.note = { key: 'prepayUi.form.tooLong', params: { max: maxNoteLength } };
  }
  if (errors.intervalDays || errors.note) return { ok: false, errors };
  return { ok: true, value: { use: draft.use, multipleUseIntervalDays: days, note } };
}

/** Where a token goes: nowhere yet, an e-mail address or a phone number (SMS). */
export interface DeliveryDraft {
  channel: 'none' | TokenDeliveryInput['channel'];
  to: string;
}

export const noDelivery: DeliveryDraft = { channel: 'none', to: '' };

export type DeliveryCheck =
  | { readonly ok: true; readonly delivery: TokenDeliveryInput | null }
  | { readonly ok: false; readonly error: FieldError };

/**
 * The delivery of a token: null when it is not to be sent; the address checked by its channel
 * (an e-mail address, or a phone number of at least 7 digits) with the spec's texts.
 */
export function checkDelivery(draft: DeliveryDraft): DeliveryCheck {
  if (draft.channel === 'none') return { ok: true, delivery: null };
  const to = draft.to.trim();
  const valid = draft.channel === 'email' ? validateEmail(to).ok : validatePhone(to).ok;
  if (!valid) {
    const key: MessageKey =
      draft.channel === 'email' ? 'prepay.delivery.invalidEmail' : 'prepay.delivery.invalidPhone';
    return { ok: false, error: { key } };
  }
  return { ok: true, delivery: { channel: draft.channel, to } };
}

/**
 * The server's refusal of the address or number (a 400 naming the field `delivery.to`: the
 * server reads phone numbers by the numbering plan, which this form's 7-digit check does not),
 * in the server's words, for the field to show; undefined for any other failure.
 */
export function deliveryFieldMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.details.field === 'delivery.to'
    ? error.message
    : undefined;
}

/** The non-blank lines of a pasted list (what the bulk call makes tokens of). */
export function bulkLineCount(text: string): number {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '').length;
}

/** The pasted list's problem before sending: nothing pasted, or too many lines. */
export function bulkListError(text: string): FieldError | null {
  const count = bulkLineCount(text);
  if (count === 0) return { key: 'prepayUi.bulk.empty' };
  if (count > maxBulkTokens) return { key: 'prepay.bulk.tooMany', params: { max: maxBulkTokens } };
  return null;
}

/** The token list with one token new or changed (kept beside the call that uses it). */
export { withToken } from '../api/get-prepay-tokens';
