import { isRxSubscriptionAdminFor } from '@apothecall/domain/accounts/roles.rules';
import { renewingSoonDays } from '@apothecall/domain/home/home-counts.rules';
import {
  type RevenueMonth,
  type RxAdminResponse,
  rxAdminSubscribersPageSize,
  type SubscriberView,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import { monthOf } from '@apothecall/domain/subscriptions/subscriptions.rules';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PaymentsPort } from '../payments/payments.port';
import type {
  SubscriptionChargeRecord,
  SubscriptionRecord,
  SubscriptionsRepo,
} from './subscriptions.repo';
import type { createSubscriptionsService } from './subscriptions.service';

export interface SubscriptionsAdminService {
  /** The rx administrator's Home counts: counts only, nobody named. */
  counts(actor: Actor): Promise<{ renewalDeclined: number; renewingSoon: number }>;
  overview(actor: Actor): Promise<Omit<RxAdminResponse, 'error'>>;
  /** One page of the subscribers, newest first, by name and status. */
  search(
    actor: Actor,
    input: { query: string; status?: string | undefined; page: number },
  ): Promise<{ subscribers: SubscriberView[]; page: number; pageSize: number; total: number }>;
  cancel(
    actor: Actor,
    id: string,
    input: { refund: boolean; reason: string },
  ): Promise<SubscriberView>;
}

/** The charge a refund would give back: the one that paid the current period, if not refunded. */
function refundable(
  sub: SubscriptionRecord,
  charges: readonly SubscriptionChargeRecord[],
): SubscriptionChargeRecord | undefined {
  if (sub.refunded) return undefined;
  return charges
    .filter((c) => c.subscriptionId === sub.id && c.kind !== 'refund' && c.cycle === sub.cycle)
    .at(-1);
}

/** Charged, refunded and net per calendar month (UTC), oldest first, the last 12 with movement. */
export function revenueByMonth(charges: readonly SubscriptionChargeRecord[]): RevenueMonth[] {
  const months = new Map<string, RevenueMonth>();
  for (const c of charges) {
    const month = monthOf(c.createdAt.getTime());
    const row = months.get(month) ?? { month, chargedCents: 0, refundedCents: 0, netCents: 0 };
    if (c.kind === 'refund') row.refundedCents += c.amountCents;
    else row.chargedCents += c.amountCents;
    row.netCents = row.chargedCents - row.refundedCents;
    months.set(month, row);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month)).slice(-12);
}

/**
 * The rx-subscription administrator (spec guard step 3): the holder of
 * `rxSubscriptionAdmin:{company}`, where the company is the one their credentials come from,
 * sees that company's subscribers, cancels (no more renewals) or cancels and refunds (the charge
 * that paid the current period goes back, and the subscription ends now), and the revenue by
 * month. Anyone else gets 403 'Unauthorized.'; another company's subscription is 404.
 */
