import { randomBytes } from 'node:crypto';
import {
  brandOf,
  type CardInput,
  expirationOf,
  GatewayError,
  type PaymentGateway,
} from './gateway';
import type { SandboxStore } from './sandbox-gateway.repo';

/**
 * The built-in sandbox gateway (default for `npm start` and the tests). It behaves like a
 * customer-profile gateway and keeps its own records (never card numbers) in the database, so
 * a charge it approved is still there after a crash. Test cards (docs/payments.md):
 */
export const sandboxTestCards = {
  /** Approves. */
  visa: '4111111111111111',
  /** Approves. */
  mastercard: '5424000000000015',
  /** 'Declined: This transaction has been declined.' when added. */
  decline: '4000000000000002',
  /** AVS mismatch when added. */
  avs: '4000000000000010',
  /** Added fine; every charge on it is declined. */
  declineOnCharge: '4000000000000341',
} as const;

const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`;

function notExpired(card: Pick<CardInput, 'expMonth' | 'expYear'>, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return card.expYear > y || (card.expYear === y && card.expMonth >= m);
}

export function createSandboxGateway(deps: {
  store: SandboxStore;
  now?: () => Date;
}): PaymentGateway {
  const now = deps.now ?? (() => new Date());

  async function liveCard(customerProfileId: string, paymentProfileId: string) {
    const card = await deps.store.get(paymentProfileId);
    if (card?.kind !== 'card' || card.parentId !== customerProfileId || card.status === 'deleted') {
      throw new GatewayError('not-found', 'E00040', 'The payment profile was not found.');
    }
    return card;
  }

  return {
    name: 'sandbox',
    async createCustomer(input) {
      const customerProfileId = id('cus_');
      await deps.store.insert({
        id: customerProfileId,
        kind: 'customer',
        parentId: null,
        data: { merchantCustomerId: input.merchantCustomerId },
        invoiceNumber: null,
        amountCents: null,
        status: 'active',
      });
      return { customerProfileId };
    },

    async addCard(customerProfileId, card) {
      const customer = await deps.store.get(customerProfileId);
      if (customer?.kind !== 'customer') {
        throw new GatewayError('not-found', 'E00040', 'The customer profile was not found.');
      }
      if (
        !/^\d{12,19}$/.test(card.number) ||
        !/^\d{3,4}$/.test(card.cvv) ||
        !notExpired(card, now())
      ) {
        throw new GatewayError('invalid', 'E00013', 'The card is not valid or has expired.');
      }
      if (card.number === sandboxTestCards.decline) {
        throw new GatewayError('declined', '2', 'This transaction has been declined.');
      }
      if (card.number === sandboxTestCards.avs) {
        throw new GatewayError(
          'avs',
          '27',
          'The transaction has been declined because of an AVS mismatch.',
        );
      }
      const paymentProfileId = id('pp_');
      const info = {
        paymentProfileId,
        brand: brandOf(card.number),
        last4: card.number.slice(-4),
        expiration: expirationOf(card),
      };
      await deps.store.insert({
        id: paymentProfileId,
        kind: 'card',
        parentId: customerProfileId,
        data: { ...info, declineOnCharge: card.number === sandboxTestCards.declineOnCharge },
        invoiceNumber: null,
        amountCents: null,
        status: 'active',
      });
      return info;
    },

    async deleteCard(customerProfileId, paymentProfileId) {
      await liveCard(customerProfileId, paymentProfileId);
      await deps.store.setStatus(paymentProfileId, 'deleted');
    },

    async charge(request) {
      const card = await liveCard(request.customerProfileId, request.paymentProfileId);
      if (await deps.store.byInvoice(request.invoiceNumber)) {
        throw new GatewayError('duplicate', '11', 'A duplicate transaction has been submitted.');
      }
      if (card.data.declineOnCharge === true) {
        throw new GatewayError('declined', '2', 'This transaction has been declined.');
      }
      const transactionId = id('tx_');
      await deps.store.insert({
        id: transactionId,
        kind: 'transaction',
        parentId: request.paymentProfileId,
        data: { description: request.description },
        invoiceNumber: request.invoiceNumber,
        amountCents: request.amountCents,
        status: 'approved',
      });
      return { transactionId };
    },

    async refund(input) {
      const original = await deps.store.get(input.transactionId);
      if (original?.kind !== 'transaction' || original.status !== 'approved') {
        throw new GatewayError('not-found', '16', 'The transaction cannot be found.');
      }
      if (input.amountCents > (original.amountCents ?? 0)) {
        throw new GatewayError(
          'invalid',
          '55',
          'The sum of credits against the transaction is greater than the original.',
        );
      }
      const transactionId = id('tx_');
      await deps.store.insert({
        id: transactionId,
        kind: 'transaction',
        parentId: input.transactionId,
        data: { refundOf: input.transactionId },
        invoiceNumber: input.invoiceNumber,
        amountCents: input.amountCents,
        status: 'refund',
      });
      await deps.store.setStatus(input.transactionId, 'refunded');
      return { transactionId };
    },

    async void(transactionId) {
      const original = await deps.store.get(transactionId);
      if (original?.kind !== 'transaction') {
        throw new GatewayError('not-found', '16', 'The transaction cannot be found.');
      }
      await deps.store.setStatus(transactionId, 'voided');
    },

    async findTransaction(transactionId) {
      const tx = await deps.store.get(transactionId);
      if (tx?.kind !== 'transaction') return undefined;
      const status =
        tx.status === 'refund' || tx.status === 'refunded'
          ? 'refunded'
          : tx.status === 'voided'
            ? 'voided'
            : tx.status === 'approved'
              ? 'approved'
              : undefined;
      if (!status) return undefined;
      return {
        transactionId,
        invoiceNumber: tx.invoiceNumber ?? '',
        amountCents: tx.amountCents ?? 0,
        status,
      };
    },

    async findByInvoice(invoiceNumber) {
      const tx = await deps.store.byInvoice(invoiceNumber);
      if (!tx || tx.status === 'refund') return undefined;
      const status =
        tx.status === 'refunded' ? 'refunded' : tx.status === 'voided' ? 'voided' : 'approved';
      return { transactionId: tx.id, invoiceNumber, amountCents: tx.amountCents ?? 0, status };
    },
  };
}
