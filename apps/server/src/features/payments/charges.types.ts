import type { ChargeInput, TransactionEntry } from '@apothecall/domain/payments/payments.api';
import type { RequestOrigin } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import type { PaymentGateway } from '../../platform/payments/gateway';
import type { CardsRepo } from './cards.repo';
import type { CouponsRepo } from './coupons.repo';
import type { LedgerRepo } from './ledger.repo';
import type { PricingService } from './pricing.service';

export interface ChargesService {
  /**
   * Charges the priced amount: credit first, then the card. Idempotent per key. The input is
   * POST /payments/charge as chargeRequestSchema parsed it (other areas: PaymentsPort).
   */
  charge(
    accountId: string,
    input: ChargeInput,
    origin: RequestOrigin,
    /** The item the price token must be for (an item quote pays only its own item). */
    item?: string,
  ): Promise<TransactionEntry>;
  /** Refunds a succeeded charge in full (credit back to credit, card back to card). */
  refund(
    accountId: string,
    chargeId: string,
    idempotencyKey: string,
    origin: RequestOrigin,
  ): Promise<TransactionEntry>;
  /**
   * The same refund, saying whether this call made it (`created`) or answered an earlier one
   * (the back office audits its refund once).
   */
  refundOnce(
    accountId: string,
    chargeId: string,
    idempotencyKey: string,
    origin: RequestOrigin,
  ): Promise<{ entry: TransactionEntry; created: boolean }>;
  list(accountId: string): Promise<TransactionEntry[]>;
  creditBalance(accountId: string): Promise<number>;
  /** Charges made by people who joined with this account's referral code: date, code, amount only. */
  referred(
    accountId: string,
  ): Promise<{ id: string; date: string; code: string; amount: number }[]>;
  entry(accountId: string, id: string): Promise<TransactionEntry>;
  /** Settles entries left pending by a crash, by asking the gateway what it did. */
  reconcile(olderThanMs?: number): Promise<{ succeeded: number; failed: number }>;
}

/** What the charges service works with: the ledger, cards, coupons, the gateway, pricing, audit and referrals. */
export interface ChargesDeps {
  ledger: LedgerRepo;
  /** The card charged, its gateway customer, and marking a refused card. */
  cards: Pick<CardsRepo, 'customerOf' | 'findProfile' | 'markProfileInvalid' | 'gatewayProfileId'>;
  /** A failed charge gives its coupon redemption back. */
  coupons: Pick<CouponsRepo, 'releaseCoupon'>;
  gateway: PaymentGateway;
  pricing: PricingService;
  audit: AuditService;
  /** Referral codes and who used them (brands and accounts own them). */
  referrals: {
    codesOwnedBy(accountId: string): Promise<string[]>;
    referredWith(codes: readonly string[]): Promise<{ accountId: string; code: string }[]>;
  };
  /** Test-only fault injection: die right after the gateway approved, before the commit. */
  crashAfterGateway?: () => void;
  /**
   * A pending entry older than this is taken to be abandoned (its process died) and is settled
   * from the gateway's record. Longer than any live request (the gateway timeout is 10 s), so a
   * starting process never settles another process's charge in flight.
   */
  abandonedAfterMs?: number;
  now?: () => Date;
}
