import type { ChargeInput, TransactionEntry } from '@apothecall/domain/payments/payments.api';
import type { PriceType } from '@apothecall/domain/pricing/pricing.rules';
import type { RequestOrigin } from '../../platform/actor';
import type { DocumentSource } from '../../platform/document-sources';

export interface PrepayMovement {
  /** The prepay account (an organisation id). */
  prepayAccountId: string;
  /** Positive cents; a debit takes them, a credit adds them. */
  amountCents: number;
  /** One movement per key and account: a retried or concurrent one is answered, not repeated. */
  idempotencyKey: string;
  kind: string;
  relatedId?: string | null;
  description?: string;
}

export type DebitOutcome =
  | { ok: true; entryId: string; balance: number; replayed: boolean }
  | { ok: false; reason: 'lowBalance'; balance: number };

export interface PrepayEntryRecord {
  id: string;
  amountCents: number;
  kind: string;
  relatedId: string | null;
  description: string;
  createdAt: Date;
}

/**
 * What other areas may ask of payments: charge a signed price token and refund a charge, each
 * once per idempotency key (a retried visit start is one charge). Other areas never read the
 * payments tables.
 */
export interface PaymentsPort {
  /** The account's receipts (charges and refunds) as documents. */
  receipts: DocumentSource;
  charge(
    accountId: string,
    /** As POST /payments/charge takes it (chargeRequestSchema, parsed). */
    input: ChargeInput,
    origin: RequestOrigin,
    /** When given, the price token must be this item's quote (`quote`). */
    item?: string,
  ): Promise<{ id: string; amount: number }>;
  /**
   * The price the account pays next (an applied coupon, else the default) and the price a token
   * states (undefined: stale, forged or another account's), as the domain's PriceLike: callers
   * apply their rules to it (appointments refuse nonce, free and prepay prices).
   */
  nextPrice(accountId: string): Promise<{ price: number; priceType: PriceType }>;
  tokenPrice(
    accountId: string,
    priceToken: string,
  ): Promise<{ price: number; priceType: PriceType | null } | undefined>;
  /** A signed price for one item this area's caller sells (an Rx visit): what to pay, and its token. */
  quote(
    accountId: string,
    item: string,
    priceCents: number,
  ): Promise<{ price: number; priceToken: string; data: { title: string; msg: string } }>;
  refund(
    accountId: string,
    chargeId: string,
    idempotencyKey: string,
    origin: RequestOrigin,
  ): Promise<unknown>;
  /** The account's cards on file, oldest first (a renewal charges the one it was bought with, else the first valid). */
  cardsOnFile(
    accountId: string,
  ): Promise<{ profileId: string; brand: string; last4: string; valid: boolean }[]>;
  /** An organisation's prepay balance (cents; 0 when it has no account yet). */
  prepayBalance(prepayAccountId: string): Promise<number>;
  /**
   * Takes an amount from a prepay account (a pharmacy's claim fee), exactly once per idempotency
   * key, never below zero: `ok: false` when the balance does not hold it.
   */
  debitPrepay(movement: PrepayMovement): Promise<DebitOutcome>;
  /** Adds to a prepay account (funds, or a debit given back), once per idempotency key. */
  creditPrepay(movement: PrepayMovement): Promise<{ entryId: string; balance: number }>;
  /** A prepay account's movements, newest first (a pharmacy's fee statement). */
  prepayEntries(prepayAccountId: string, limit: number): Promise<PrepayEntryRecord[]>;
  /**
   * Succeeded charges among these ids, each with what succeeded refunds gave back of it (a
   * pharmacy's revenue). Amounts only; never who paid or with what card.
   */
  chargeTotals(
    chargeIds: readonly string[],
  ): Promise<{ id: string; amountCents: number; refundedCents: number }[]>;
  /** Succeeded charges of these accounts made in the range, newest first (referrals). */
  chargesOf(
    accountIds: readonly string[],
    range: { from: Date; to: Date },
  ): Promise<{ id: string; accountId: string; amountCents: number; createdAt: Date }[]>;
  /**
   * The account's charges and refunds, newest first, as its own transactions list shows them
   * (card brand and last four only): the back office's account page.
   */
  transactionsOf(accountId: string): Promise<TransactionEntry[]>;
}
