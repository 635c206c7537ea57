import { cardBrandOf } from '@apothecall/domain/payments/cards.rules';
/**
 * The payment gateway, as the rest of the server sees it: a customer-profile gateway in the
 * style of Authorize.Net's Customer Information Manager. Card numbers and CVV pass through
 * `addCard` to the gateway and are never stored or logged here; the server keeps only the
 * gateway's profile ids, the brand, the last four digits and the expiry.
 *
 * Adapters: `sandbox-gateway.ts` (built in; documented test cards) and `authorize-net.ts`
 * (Authorize.Net's JSON API). Both pass the same contract tests (gateway.contract.ts).
 */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'diners' | 'unknown';

export interface CardInput {
  /** Digits only. */
  number: string;
  cvv: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  holderName: string;
  zip: string;
}

export interface StoredCardInfo {
  paymentProfileId: string;
  brand: CardBrand;
  last4: string;
  /** MM/YY */
  expiration: string;
}

/**
 * Why the gateway said no. `declined` and `avs` are the card's answer (the spec's messages);
 * `invalid` a malformed or expired card; `duplicate` a repeated transaction; `error` anything
 * else (the gateway down, bad credentials) — never the user's fault.
 */
export type GatewayFailure = 'declined' | 'avs' | 'invalid' | 'duplicate' | 'not-found' | 'error';

export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  constructor(
    readonly kind: GatewayFailure,
    /** The gateway's own code and text, for the logs and the ledger; no card data. */
    readonly gatewayCode: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ChargeRequest {
  customerProfileId: string;
  paymentProfileId: string;
  amountCents: number;
  /** At most 20 characters (Authorize.Net's limit); unique per ledger entry. */
  invoiceNumber: string;
  description: string;
}

export interface GatewayTransaction {
  transactionId: string;
  invoiceNumber: string;
  amountCents: number;
  status: 'approved' | 'refunded' | 'voided';
}

export interface PaymentGateway {
  readonly name: string;
  createCustomer(input: {
    merchantCustomerId: string;
    email: string;
  }): Promise<{ customerProfileId: string }>;
  addCard(customerProfileId: string, card: CardInput): Promise<StoredCardInfo>;
  deleteCard(customerProfileId: string, paymentProfileId: string): Promise<void>;
  charge(request: ChargeRequest): Promise<{ transactionId: string }>;
  /** Refunds a settled or unsettled charge (the sandbox does not distinguish). */
  refund(input: {
    transactionId: string;
    amountCents: number;
    customerProfileId: string;
    paymentProfileId: string;
    invoiceNumber: string;
  }): Promise<{ transactionId: string }>;
  void(transactionId: string): Promise<void>;
  /**
   * The gateway's record of a charge by invoice number, for reconciliation after a crash
   * between the gateway's answer and our commit. Undefined when the gateway never charged it.
   */
  findByInvoice(invoiceNumber: string): Promise<GatewayTransaction | undefined>;
  /**
   * The gateway's record of one transaction by its id, settled or not (a refund: 'refunded';
   * a charge: as it stands): the back office's day reconciliation. Undefined when the
   * gateway has no such approved transaction.
   */
  findTransaction(transactionId: string): Promise<GatewayTransaction | undefined>;
}

/** The card brand from the number's prefix: the domain's rule (the /testcc check uses it too). */
export function brandOf(number: string): CardBrand {
  return cardBrandOf(number);
}

export function expirationOf(card: Pick<CardInput, 'expMonth' | 'expYear'>): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}
