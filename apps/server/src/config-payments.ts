import { z } from 'zod';

/** Fees and the payment gateway's settings: part of the environment config.ts reads. */
export const paymentsEnvShape = {
  CONSULTATION_FEE_CENTS: z.coerce.number().int().min(0).max(1_000_000).default(4900),
  PHARMACY_CLAIM_FEE_CENTS: z.coerce.number().int().min(0).max(1_000_000).default(500),
  PREPAY_VISIT_CENTS: z.coerce.number().int().min(1).max(1_000_000).default(3000),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'authorize-net']).default('sandbox'),
  AUTHORIZE_NET_API_LOGIN_ID: z.string().min(1).optional(),
  AUTHORIZE_NET_TRANSACTION_KEY: z.string().min(1).optional(),
  AUTHORIZE_NET_ENDPOINT: z.url().default('https://apitest.authorize.net/xml/v1/request.api'),
};

type PaymentsEnv = z.output<z.ZodObject<typeof paymentsEnvShape>> & {
  readonly PAYMENT_RECONCILE_AFTER_SECONDS: number;
};

export interface PaymentsConfig {
  readonly feeCents: number;
  /** What a pharmacy's claim of an Rx visit takes from its prepay account (placeholder). */
  readonly claimFeeCents: number;
  /** What one visit of a prepay program costs its buyer (a placeholder amount). */
  readonly prepayVisitCents: number;
  /** A charge left pending this long is settled from the gateway's record. */
  readonly reconcileAfterMs: number;
  readonly gateway:
    | { readonly kind: 'sandbox' }
    | {
        readonly kind: 'authorize-net';
        readonly apiLoginId: string;
        readonly transactionKey: string;
        readonly endpoint: string;
      };
}

/** The line naming what is wrong across the payment variables, or undefined. */
export function paymentsEnvProblem(e: PaymentsEnv): string | undefined {
  if (
    e.PAYMENT_GATEWAY === 'authorize-net' &&
    (!e.AUTHORIZE_NET_API_LOGIN_ID || !e.AUTHORIZE_NET_TRANSACTION_KEY)
  ) {
    return 'Invalid environment variable PAYMENT_GATEWAY: authorize-net needs AUTHORIZE_NET_API_LOGIN_ID and AUTHORIZE_NET_TRANSACTION_KEY';
  }
  return undefined;
}

export function paymentsConfig(e: PaymentsEnv): PaymentsConfig {
  return {
    feeCents: e.CONSULTATION_FEE_CENTS,
    claimFeeCents: e.PHARMACY_CLAIM_FEE_CENTS,
    prepayVisitCents: e.PREPAY_VISIT_CENTS,
    reconcileAfterMs: e.PAYMENT_RECONCILE_AFTER_SECONDS * 1000,
    gateway:
      e.PAYMENT_GATEWAY === 'authorize-net'
        ? {
            kind: 'authorize-net',
            apiLoginId: e.AUTHORIZE_NET_API_LOGIN_ID ?? '',
            transactionKey: e.AUTHORIZE_NET_TRANSACTION_KEY ?? '',
            endpoint: e.AUTHORIZE_NET_ENDPOINT,
          }
        : { kind: 'sandbox' },
  };
}
