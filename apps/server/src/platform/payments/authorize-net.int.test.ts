import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthorizeNetDouble,
  authorizeNetTestCards,
  startAuthorizeNetDouble,
} from '../../../test/authorize-net-double';
import {
  centsToDecimal,
  createAuthorizeNetGateway,
  decimalToCents,
  parseDirectResponse,
} from './authorize-net';
import { type CardInput, GatewayError, type PaymentGateway } from './gateway';
import { describeGatewayContract } from './gateway.contract';

describeGatewayContract('Authorize.Net adapter against its loopback double', async () => {
  const double = await startAuthorizeNetDouble();
  return {
    gateway: createAuthorizeNetGateway({
      apiLoginId: double.apiLoginId,
      transactionKey: double.transactionKey,
      endpoint: double.endpoint,
    }),
    cards: authorizeNetTestCards,
    close: () => double.close(),
  };
});

const card: CardInput = {
  number: authorizeNetTestCards.approve,
  cvv: '123',
  expMonth: 7,
  expYear: new Date().getFullYear() + 2,
  holderName: 'Grace Brewster Hopper',
  zip: '10001',
};

async function rejection(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

describe('Authorize.Net adapter: what is particular to Authorize.Net', () => {
  let double: AuthorizeNetDouble;
  let gateway: PaymentGateway;
  let customers = 0;
  const newCustomer = async () =>
    (
      await gateway.createCustomer({
        merchantCustomerId: `cust${++customers}`,
        email: `p${customers}@example.com`,
      })
    ).customerProfileId;

  beforeAll(async () => {
    double = await startAuthorizeNetDouble();
    gateway = createAuthorizeNetGateway({
      apiLoginId: double.apiLoginId,
      transactionKey: double.transactionKey,
      endpoint: double.endpoint,
    });
  });
  afterAll(() => double.close());

  it("sends the API's request names, key order and formats (YYYY-MM, liveMode, decimal amount)", async () => {
    const customerProfileId = await newCustomer();
    const stored = await gateway.addCard(customerProfileId, card);
    const addCard = double.requests.at(-1)!;
    expect(addCard.method).toBe('createCustomerPaymentProfileRequest');
    expect(addCard.body).toEqual({
      merchantAuthentication: { name: double.apiLoginId, transactionKey: double.transactionKey },
      customerProfileId,
      paymentProfile: {
        billTo: { firstName: 'Grace Brewster', lastName: 'Hopper', zip: '10001' },
        payment: {
          creditCard: {
            cardNumber: card.number,
            expirationDate: `${card.expYear}-07`,
            cardCode: '123',
          },
        },
      },
      validationMode: 'liveMode',
    });

    await gateway.charge({
      customerProfileId,
      paymentProfileId: stored.paymentProfileId,
      amountCents: 100_005,
      invoiceNumber: 'wire-1',
      description: 'Visit',
    });
    const charge = double.requests.at(-1)!;
    expect(charge.method).toBe('createTransactionRequest');
    // The JSON API validates against the XML schema, where element order matters.
    expect(charge.raw).toBe(
      JSON.stringify({
        createTransactionRequest: {
          merchantAuthentication: {
            name: double.apiLoginId,
            transactionKey: double.transactionKey,
          },
          transactionRequest: {
            transactionType: 'authCaptureTransaction',
            amount: '1000.05',
            profile: {
              customerProfileId,
              paymentProfile: { paymentProfileId: stored.paymentProfileId },
            },
            order: { invoiceNumber: 'wire-1', description: 'Visit' },
          },
        },
      }),
    );
  });

  it('reads answers that start with a UTF-8 byte-order mark', async () => {
    const raw = await fetch(double.endpoint, {
      method: 'POST',
      body: JSON.stringify({
        getUnsettledTransactionListRequest: {
          merchantAuthentication: {
            name: double.apiLoginId,
            transactionKey: double.transactionKey,
          },
        },
      }),
    });
    const bytes = new Uint8Array(await raw.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    // fetch's text() drops a leading BOM; a client that keeps it must not break the adapter.
    let sawBom = false;
    const keepingBom: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const body = new Uint8Array(await response.arrayBuffer());
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(body);
      sawBom ||= text.charCodeAt(0) === 0xfeff;
      const kept = new Response(body, { status: response.status, headers: response.headers });
      Object.defineProperty(kept, 'text', { value: async () => text });
      return kept;
    };
    const bomGateway = createAuthorizeNetGateway({
      apiLoginId: double.apiLoginId,
      transactionKey: double.transactionKey,
      endpoint: double.endpoint,
      fetch: keepingBom,
    });
    const { customerProfileId } = await bomGateway.createCustomer({
      merchantCustomerId: 'bom-1',
      email: 'bom@example.com',
    });
    expect(customerProfileId).toMatch(/^\d+$/);
    expect(sawBom).toBe(true);
  });

  it("answers wrong credentials (E00007) as 'error', the gateway's fault, not the user's", async () => {
    const wrong = createAuthorizeNetGateway({
      apiLoginId: double.apiLoginId,
      transactionKey: 'not-the-key',
      endpoint: double.endpoint,
    });
    const error = await rejection(
      wrong.createCustomer({ merchantCustomerId: 'x1', email: 'x1@example.com' }),
    );
    expect(error.kind).toBe('error');
    expect(error.gatewayCode).toBe('E00007');
  });

  it('reuses the existing customer profile when Authorize.Net reports a duplicate (E00039)', async () => {
    const first = await gateway.createCustomer({
      merchantCustomerId: 'dup-1',
      email: 'd@example.com',
    });
    const again = await gateway.createCustomer({
      merchantCustomerId: 'dup-1',
      email: 'd@example.com',
    });
    expect(again).toEqual(first);
  });

  it('answers a card the customer already holds (E00039) with that card: an add whose answer was lost', async () => {
    const customerProfileId = await newCustomer();
    const first = await gateway.addCard(customerProfileId, card);
    const again = await gateway.addCard(customerProfileId, card);
    expect(double.requests.at(-1)?.method).toBe('createCustomerPaymentProfileRequest');
    expect(again).toEqual(first);
    // Still the one card: a charge to it goes through.
    await gateway.charge({
      customerProfileId,
      paymentProfileId: again.paymentProfileId,
      amountCents: 4900,
      invoiceNumber: 'held-card-1',
      description: 'Visit',
    });
  });

  it("answers the same invoice and amount charged twice within two minutes as 'duplicate'", async () => {
    const customerProfileId = await newCustomer();
    const { paymentProfileId } = await gateway.addCard(customerProfileId, card);
    const request = {
      customerProfileId,
      paymentProfileId,
      amountCents: 3000,
      invoiceNumber: 'dup-inv-1',
      description: 'Visit',
    };
    const first = await gateway.charge(request);
    const error = await rejection(gateway.charge(request));
    expect(error).toMatchObject({ kind: 'duplicate', gatewayCode: '3-11' });
    // The gateway kept only the first charge, which reconciliation finds.
    expect(await gateway.findByInvoice('dup-inv-1')).toMatchObject({
      transactionId: first.transactionId,
      status: 'approved',
    });
    double.advanceClock(121_000);
    await expect(gateway.charge(request)).resolves.toMatchObject({
      transactionId: expect.any(String),
    });
  });

  it("answers a gateway that does not answer within the time limit as 'error'", async () => {
    const impatient = createAuthorizeNetGateway({
      apiLoginId: double.apiLoginId,
      transactionKey: double.transactionKey,
      endpoint: double.endpoint,
      timeoutMs: 200,
    });
    double.stall(2_000);
    const error = await rejection(impatient.findByInvoice('slow-1'));
    expect(error).toMatchObject({ kind: 'error', gatewayCode: 'timeout' });
  });

  it("answers a gateway that cannot be reached as 'error'", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createAuthorizeNetGateway({
      apiLoginId: double.apiLoginId,
      transactionKey: double.transactionKey,
      endpoint: `http://127.0.0.1:${port}/xml/v1/request.api`,
    });
    const error = await rejection(unreachable.addCard('1', card));
    expect(error).toMatchObject({ kind: 'error', gatewayCode: 'network' });
    expect(error.message).not.toContain(card.number);
  });

  it('refunds a settled charge with refundTransaction; the refund is found by its own invoice', async () => {
    const customerProfileId = await newCustomer();
    const { paymentProfileId } = await gateway.addCard(customerProfileId, card);
    const charge = await gateway.charge({
      customerProfileId,
      paymentProfileId,
      amountCents: 5000,
      invoiceNumber: 'settled-1',
      description: 'Visit',
    });
    double.settle();
    const refund = await gateway.refund({
      transactionId: charge.transactionId,
      amountCents: 2000,
      customerProfileId,
      paymentProfileId,
      invoiceNumber: 'refund-1',
    });
    expect(refund.transactionId).not.toBe(charge.transactionId);
    expect(double.requests.at(-1)?.body).toMatchObject({
      transactionRequest: {
        transactionType: 'refundTransaction',
        amount: '20.00',
        refTransId: charge.transactionId,
      },
    });
    expect(await gateway.findByInvoice('refund-1')).toEqual({
      transactionId: refund.transactionId,
      invoiceNumber: 'refund-1',
      amountCents: 2000,
      status: 'refunded',
    });
  });

  it('refunds an unsettled charge in full by voiding it, and refuses a partial one', async () => {
    const customerProfileId = await newCustomer();
    const { paymentProfileId } = await gateway.addCard(customerProfileId, card);
    const charge = await gateway.charge({
      customerProfileId,
      paymentProfileId,
      amountCents: 6000,
      invoiceNumber: 'unsettled-1',
      description: 'Visit',
    });
    const input = {
      transactionId: charge.transactionId,
      customerProfileId,
      paymentProfileId,
      invoiceNumber: 'refund-2',
    };
    const partial = await rejection(gateway.refund({ ...input, amountCents: 1000 }));
    expect(partial).toMatchObject({ kind: 'error', gatewayCode: '3-54' });
    await gateway.refund({ ...input, amountCents: 6000 });
    expect(double.requests.at(-1)?.body).toMatchObject({
      transactionRequest: { transactionType: 'voidTransaction', refTransId: charge.transactionId },
    });
    expect(await gateway.findByInvoice('unsettled-1')).toMatchObject({ status: 'voided' });
  });

  it("answers a void of an unknown transaction as 'not-found'", async () => {
    const error = await rejection(gateway.void('999999999'));
    expect(error).toMatchObject({ kind: 'not-found', gatewayCode: '3-16' });
  });
});

