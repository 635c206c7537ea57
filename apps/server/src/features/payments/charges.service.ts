import type { TransactionEntry } from '@apothecall/domain/payments/payments.api';
import type { RequestOrigin } from '../../platform/actor';
import { AppError, appErrors } from '../../platform/errors';
import { GatewayError } from '../../platform/payments/gateway';
import { cardError } from './cards.service';
import type { ChargesDeps, ChargesService } from './charges.types';
import { newInvoiceNumber, refundRowOf, toEntry } from './charges-rows';
import type { LedgerRecord } from './ledger.repo';

export type { ChargesDeps, ChargesService } from './charges.types';
export { refundRowOf, toEntry } from './charges-rows';

const waitMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The money core (spec sections 4, 7, 9): every charge and refund is a ledger row,
 * written as pending before the gateway is called and settled after. The idempotency key makes
 * retries and concurrent duplicates one charge with one answer; a different amount under the
 * same key is refused. Credit is reserved with the pending row and given back if the charge
 * fails. A crash between the gateway's approval and our commit leaves a pending row that
 * `reconcile` settles from the gateway's own record (by invoice number): never charged twice,
 * never lost.
 */
export function createChargesService(deps: ChargesDeps): ChargesService {
  const now = deps.now ?? (() => new Date());
  const abandonedAfterMs = deps.abandonedAfterMs ?? 60_000;

  /**
   * Takes a charge's card part through the gateway and settles its entry: a declined card is
   * failed, marked invalid and audited; a gateway that may or may not have charged is asked.
   */
  async function chargeCard(
    accountId: string,
    entry: LedgerRecord,
    profile: Awaited<ReturnType<typeof deps.cards.findProfile>>,
    description: string,
    origin: RequestOrigin,
  ): Promise<void> {
    const customer = await deps.cards.customerOf(accountId, deps.gateway.name);
    if (!profile || !customer) {
      await failEntry(entry, 'no-card');
      throw new AppError(400, 'CARD_INVALID', 'validation.card.paymentFormRequired');
    }
    try {
      const result = await deps.gateway.charge({
        customerProfileId: customer,
        paymentProfileId: profile.paymentProfileId,
        amountCents: entry.cardCents,
        invoiceNumber: entry.invoiceNumber,
        description: description.slice(0, 255),
      });
      deps.crashAfterGateway?.();
      const settled = await deps.ledger.settle(
        entry.id,
        'succeeded',
        { gatewayTransactionId: result.transactionId },
        now(),
      );
      if (!settled) {
        // Something settled the entry as failed meanwhile: take the charge back, say so.
        await deps.gateway.void(result.transactionId).catch(() => undefined);
        throw new AppError(503, 'PAYMENT_UNAVAILABLE', 'errors.unavailable');
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof GatewayError && error.kind !== 'error') {
        await failEntry(entry, error.kind);
        if (error.kind !== 'duplicate') await deps.cards.markProfileInvalid(profile.id);
        await deps.audit.failed(
          { ...origin, accountId: accountId },
          'payment.charge',
          { accountId: accountId },
          { ledgerId: entry.id, reason: error.kind },
        );
        throw cardError(error);
      }
      // The gateway may or may not have charged: ask it before answering. Its record holding no
      // charge ends the attempt (failed, not charged): the answer says so, and a new attempt
      // (a new key) may try again. Unanswered, the entry stays pending and the key open.
      const settled = await settleFromGateway(entry).catch(() => 'pending' as const);
      if (settled === 'failed') throw failureOf('not-charged');
      if (settled !== 'succeeded')
        throw new AppError(503, 'PAYMENT_UNAVAILABLE', 'errors.unavailable');
    }
  }

  async function staleToken(accountId: string): Promise<never> {
    const fallback = await deps.pricing.defaultPrice(accountId);
    throw new AppError(400, 'PRICE_TOKEN_STALE', 'payments.priceChanged', undefined, {
      defaultPrice: fallback.price,
      defaultPriceToken: fallback.priceToken,
    });
  }

  async function failEntry(entry: LedgerRecord, errorCode: string) {
    if (!(await deps.ledger.settle(entry.id, 'failed', { errorCode }, now()))) return;
    if (entry.creditCents > 0) {
      await deps.ledger.addCredit(entry.accountId, entry.creditCents, 'charge-reversal', entry.id);
    }
    await deps.coupons.releaseCoupon(entry.id);
  }

  /** Waits for a concurrent request with the same key to settle, then answers as it did. */
  async function answerFor(existing: LedgerRecord, fingerprint: string): Promise<TransactionEntry> {
    if (existing.fingerprint !== fingerprint) {
      throw new AppError(409, 'IDEMPOTENCY_MISMATCH', 'payments.idempotencyMismatch');
    }
    let row: LedgerRecord | undefined = existing;
    for (let i = 0; row?.state === 'pending' && i < 300; i++) {
      if (now().getTime() - row.createdAt.getTime() > abandonedAfterMs) {
        // Left pending by a process that stopped: settle it from the gateway's record now.
        await settleAbandoned(row).catch(() => undefined);
      } else {
        await waitMs(50);
      }
      row = await deps.ledger.findByKey(existing.accountId, existing.idempotencyKey);
    }
    if (!row || row.state === 'pending')
      throw new AppError(409, 'IN_PROGRESS', 'payments.inProgress');
    if (row.state === 'failed') throw failureOf(row.errorCode);
    return toEntry(row);
  }

  function failureOf(code: string | null): AppError {
    if (code === 'declined') return new AppError(400, 'CARD_DECLINED', 'payments.declined');
    if (code === 'avs')
      return new AppError(400, 'CARD_AVS_MISMATCH', 'payments.declinedAvsMismatch');
    if (code === 'invalid' || code === 'not-found' || code === 'no-card') {
      return new AppError(400, 'CARD_INVALID', 'validation.card.invalid');
    }
    // Verified at the gateway: nothing was charged. A 4xx, so that the client's next try is a new
    // attempt with a new key (a 5xx keeps the key, and this key's answer never changes).
    if (code === 'not-charged')
      return new AppError(409, 'PAYMENT_NOT_CHARGED', 'payments.notCharged');
    return new AppError(503, 'PAYMENT_UNAVAILABLE', 'errors.unavailable');
  }

  async function settleFromGateway(entry: LedgerRecord): Promise<'succeeded' | 'failed'> {
    const found = await deps.gateway.findByInvoice(entry.invoiceNumber);
    if (found && found.status === 'approved') {
      await deps.ledger.settle(
        entry.id,
        'succeeded',
        { gatewayTransactionId: found.transactionId },
        now(),
      );
      return 'succeeded';
    }
    await failEntry(entry, 'not-charged');
    return 'failed';
  }

  /**
   * A refund left pending by a process that stopped: the refund was promised, so it is finished.
   * The charge's own record at the gateway says whether the refund went through (refunded or
   * voided) or not (still approved: refund it now). Then the refund's credit part goes back
   * (once per refund row, so a second settlement adds nothing) and the row settles.
   */
  async function settleRefund(entry: LedgerRecord): Promise<'succeeded' | 'failed'> {
    const charge = entry.relatedId
      ? await deps.ledger.findEntry(entry.accountId, entry.relatedId)
      : undefined;
    if (charge?.kind !== 'charge' || charge.state !== 'succeeded') {
      await deps.ledger.settle(entry.id, 'failed', { errorCode: 'not-found' }, now());
      return 'failed';
    }
    let gatewayTransactionId: string | undefined;
    if (charge.cardCents > 0 && charge.gatewayTransactionId) {
      const found = await deps.gateway.findByInvoice(charge.invoiceNumber);
      if (!found || found.status === 'approved') {
        try {
          gatewayTransactionId = (await refundAtGateway(charge, entry)).transactionId;
        } catch (error) {
          // Refused for good (not merely unanswered): the refund failed; an operator sees it.
          if (error instanceof GatewayError && error.kind !== 'error') {
            await deps.ledger.settle(entry.id, 'failed', { errorCode: error.kind }, now());
            return 'failed';
          }
          throw error;
        }
      }
    }
    await finishRefund(charge, entry, gatewayTransactionId);
    return 'succeeded';
  }

  function settleAbandoned(entry: LedgerRecord): Promise<'succeeded' | 'failed'> {
    return entry.kind === 'refund' ? settleRefund(entry) : settleFromGateway(entry);
  }

  async function refundAtGateway(charge: LedgerRecord, entry: LedgerRecord) {
    const customer = (await deps.cards.customerOf(charge.accountId, deps.gateway.name)) ?? '';
    return deps.gateway.refund({
      transactionId: charge.gatewayTransactionId ?? '',
      amountCents: charge.cardCents,
      customerProfileId: customer,
      // The card the charge was made with: Authorize.Net refunds a settled charge to its profile.
      paymentProfileId: charge.paymentProfileId
        ? ((await deps.cards.gatewayProfileId(charge.paymentProfileId)) ?? '')
        : '',
      invoiceNumber: entry.invoiceNumber,
    });
  }

  /** Credit back first, then the row settles: a stop between the two is settled again later. */
  async function finishRefund(
    charge: LedgerRecord,
    entry: LedgerRecord,
    gatewayTransactionId: string | undefined,
  ) {
    if (charge.creditCents > 0)
      await deps.ledger.addCredit(charge.accountId, charge.creditCents, 'refund', entry.id);
    await deps.ledger.settle(
      entry.id,
      'succeeded',
      gatewayTransactionId ? { gatewayTransactionId } : {},
      now(),
    );
  }

  const service: ChargesService = {
    async charge(accountId, input, origin, item) {
      const claim = await deps.pricing.verify(accountId, input.priceToken);
      if (!claim) return staleToken(accountId);
      // An item's quote pays that item only, and a visit fee's token pays no item.
      const forItem = claim.source === 'item' ? claim.code : undefined;
      if (forItem !== item) {
        throw new AppError(400, 'PRICE_TOKEN_STALE', 'payments.priceChanged');
      }
      const amount = claim.price;
      const fingerprint = `${amount}:${input.paymentProfileId ?? 'none'}`;
      const existing = await deps.ledger.findByKey(accountId, input.idempotencyKey);
      if (existing) return answerFor(existing, fingerprint);

      const profile = input.paymentProfileId
        ? await deps.cards.findProfile(accountId, input.paymentProfileId)
        : undefined;
      const opened = await deps.ledger.openCharge(
        {
          accountId,
          kind: 'charge',
          idempotencyKey: input.idempotencyKey,
          fingerprint,
          invoiceNumber: newInvoiceNumber(),
          amountCents: amount,
          paymentProfileId: profile?.id ?? null,
          cardBrand: profile?.brand ?? null,
          cardLast4: profile?.last4 ?? null,
          cardHolder: profile?.holderName ?? null,
          relatedId: null,
          description: input.description,
        },
        claim.source === 'coupon' ? claim.code : null,
      );
      if (opened.kind === 'exists') {
        const winner = await deps.ledger.findByKey(accountId, input.idempotencyKey);
        if (!winner) throw new AppError(409, 'IN_PROGRESS', 'payments.inProgress');
        return answerFor(winner, fingerprint);
      }
      // A coupon price pays once: this charge uses the account's redemption of the coupon.
      if (opened.kind === 'coupon-unavailable') return staleToken(accountId);
      const entry = opened.entry;
      const { creditCents, cardCents } = entry;

      if (cardCents > 0) {
        await chargeCard(accountId, entry, profile, input.description, origin);
      } else {
        await deps.ledger.settle(entry.id, 'succeeded', {}, now());
      }
      await deps.audit.record(
        { ...origin, accountId: accountId },
        'payment.charge',
        { accountId: accountId },
        { ledgerId: entry.id, amountCents: amount, creditCents },
      );
      const settledRow = await deps.ledger.findEntry(accountId, entry.id);
      if (!settledRow) throw appErrors.notFound();
      return toEntry(settledRow);
    },

    async refund(accountId, chargeId, idempotencyKey, origin) {
      return (await service.refundOnce(accountId, chargeId, idempotencyKey, origin)).entry;
    },

    async refundOnce(accountId, chargeId, idempotencyKey, origin) {
      const charge = await deps.ledger.findEntry(accountId, chargeId);
      if (charge?.kind !== 'charge' || charge.state !== 'succeeded') throw appErrors.notFound();
      const fingerprint = `refund:${charge.id}`;
      const existing = await deps.ledger.findByKey(accountId, idempotencyKey);
      if (existing) return { entry: await answerFor(existing, fingerprint), created: false };
      // A charge is refunded once, whatever key the caller uses.
      // A refund still in flight (this key's first request got in between the two reads above, or
      // another key's) is waited for like a replay: the answer is what the gateway did, never a
      // 'pending' row the caller would show as done.
      const earlier = await deps.ledger.refundOf(charge.id);
      if (earlier) {
        const entry =
          earlier.state === 'pending' ? await answerFor(earlier, fingerprint) : toEntry(earlier);
        return { entry, created: false };
      }
      const entry = await deps.ledger.insertPending(
        refundRowOf(charge, idempotencyKey, newInvoiceNumber()),
      );
      if (!entry)
        return {
          entry: await answerFor(
            (await deps.ledger.findByKey(accountId, idempotencyKey))!,
            fingerprint,
          ),
          created: false,
        };
      try {
        const gatewayTransactionId =
          charge.cardCents > 0 && charge.gatewayTransactionId
            ? (await refundAtGateway(charge, entry)).transactionId
            : undefined;
        await finishRefund(charge, entry, gatewayTransactionId);
      } catch (error) {
        // Refused: the refund failed (another key may try again). No answer: it may have gone
        // through, so the row stays pending and reconciliation finishes it from the gateway.
        if (error instanceof GatewayError && error.kind !== 'error')
          await deps.ledger.settle(entry.id, 'failed', { errorCode: error.kind }, now());
        throw cardError(error);
      }
      await deps.audit.record(
        { ...origin, accountId: accountId },
        'payment.refund',
        { accountId: accountId },
        { ledgerId: entry.id, chargeId: charge.id },
      );
      return { entry: toEntry((await deps.ledger.findEntry(accountId, entry.id))!), created: true };
    },

    async referred(accountId) {
      // Three small reads instead of a join across three areas' tables: this owner's codes
      // (brands), who registered with them (accounts), their charges (here).
      const codes = await deps.referrals.codesOwnedBy(accountId);
      const referred = await deps.referrals.referredWith(codes);
      const codeOf = new Map(referred.map((r) => [r.accountId, r.code]));
      const charges = await deps.ledger.succeededChargesOf([...codeOf.keys()]);
      return charges.map((r) => ({
        id: r.id,
        date: r.createdAt.toISOString(),
        code: codeOf.get(r.accountId) ?? '',
        amount: r.amountCents,
      }));
    },

    async creditBalance(accountId) {
      return Math.max(0, await deps.ledger.creditBalance(accountId));
    },

    async list(accountId) {
      return (await deps.ledger.listEntries(accountId)).map(toEntry);
    },

    async entry(accountId, id) {
      const row = /^[0-9a-f-]{36}$/.test(id)
        ? await deps.ledger.findEntry(accountId, id)
        : undefined;
      if (row?.state !== 'succeeded') throw appErrors.notFound();
      return toEntry(row);
    },

    async reconcile(olderThanMs = abandonedAfterMs) {
      const pending = await deps.ledger.pendingBefore(new Date(now().getTime() - olderThanMs));
      let succeeded = 0;
      let failed = 0;
      for (const entry of pending) {
        try {
          const creditOnly = entry.kind === 'charge' && entry.cardCents === 0;
          const outcome = creditOnly ? 'succeeded' : await settleAbandoned(entry);
          if (creditOnly) await deps.ledger.settle(entry.id, 'succeeded', {}, now());
          if (outcome === 'succeeded') succeeded++;
          else failed++;
        } catch {
          // The gateway did not answer: the entry stays pending for the next round.
        }
      }
      return { succeeded, failed };
    },
  };
  return service;
}
