import type { ChargeInput } from '@apothecall/domain/payments/payments.api';
import type { RequestOrigin } from '../../platform/actor';

/**
 * What other areas may ask of payments: charge a signed price token and refund a charge, each
 * once per idempotency key (a retried visit start is one charge). Other areas never read the
 * payments tables.
 */
export interface PaymentsPort {
  charge(
    accountId: string,
    /** As POST /payments/charge takes it (chargeRequestSchema, parsed). */
    input: ChargeInput,
    origin: RequestOrigin,
    /** When given, the price token must be this item's quote (`quote`). */
    item?: string,
  ): Promise<{ id: string; amount: number }>;
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
}
