import {
  type MoneySubscription,
  type MoneySubscriptionsFilters,
  moneyPlansPageSize,
  moneySubscriptionStatusOf,
} from '@apothecall/domain/backoffice/money-plans.api';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { backOfficeGate } from '../../platform/back-office';
import type { AccountsPort } from '../accounts/accounts.port';
import type { SubscriptionsMoneyRepo } from './subscriptions-money.repo';

export interface SubscriptionsMoneyService {
  list(
    actor: Actor,
    filters: MoneySubscriptionsFilters,
  ): Promise<{
    subscriptions: MoneySubscription[];
    page: number;
    pageSize: number;
    total: number;
  }>;
}

/**
 * The back office's money console, its subscriptions list: every subscription across
 * brands (the brand that sold it), newest first, 50 a page, filtered by brand and status (past
 * due: active with a declined renewal). Read-only. The caller's back-office access to 'money' is
 * checked on every call as the payments area's money console does (admin only; support's is
 * 'none'; refusals audited as denied), and every listed row is audited as a read of its holder's
 * record (the name is shown).
 */
export function createSubscriptionsMoneyService(deps: {
  repo: SubscriptionsMoneyRepo;
  accounts: Pick<AccountsPort, 'membership' | 'brandsAndNames'>;
  audit: AuditService;
}): SubscriptionsMoneyService {
  const gate = backOfficeGate({ membership: deps.accounts.membership, audit: deps.audit });
  const allow = (actor: Actor) => gate(actor, 'money', 'read');

  return {
    async list(actor, filters) {
      await allow(actor);
      const { rows, total } = await deps.repo.page(
        filters,
        (filters.page - 1) * moneyPlansPageSize,
        moneyPlansPageSize,
      );
      const holders = await deps.accounts.brandsAndNames([
        ...new Set(rows.map((r) => r.accountId)),
      ]);
      await Promise.all(
        rows.map((r) =>
          deps.audit.record(
            actor,
            'backoffice.money.subscriptions',
            { accountId: r.accountId },
            { subscriptionId: r.id },
          ),
        ),
      );
      return {
        subscriptions: rows.map((r) => {
          const status = moneySubscriptionStatusOf(r.status, r.failedRenewals);
          return {
            id: r.id,
            patientName: holders.get(r.accountId)?.name ?? '',
            accountId: r.accountId,
            brand: r.company,
            kind: r.kind === 'rx' ? 'rx' : 'visits',
            plan: r.kind === 'rx' ? r.serviceId : r.plan,
            period: r.period,
            months: r.months,
            price: r.billedCents,
            status,
            nextRenewal:
              (status === 'active' || status === 'pastDue') && r.renewAt
                ? (r.retryAt ?? r.renewAt).toISOString()
                : null,
            startedAt: r.startedAt.toISOString(),
          };
        }),
        page: filters.page,
        pageSize: moneyPlansPageSize,
        total,
      };
    },
  };
}