describe('Authorize.Net adapter: conversions', () => {
  it('writes cents as the decimal dollars the API takes', () => {
    expect(centsToDecimal(1)).toBe('0.01');
    expect(centsToDecimal(1999)).toBe('19.99');
    expect(centsToDecimal(100_000)).toBe('1000.00');
    expect(() => centsToDecimal(0)).toThrow(GatewayError);
    expect(() => centsToDecimal(12.5)).toThrow(GatewayError);
  });

  it('reads decimal dollars, as string or number, into whole cents without float error', () => {
    expect(decimalToCents('19.99')).toBe(1999);
    expect(decimalToCents(19.99)).toBe(1999);
    expect(decimalToCents(0.29)).toBe(29);
    expect(decimalToCents('2.00')).toBe(200);
    expect(decimalToCents(5)).toBe(500);
    expect(decimalToCents('1.005')).toBe(101);
    expect(decimalToCents('12.3')).toBe(1230);
    expect(decimalToCents('abc')).toBeUndefined();
    expect(decimalToCents(undefined)).toBeUndefined();
  });

  it('reads fields 1, 3, 4 and 6 of a direct response, whatever the delimiter and quoting', () => {
    expect(parseDirectResponse('2,1,27,AVS mismatch.,,N,0,,,0.00,CC')).toEqual({
      responseCode: '2',
      reasonCode: '27',
      reasonText: 'AVS mismatch.',
      avsCode: 'N',
    });
    expect(parseDirectResponse('"1"|"1"|"1"|"Approved."|"ABC123"|"Y"|"6001"')).toEqual({
      responseCode: '1',
      reasonCode: '1',
      reasonText: 'Approved.',
      avsCode: 'Y',
    });
    expect(parseDirectResponse('')).toBeUndefined();
  });
});
