import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { AccessTokenState } from '@apothecall/domain/prepay/access-token.rules';
import type {
  AccessTokenView,
  PrepayTransaction,
  RedemptionState,
} from '@apothecall/domain/prepay/prepay.api';
import { rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import { ApiError } from '../../../lib/api-client';
import { countText, isMessageKey, type Translate } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';

/** Display and form helpers of the prepay program holder's screens (pure). */

// ---- Money and numbers -------------------------------------------------------------------

/**
 * Dollars as typed ('12', '12.5', '$1,200.00') as integer cents; an empty box is 0 (none).
 * Anything else (letters, a minus sign, more than two decimals) is null.
 */
export function dollarsToCents(text: string): number | null {
  if (text.trim() === '') return 0;
  const bare = text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,/g, '');
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(bare) ?? /^()\.(\d{1,2})$/.exec(bare);
  if (!match) return null;
  const whole = Number(match[1] || '0');
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as the dollars a box shows for editing ('12.50'); 0 is an empty box. */
export function centsToDollars(cents: number): string {
  if (!Number.isFinite(cents) || cents <= 0) return '';
  return (cents / 100).toFixed(2);
}

/**
 * A whole-number box's value (Mantine's NumberInput answers a number, or a string while typed)
 * as a number: empty is `empty`, a whole number as itself, anything else NaN (the schema
 * refuses it).
 */
export function wholeNumber(value: string | number, empty: number): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  const text = value.trim();
  if (text === '') return empty;
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

/** visits x the per-visit price, or null while the visits are not a positive whole number. */
export function totalCents(visits: number, visitPrice: number): number | null {
  if (!Number.isInteger(visits) || visits <= 0) return null;
  return visits * visitPrice;
}

// ---- Labels ------------------------------------------------------------------------------

/** The access-token state's label (the spec's texts, prepay.messages.ts). */
export const tokenStateKeys: Readonly<Record<AccessTokenState, MessageKey>> = {
  unclaimed: 'prepay.token.state.unclaimed',
  claimed: 'prepay.token.state.claimed',
  claimedWithRx: 'prepay.token.state.claimedWithRx',
  denied: 'prepay.token.state.denied',
};

/** A colour beside each state's label (never the only sign: the label is always shown). */
export const tokenStateColours: Readonly<Record<AccessTokenState, string>> = {
  unclaimed: '#228be6',
  claimed: '#f59f00',
  claimedWithRx: '#2f9e44',
  denied: '#e03131',
};

/** A visit the program paid, as its state reads: the token states, and 'released'. */
export const redemptionStateKeys: Readonly<Record<RedemptionState, MessageKey>> = {
  claimed: 'prepay.token.state.claimed',
  claimedWithRx: 'prepay.token.state.claimedWithRx',
  denied: 'prepay.token.state.denied',
  released: 'prepayUi.referred.released',
};

export const entryKindKeys: Readonly<Record<PrepayTransaction['kind'], MessageKey>> = {
  purchase: 'prepayUi.entry.purchase',
  addFunds: 'prepayUi.entry.addFunds',
  visit: 'prepayUi.entry.visit',
  creditBack: 'prepayUi.entry.creditBack',
  release: 'prepayUi.entry.release',
};

/** Visits added or taken, with their sign: '+10', '−1' (a true minus sign), '0'. */
export function signedVisits(visits: number): string {
  if (visits > 0) return `+${visits}`;
  if (visits < 0) return `\u2212${Math.abs(visits)}`;
  return '0';
}

/** '1 visit' / '12 visits': the language's plural form (countText). */
export function visitsText(t: Translate, count: number): string {
  return countText(t, count, { one: 'prepayUi.visits.one', other: 'prepayUi.visits.other' });
}

/** 'Quedan 12 consultas' / '1 visit left': a program's balance in words. */
export function balanceText(t: Translate, balance: number): string {
  return countText(t, balance, {
    one: 'prepayUi.balance.left.one',
    other: 'prepayUi.balance.left.other',
  });
}

/** A money amount, or a dash for 0 (an entry that charged nothing). */
export function amountText(cents: number, lang: Lang): string {
  return cents > 0 ? formatCents(cents, lang) : '—';
}

const usLocale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/** An instant or a YYYY-MM-DD day as a date in the reader's language; unreadable as given. */
export function formatDay(iso: string, lang: Lang): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(usLocale(lang), { dateStyle: 'medium' }).format(date);
}

/** A treatment's name from its Rx product id (the catalogue's key), else the id. */
export function treatmentText(t: Translate, productId: string, nameKey?: string): string {
  const key = nameKey ?? rxProductById(productId)?.nameKey;
  return key && isMessageKey(key) ? t(key) : productId;
}

// ---- Access tokens -----------------------------------------------------------------------

/**
 * How a token was delivered: 'Sent by SMS to 305-555-1234 on May 1, 2025', or 'Not sent'.
 */
export function deliveryText(
  t: Translate,
  delivery: AccessTokenView['delivery'],
  lang: Lang,
): string {
  if (!delivery) return t('prepayUi.tokens.notSent');
  const params = { to: delivery.to, date: formatDay(delivery.sentAt, lang) };
  return delivery.channel === 'sms'
    ? t('prepayUi.tokens.sentSms', params)
    : t('prepayUi.tokens.sentEmail', params);
}

/** 'Single use', 'Multiple use, 30 days from the first claim', 'Multiple use, no time limit'. */
export function tokenUseText(
  t: Translate,
  token: Pick<AccessTokenView, 'use' | 'multipleUseIntervalDays'>,
): string {
  if (token.use === 'single') return t('prepayUi.tokens.single');
  return token.multipleUseIntervalDays > 0
    ? countText(
        t,
        token.multipleUseIntervalDays,
        {
          one: 'prepayUi.tokens.useMultipleDays.one',
          other: 'prepayUi.tokens.useMultipleDays.other',
        },
        { days: token.multipleUseIntervalDays },
      )
    : t('prepayUi.tokens.useMultipleAny');
}

/** Only a token nobody has claimed may be changed or deleted (the server says the same). */
export function tokenIsChangeable(token: Pick<AccessTokenView, 'state' | 'claimCount'>): boolean {
  return token.state === 'unclaimed' && token.claimCount === 0;
}

// ---- Card charges ------------------------------------------------------------------------

/**
 * After a failed charge: whether the same attempt may have run (no answer, a server error,
 * still in progress), so a retry must reuse its idempotency key; a refusal may take a new one.
 */
export function attemptMayHaveRun(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.errorCode === 'IN_PROGRESS';
}

/** A new idempotency key for one attempt of a charge. */
export function newIdempotencyKey(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`
  );
}
