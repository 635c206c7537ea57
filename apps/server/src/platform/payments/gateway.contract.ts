import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandOf, type CardInput, GatewayError, type PaymentGateway } from './gateway';

/**
 * What every PaymentGateway adapter must do, whatever is behind it. An adapter's test calls
 * `describeGatewayContract('name', setup)`; `setup` starts the adapter (and whatever it talks
 * to) and names three cards: one the gateway approves, one it declines, one that fails the
 * address (ZIP) check. Cards in the past are refused as invalid everywhere.
 *
 * Each test makes its own customer and invoice numbers, so the tests share nothing and can run
 * against a gateway that keeps state between runs.
 */
export interface GatewayContractSetup {
  gateway: PaymentGateway;
  cards: { approve: string; decline: string; avs: string };
  close(): Promise<void>;
}

/** A card code the tests can look for in error texts without matching ids by accident. */
const CVV = '987';

export function describeGatewayContract(
  name: string,
  setup: () => Promise<GatewayContractSetup>,
): void {
  describe(`${name}: the PaymentGateway contract`, () => {
    let ctx: GatewayContractSetup;
    const thrown: unknown[] = [];

    beforeAll(async () => {
      ctx = await setup();
    });
    afterAll(async () => {
      await ctx?.close();
    });

    const nextYear = new Date().getFullYear() + 1;
    const card = (number: string, changes: Partial<CardInput> = {}): CardInput => ({
      number,
      cvv: CVV,
      expMonth: 12,
      expYear: nextYear,
      holderName: 'Ada Lovelace',
      zip: '33101',
      ...changes,
    });
    const unique = (prefix: string) => `${prefix}${randomBytes(6).toString('hex')}`;
    const customer = async () =>
      (
        await ctx.gateway.createCustomer({
          merchantCustomerId: unique('c'),
          email: `${unique('p')}@example.com`,
        })
      ).customerProfileId;
    /** The GatewayError a call rejects with (failing the test if it resolves or throws else). */
    const failure = async (promise: Promise<unknown>): Promise<GatewayError> => {
      const error = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      thrown.push(error);
      expect(error).toBeInstanceOf(GatewayError);
      return error as GatewayError;
    };
    const withCard = async () => {
      const customerProfileId = await customer();
      const stored = await ctx.gateway.addCard(customerProfileId, card(ctx.cards.approve));
      return { customerProfileId, paymentProfileId: stored.paymentProfileId };
    };

    it('creates a customer profile and returns its id', async () => {
      const created = await ctx.gateway.createCustomer({
        merchantCustomerId: unique('c'),
        email: 'ada@example.com',
      });
      expect(created.customerProfileId).toMatch(/\S/);
    });

    it('stores an approving card, answering its brand, last four digits and MM/YY expiry only', async () => {
      const customerProfileId = await customer();
      const stored = await ctx.gateway.addCard(
        customerProfileId,
        card(ctx.cards.approve, { expMonth: 3, expYear: nextYear }),
      );
      expect(stored).toEqual({
        paymentProfileId: expect.stringMatching(/\S/),
        brand: brandOf(ctx.cards.approve),
        last4: ctx.cards.approve.slice(-4),
        expiration: `03/${String(nextYear % 100).padStart(2, '0')}`,
      });
      expect(JSON.stringify(stored)).not.toContain(ctx.cards.approve);
    });

    it("refuses a card the issuer declines, as 'declined'", async () => {
      const customerProfileId = await customer();
      const error = await failure(ctx.gateway.addCard(customerProfileId, card(ctx.cards.decline)));
      expect(error.kind).toBe('declined');
    });

    it("refuses a card whose billing ZIP does not match, as 'avs'", async () => {
      const customerProfileId = await customer();
      const error = await failure(ctx.gateway.addCard(customerProfileId, card(ctx.cards.avs)));
      expect(error.kind).toBe('avs');
    });

    it("refuses an expired card, as 'invalid'", async () => {
      const customerProfileId = await customer();
      const lastYear = new Date().getFullYear() - 1;
      const error = await failure(
        ctx.gateway.addCard(customerProfileId, card(ctx.cards.approve, { expYear: lastYear })),
      );
      expect(error.kind).toBe('invalid');
    });

    it("deletes a stored card; deleting it again answers 'not-found'", async () => {
      const { customerProfileId, paymentProfileId } = await withCard();
      await ctx.gateway.deleteCard(customerProfileId, paymentProfileId);
      const error = await failure(ctx.gateway.deleteCard(customerProfileId, paymentProfileId));
      expect(error.kind).toBe('not-found');
    });

    it('charges a stored card, and findByInvoice finds the charge with its amount in cents', async () => {
      const { customerProfileId, paymentProfileId } = await withCard();
      const invoiceNumber = unique('i');
      // 19.99 is not exact in binary floating point: a truncating conversion answers 1998.
      const { transactionId } = await ctx.gateway.charge({
        customerProfileId,
        paymentProfileId,
        amountCents: 1999,
        invoiceNumber,
        description: 'Visit with Dr. Rivera',
      });
      expect(transactionId).toMatch(/\S/);
      expect(await ctx.gateway.findByInvoice(invoiceNumber)).toEqual({
        transactionId,
        invoiceNumber,
        amountCents: 1999,
        status: 'approved',
      });
    });

    it("refuses to charge a deleted card, as 'not-found', and records no charge", async () => {
      const { customerProfileId, paymentProfileId } = await withCard();
      await ctx.gateway.deleteCard(customerProfileId, paymentProfileId);
      const invoiceNumber = unique('i');
      const error = await failure(
        ctx.gateway.charge({
          customerProfileId,
          paymentProfileId,
          amountCents: 2500,
          invoiceNumber,
          description: 'Visit',
        }),
      );
      expect(error.kind).toBe('not-found');
      expect(await ctx.gateway.findByInvoice(invoiceNumber)).toBeUndefined();
    });

    it('refunds a charge in full; the charge then no longer counts as approved', async () => {
      const { customerProfileId, paymentProfileId } = await withCard();
      const invoiceNumber = unique('i');
      const { transactionId } = await ctx.gateway.charge({
        customerProfileId,
        paymentProfileId,
        amountCents: 4200,
        invoiceNumber,
        description: 'Visit',
      });
      const refund = await ctx.gateway.refund({
        transactionId,
        amountCents: 4200,
        customerProfileId,
        paymentProfileId,
        invoiceNumber: unique('r'),
      });
      expect(refund.transactionId).toMatch(/\S/);
      const after = await ctx.gateway.findByInvoice(invoiceNumber);
      expect(['refunded', 'voided']).toContain(after?.status);
    });

    it('voids a charge; findByInvoice then reports it voided', async () => {
      const { customerProfileId, paymentProfileId } = await withCard();
      const invoiceNumber = unique('i');
      const { transactionId } = await ctx.gateway.charge({
        customerProfileId,
        paymentProfileId,
        amountCents: 1500,
        invoiceNumber,
        description: 'Visit',
      });
      await ctx.gateway.void(transactionId);
      expect(await ctx.gateway.findByInvoice(invoiceNumber)).toMatchObject({
        transactionId,
        invoiceNumber,
        status: 'voided',
      });
    });

    it('findTransaction finds a charge by its id, and a refund of it as refunded (issue 35)', async () => {
      const { customerProfileId, paymentProfileId } = await withCard();
      const invoiceNumber = unique('t');
      const { transactionId } = await ctx.gateway.charge({
        customerProfileId,
        paymentProfileId,
        amountCents: 2500,
        invoiceNumber,
        description: 'Visit',
      });
      expect(await ctx.gateway.findTransaction(transactionId)).toEqual({
        transactionId,
        invoiceNumber,
        amountCents: 2500,
        status: 'approved',
      });
      expect(await ctx.gateway.findTransaction('999999999')).toBeUndefined();
    });

    it('answers undefined for an invoice number it never charged', async () => {
      expect(await ctx.gateway.findByInvoice(unique('n'))).toBeUndefined();
    });

    it('never puts the card number or the card code in what it throws', async () => {
      // Failures of this run's earlier tests, and one more of each card kind here.
      const customerProfileId = await customer();
      const lastYear = new Date().getFullYear() - 1;
      for (const input of [
        card(ctx.cards.decline),
        card(ctx.cards.avs),
        card(ctx.cards.approve, { expYear: lastYear }),
      ]) {
        await failure(ctx.gateway.addCard(customerProfileId, input));
      }
      expect(thrown.length).toBeGreaterThanOrEqual(3);
      const numbers = [ctx.cards.approve, ctx.cards.decline, ctx.cards.avs];
      const cvv = new RegExp(`(?<!\\d)${CVV}(?!\\d)`);
      for (const error of thrown) {
        const e = error as GatewayError;
        const texts = [e.message, e.gatewayCode, String(e), JSON.stringify(e)];
        for (const text of [...texts, e.stack ?? '']) {
          for (const number of numbers) expect(text).not.toContain(number);
        }
        // (Not the stack for the code: its line numbers may contain any three digits.)
        for (const text of texts) expect(text).not.toMatch(cvv);
      }
    });
  });
}
