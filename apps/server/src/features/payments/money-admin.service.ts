import type { BackOfficeAccess } from '@apothecall/domain/backoffice/backoffice.rules';
import {
  type MoneyFilters,
  type MoneyTransaction,
  moneyPageSize,
  moneyReferenceOf,
  type ReconciliationDifference,
} from '@apothecall/domain/backoffice/money.api';
import { reconcileEntry } from '@apothecall/domain/backoffice/money.rules';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { backOfficeGate } from '../../platform/back-office';
import { AppError, appErrors } from '../../platform/errors';
import type { GatewayTransaction, PaymentGateway } from '../../platform/payments/gateway';
import type { AccountsPort } from '../accounts/accounts.port';
import type { ChargesService } from './charges.service';
import type { LedgerRecord, LedgerRepo } from './ledger.repo';
import type { MoneyAdminRepo } from './money-admin.repo';

export interface MoneyAdminService {
  transactions(
    actor: Actor,
    filters: MoneyFilters,
  ): Promise<{ transactions: MoneyTransaction[]; page: number; pageSize: number; total: number }>;
  refund(
    actor: Actor,
    id: string,
    input: { reason: string; idempotencyKey: string },
  ): Promise<MoneyTransaction>;
  reconcile(
    actor: Actor,
    day: string,
  ): Promise<{
    day: string;
    checked: number;
    matched: number;
    differences: ReconciliationDifference[];
  }>;
}

/** Gateway look-ups a reconciliation makes at once. */
const lookupsAtOnce = 5;

/** The ledger key of a back-office refund: the caller's key, in a space of its own. */
export const backOfficeRefundKey = (key: string) => `backoffice-refund:${key}`;

/**
 * The back office's money area: every ledger entry across brands, and the full refund
 * of a succeeded charge through the payments area's one refund path (the same row, gateway call,
 * credit return and reconciliation as every other refund), with a reason, audited once. Every
 * call checks the caller's back-office access to 'money' (read; write for a refund): support's
 * is 'none', so only admin passes.
 */
export function createMoneyAdminService(deps: {
  repo: MoneyAdminRepo;
  ledger: Pick<LedgerRepo, 'refundOf'>;
  charges: Pick<ChargesService, 'refundOnce'>;
  accounts: Pick<AccountsPort, 'membership' | 'brandsAndNames' | 'accountIdsOfBrand'>;
  gateway: Pick<PaymentGateway, 'findTransaction' | 'findByInvoice'>;
  audit: AuditService;
}): MoneyAdminService {
  const gate = backOfficeGate({ membership: deps.accounts.membership, audit: deps.audit });
  const allow = (actor: Actor, need: Exclude<BackOfficeAccess, 'none'>) =>
    gate(actor, 'money', need);

  async function present(rows: LedgerRecord[]): Promise<MoneyTransaction[]> {
    const holders = await deps.accounts.brandsAndNames(rows.map((r) => r.accountId));
    const refunded = await deps.repo.refundedAmong(
      rows.filter((r) => r.kind === 'charge').map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      reference: moneyReferenceOf(r.id),
      date: r.createdAt.toISOString(),
      brand: holders.get(r.accountId)?.brandId ?? '',
      accountName: holders.get(r.accountId)?.name ?? '',
      accountId: r.accountId,
      kind: r.kind,
      status: r.state,
      amount: r.amountCents,
      card: { brand: r.cardBrand, last4: r.cardLast4 },
      invoiceNumber: r.invoiceNumber,
      relatedId: r.relatedId,
      refunded: refunded.has(r.id),
    }));
  }

  const refused = (key: Parameters<typeof appErrorKey>[0]) =>
    new AppError(409, 'MONEY_REFUND_REFUSED', appErrorKey(key));

  return {
    async transactions(actor, filters) {
      await allow(actor, 'read');
      const { brand, page, ...rest } = filters;
      const accountIds = brand ? await deps.accounts.accountIdsOfBrand(brand) : undefined;
      const found = await deps.repo.page(
        rest,
        accountIds,
        (page - 1) * moneyPageSize,
        moneyPageSize,
      );
      return {
        transactions: await present(found.rows),
        page,
        pageSize: moneyPageSize,
        total: found.total,
      };
    },

    async refund(actor, id, input) {
      await allow(actor, 'write');
      const charge = z.uuid().safeParse(id).success ? await deps.repo.byId(id) : undefined;
      if (!charge) throw appErrors.notFound();
      if (charge.kind === 'refund') throw refused('ofRefund');
      if (charge.state !== 'succeeded') throw refused('notSucceeded');
      const key = backOfficeRefundKey(input.idempotencyKey);
      // The key names one refund: of any account's entry but this charge's refund, refused.
      const sameKey = await deps.repo.byKey(key);
      if (sameKey.some((e) => e.kind !== 'refund' || e.relatedId !== charge.id)) {
        throw refused('keyUsed');
      }
      // A charge is refunded once: another key's refund (here or elsewhere) refuses this one.
      const earlier = await deps.ledger.refundOf(charge.id);
      if (earlier && earlier.idempotencyKey !== key) throw refused('alreadyRefunded');
      const { entry, created } = await deps.charges.refundOnce(
        charge.accountId,
        charge.id,
        key,
        actor,
      );
      if (created) {
        await deps.audit.record(
          actor,
          'backoffice.money.refund',
          { accountId: charge.accountId },
          {
            chargeId: charge.id,
            refundId: entry.id,
            amountCents: charge.amountCents,
            reason: input.reason,
          },
        );
      }
      const row = await deps.repo.byId(entry.id);
      if (!row) throw appErrors.notFound();
      const [shown] = await present([row]);
      return shown!;
    },

    async reconcile(actor, day) {
      await allow(actor, 'read');
      const from = new Date(`${day}T00:00:00.000Z`);
      const entries = (await deps.repo.ofDay(from, new Date(from.getTime() + 86_400_000))).filter(
        (e) => e.cardCents > 0,
      );
      // No way to list a day's transactions through the gateway adapter: each entry is looked
      // up by its gateway transaction id (or, never answered, by its invoice number).
      const lookup = (e: LedgerRecord): Promise<GatewayTransaction | undefined> =>
        e.gatewayTransactionId
          ? deps.gateway.findTransaction(e.gatewayTransactionId)
          : deps.gateway.findByInvoice(e.invoiceNumber);
      const differences: ReconciliationDifference[] = [];
      try {
        for (let i = 0; i < entries.length; i += lookupsAtOnce) {
          const batch = entries.slice(i, i + lookupsAtOnce);
          const found = await Promise.all(batch.map(lookup));
          batch.forEach((e, n) => {
            const difference = reconcileEntry(e, found[n]);
            if (difference) differences.push(difference);
          });
        }
      } catch {
        throw new AppError(503, 'PAYMENT_UNAVAILABLE', 'errors.unavailable');
      }
      await deps.audit.record(actor, 'backoffice.money.reconcile', null, {
        day,
        checked: entries.length,
        differences: differences.length,
      });
      return {
        day,
        checked: entries.length,
        matched: entries.length - differences.length,
        differences,
      };
    },
  };
}

function appErrorKey(which: 'ofRefund' | 'notSucceeded' | 'alreadyRefunded' | 'keyUsed') {
  return `backoffice.money.refund.${which}` as const;
}
