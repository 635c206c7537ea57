import {
  maxAuthorizedUsers,
  maxProgramVisits,
  maxVisitsPerPurchase,
  type PrepayPurchaseInput,
  prepayPurchaseRequestSchema,
} from '@apothecall/domain/prepay/prepay.api';
import type { FieldError } from './form-check';
import { wholeNumber } from './prepay-format';

/** The purchase form as typed: visits, a name, e-mails one per line, the low-balance limit. */
export interface PurchaseDraft {
  visits: string | number;
  name: string;
  /** Authorized users' e-mail addresses, one per line (commas and semicolons also split). */
  users: string;
  lowBalanceLimit: string | number;
}

export const emptyPurchaseDraft: PurchaseDraft = {
  visits: '',
  name: '',
  users: '',
  lowBalanceLimit: 0,
};

export type PurchaseField = 'visits' | 'name' | 'users' | 'lowBalanceLimit';

/** The visits one purchase may buy (GET /prepay-pricing/new), else the contract's bounds. */
export interface VisitBounds {
  readonly minVisits: number;
  readonly maxVisits: number;
}

/** Pasted e-mail addresses: one per line (or split by commas/semicolons), blanks dropped. */
export function emailLines(text: string): string[] {
  return text
    .split(/[\n\r,;]+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The first e-mail listed twice (compared without case), if any. */
export function firstDuplicateEmail(emails: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const email of emails) {
    const key = email.trim().toLowerCase();
    if (seen.has(key)) return email.trim();
    seen.add(key);
  }
  return undefined;
}

/** 'Enter a whole number of visits from {min} to {max}.' with the bounds that apply. */
export function visitsRangeError(bounds: VisitBounds | null): FieldError {
  const min = bounds?.minVisits ?? 1;
  const max = Math.min(bounds?.maxVisits ?? maxVisitsPerPurchase, maxVisitsPerPurchase);
  return { key: 'prepayUi.form.visitsRange', params: { min, max } };
}

/** Whether a count of visits is a whole number within the bounds. */
export function visitsWithin(visits: number, bounds: VisitBounds | null): boolean {
  const range = visitsRangeError(bounds).params as { min: number; max: number };
  return Number.isInteger(visits) && visits >= range.min && visits <= range.max;
}

export type PurchaseCheck =
  | { readonly ok: true; readonly request: PrepayPurchaseInput }
  | { readonly ok: false; readonly errors: Partial<Record<PurchaseField, FieldError>> };

/**
 * Checks a purchase with the schema the server validates (prepayPurchaseRequestSchema), plus
 * the pricing's visit bounds and repeated e-mails: one message per field.
 */
export function checkPurchase(
  draft: PurchaseDraft,
  bounds: VisitBounds | null,
  payment: { readonly payProfileID: string | null; readonly idempotencyKey: string },
): PurchaseCheck {
  const visitCount = wholeNumber(draft.visits, Number.NaN);
  const authorizedUsers = emailLines(draft.users);
  const parsed = prepayPurchaseRequestSchema.safeParse({
    visitCount,
    name: draft.name,
    authorizedUsers,
    lowBalanceLimit: wholeNumber(draft.lowBalanceLimit, 0),
    payProfileID: payment.payProfileID,
    idempotencyKey: payment.idempotencyKey,
  });
  const errors: Partial<Record<PurchaseField, FieldError>> = {};
  if (!visitsWithin(visitCount, bounds)) errors.visits = visitsRangeError(bounds);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, index] = issue.path;
      if (field === 'visitCount') errors.visits ??= visitsRangeError(bounds);
      if (field === 'name') errors.name ??= { key: 'prepayUi.form.nameRequired' };
      if (field === 'lowBalanceLimit') {
        errors.lowBalanceLimit ??= {
          key: 'prepayUi.form.wholeNumber',
          params: { max: maxProgramVisits },
        };
      }
      if (field === 'authorizedUsers') {
        const email = typeof index === 'number' ? (authorizedUsers[index] ?? '') : '';
        errors.users ??= email
          ? { key: 'prepayUi.form.emailInvalid', params: { email } }
          : { key: 'prepayUi.form.tooManyUsers', params: { max: maxAuthorizedUsers } };
      }
    }
  }
  const duplicate = firstDuplicateEmail(authorizedUsers);
  if (duplicate !== undefined)
    errors.users ??= { key: 'prepay.users.duplicate', params: { email: duplicate } };
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, request: parsed.data };
  return { ok: false, errors };
}