export function createSubscriptionsAdminService(deps: {
  repo: SubscriptionsRepo;
  accounts: Pick<AccountsPort, 'membership' | 'displayName'>;
  payments: Pick<PaymentsPort, 'refund'>;
  subscriptions: Pick<ReturnType<typeof createSubscriptionsService>, 'catalogOf'>;
  audit: AuditService;
  now?: () => Date;
}): SubscriptionsAdminService {
  const now = deps.now ?? (() => new Date());

  async function companyOf(actor: Actor): Promise<string> {
    const member = await deps.accounts.membership(actor.accountId);
    if (
      !member ||
      member.disabled ||
      !isRxSubscriptionAdminFor(member.permissions, member.organizationId)
    ) {
      await deps.audit.denied(actor, 'subscription.admin', null, {});
      throw new AppError(403, 'RX_ADMIN_ONLY', 'navigation.unauthorized');
    }
    return member.organizationId ?? '';
  }

  async function subscriberView(
    sub: SubscriptionRecord,
    charges: readonly SubscriptionChargeRecord[],
    lang: Actor['lang'],
  ): Promise<SubscriberView> {
    let serviceName: string | null = null;
    if (sub.kind === 'rx' && sub.serviceId) {
      const { catalog } = await deps.subscriptions.catalogOf(sub.company);
      serviceName =
        catalog.rxServices.find((s) => s.id === sub.serviceId)?.name[lang] ?? sub.serviceId;
    }
    const last = refundable(sub, charges);
    return {
      id: sub.id,
      kind: sub.kind as SubscriberView['kind'],
      plan: (sub.plan as SubscriberView['plan']) ?? null,
      serviceName,
      memberName: (await deps.accounts.displayName(sub.accountId)) ?? '',
      status: sub.status as SubscriberView['status'],
      renewDate: sub.renewAt?.toISOString() ?? null,
      startedAt: sub.startedAt.toISOString(),
      months: sub.months,
      billedCents: sub.billedCents,
      lastCharge: last ? { amount: last.amountCents, date: last.createdAt.toISOString() } : null,
      refunded: sub.refunded,
    };
  }

  return {
    async counts(actor) {
      const company = await companyOf(actor);
      return deps.repo.companyCounts(
        company,
        new Date(now().getTime() + renewingSoonDays * 24 * 60 * 60_000),
      );
    },

    async search(actor, input) {
      const company = await companyOf(actor);
      let subs = await deps.repo.allOfCompany(company, input.status);
      const words = input.query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
      if (words.length > 0) {
        const names = await Promise.all(
          subs.map(async (s) =>
            ((await deps.accounts.displayName(s.accountId)) ?? '').toLocaleLowerCase(),
          ),
        );
        subs = subs.filter((_, i) => words.every((w) => names[i]?.includes(w)));
      }
      const start = (input.page - 1) * rxAdminSubscribersPageSize;
      const page = subs.slice(start, start + rxAdminSubscribersPageSize);
      const charges = await deps.repo.charges(page.map((s) => s.id));
      const subscribers = await Promise.all(
        page.map((s) => subscriberView(s, charges, actor.lang)),
      );
      await deps.audit.record(actor, 'subscription.admin.list', null, {
        company,
        count: page.length,
      });
      return {
        subscribers,
        page: input.page,
        pageSize: rxAdminSubscribersPageSize,
        total: subs.length,
      };
    },

    async overview(actor) {
      const company = await companyOf(actor);
      const subs = await deps.repo.ofCompany(company);
      const charges = await deps.repo.charges(subs.map((s) => s.id));
      const subscribers = await Promise.all(
        subs.map((s) => subscriberView(s, charges, actor.lang)),
      );
      await deps.audit.record(actor, 'subscription.admin.list', null, {
        company,
        count: subs.length,
      });
      return { company, subscribers, revenueByMonth: revenueByMonth(charges) };
    },

    async cancel(actor, id, input) {
      const company = await companyOf(actor);
      const sub = z.uuid().safeParse(id).success ? await deps.repo.byId(id) : undefined;
      if (!sub || sub.company !== company) throw appErrors.notFound();
      let charges = await deps.repo.charges([sub.id]);
      let changed: SubscriptionRecord | undefined;
      if (input.refund) {
        const charge = refundable(sub, charges);
        if (!charge) {
          throw new AppError(400, 'SUBSCRIPTION_NOT_REFUNDABLE', 'subscriptions.notRefundable');
        }
        // The refund's key is the subscription and the period: a retried refund is one refund.
        const refund = (await deps.payments.refund(
          sub.accountId,
          charge.ledgerId,
          `subscription:${sub.id}:refund:${charge.cycle}`,
          actor,
        )) as { id?: string };
        changed = await deps.repo.refund(
          sub.id,
          {
            cycle: charge.cycle,
            ledgerId: refund.id ?? charge.ledgerId,
            amountCents: charge.amountCents,
            at: now(),
          },
          input.reason,
        );
        changed ??= await deps.repo.byId(sub.id);
        charges = await deps.repo.charges([sub.id]);
      } else if (sub.status === 'active') {
        changed = await deps.repo.setStatus(sub.id, 'active', {
          status: 'cancelled',
          cancelledAt: now(),
          cancelReason: input.reason,
        });
      } else if (sub.status === 'inactive') {
        throw new AppError(400, 'SUBSCRIPTION_NOT_ACTIVE', 'subscriptions.notCancelled');
      }
      const result = changed ?? (await deps.repo.byId(sub.id)) ?? sub;
      await deps.audit.record(
        actor,
        input.refund ? 'subscription.admin.refund' : 'subscription.admin.cancel',
        { accountId: sub.accountId },
        { subscriptionId: sub.id, company },
      );
      return subscriberView(result, charges, actor.lang);
    },
  };
}
