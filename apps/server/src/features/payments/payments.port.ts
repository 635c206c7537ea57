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
  ): Promise<{ id: string; amount: number }>;
  refund(
    accountId: string,
    chargeId: string,
    idempotencyKey: string,
    origin: RequestOrigin,
  ): Promise<unknown>;
}
