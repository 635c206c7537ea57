import { defaultSubscriptionCatalog } from '@apothecall/domain/brands/brand-offers.rules';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { subscriptionChargeDescription } from '@apothecall/domain/payments/charge-descriptions.rules';
import { usesMemberPricing } from '@apothecall/domain/pricing/pricing.rules';
import type { SessionSubscription } from '@apothecall/domain/session/session.schemas';
import {
  type PlanOffer,
  type RxServicesResponse,
  type SubscriptionPriceResponse,
  type SubscriptionPricingResponse,
  type SubscriptionView,
  subscriptionCatalogSchema,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import {
  type BillingPeriod,
  billedAmountCents,
  billingPeriodMonths,
  catalogPlan,
  isInForce,
  type SubscriptionCatalog,
  type SubscriptionPlan,
} from '@apothecall/domain/subscriptions/subscriptions.rules';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import type { PaymentsPort } from '../payments/payments.port';
import { asSubscription, createSubscriptionPurchases } from './subscription-purchases';
import { memberVisitItem } from './subscriptions.port';
import type { SubscriptionRecord, SubscriptionsRepo } from './subscriptions.repo';

/** The deployment's catalog, for a brand that stores none (config.subscriptions.defaults). */
export interface CatalogDefaults {
  monthlyCents: number;
  familyMonthlyCents: number;
  memberVisitCents: number;
  nonmemberVisitCents: number;
}

export function defaultCatalog(d: CatalogDefaults): SubscriptionCatalog {
  return defaultSubscriptionCatalog(d);
}

export { asSubscription };

export interface SubscriptionsService {
  pricing(actor: Actor): Promise<Omit<SubscriptionPricingResponse, 'error'>>;
  purchase(
    actor: Actor,
    input: {
      plan: SubscriptionPlan;
      period: BillingPeriod;
      paymentProfileId: string;
      idempotencyKey: string;
    },
  ): Promise<SubscriptionView>;
  cancel(
    actor: Actor,
    input: { id?: string | undefined; reason: string },
  ): Promise<SubscriptionView>;
  uncancel(actor: Actor, input: { id?: string | undefined }): Promise<SubscriptionView>;
  price(actor: Actor, patientID: string): Promise<Omit<SubscriptionPriceResponse, 'error'>>;
  rxServices(actor: Actor): Promise<Omit<RxServicesResponse, 'error'>>;
  purchaseService(
    actor: Actor,
    input: { service: string; months: number; paymentProfileId: string; idempotencyKey: string },
  ): Promise<SubscriptionView>;
}

/**
 * The member's side of subscriptions: what the brand sells, buying a visit plan or an
 * rx subscription (charged through payments with the purchase's idempotency key), cancel and
 * uncancel, and the member price of a visit for one family member (spec section 5).
 */
export function createSubscriptionsService(deps: {
  repo: SubscriptionsRepo;
  accounts: Pick<AccountsPort, 'person'>;
  brands: Pick<BrandsPort, 'subscriptionSettings'>;
  payments: Pick<PaymentsPort, 'quote' | 'charge' | 'refund' | 'cardsOnFile'>;
  audit: AuditService;
  defaults: CatalogDefaults;
  now?: () => Date;
}): SubscriptionsService & {
  catalogOf(company: string): Promise<{ sells: boolean; catalog: SubscriptionCatalog }>;
  view(row: SubscriptionRecord, lang: Lang): Promise<SubscriptionView>;
} {
  const now = deps.now ?? (() => new Date());

  async function catalogOf(company: string) {
    const settings = await deps.brands.subscriptionSettings(company);
    const parsed = subscriptionCatalogSchema.safeParse(settings.catalog);
    return {
      sells: settings.sells,
      catalog: parsed.success ? parsed.data : defaultCatalog(deps.defaults),
    };
  }

  async function view(row: SubscriptionRecord, lang: Lang): Promise<SubscriptionView> {
    const cards = await deps.payments.cardsOnFile(row.accountId);
    const card = cards.find((c) => c.profileId === row.paymentProfileId);
    let serviceName: string | null = null;
    if (row.kind === 'rx' && row.serviceId) {
      const { catalog } = await catalogOf(row.company);
      const service = catalog.rxServices.find((s) => s.id === row.serviceId);
      serviceName = service ? service.name[lang] : row.serviceId;
    }
    return {
      id: row.id,
      kind: row.kind as SubscriptionView['kind'],
      plan: (row.plan as SubscriptionView['plan']) ?? null,
      period: (row.period as SubscriptionView['period']) ?? null,
      serviceId: row.serviceId,
      serviceName,
      months: row.months,
      status: row.status as SubscriptionView['status'],
      renewDate: row.renewAt?.toISOString() ?? null,
      startedAt: row.startedAt.toISOString(),
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      cancelReason: row.cancelReason,
      billedCents: row.billedCents,
      card: card ? { brand: card.brand, last4: card.last4 } : null,
      failedRenewals: row.failedRenewals,
    };
  }

  const { buy, sweepLapsed } = createSubscriptionPurchases(deps, view);

  /** The account's visit plan in force, if any. */
  async function planInForce(accountId: string): Promise<SubscriptionRecord | undefined> {
    const rows = await deps.repo.ofAccount(accountId, 'visits');
    return rows.find((r) => isInForce(asSubscription(r), now().getTime()));
  }

  /** The subscription a cancel or uncancel names (an rx one), else the visit plan. */
  async function target(actor: Actor, id: string | undefined): Promise<SubscriptionRecord> {
    if (id) {
      const row = z.uuid().safeParse(id).success ? await deps.repo.byId(id) : undefined;
      if (!row || row.accountId !== actor.accountId) throw appErrors.notFound();
      return row;
    }
    const [latest] = await deps.repo.ofAccount(actor.accountId, 'visits');
    if (!latest) throw new AppError(400, 'SUBSCRIPTION_NOT_ACTIVE', 'subscriptions.notActive');
    return latest;
  }

  function sessionOf(
    row: SubscriptionRecord | undefined,
    catalog: SubscriptionCatalog,
  ): SessionSubscription | null {
    if (!row) return null;
    return {
      active: true,
      family: row.plan === 'family',
      renewDate: row.renewAt ? row.renewAt.toISOString().slice(0, 10) : null,
      copay: catalog.memberVisitCents,
      memberPricing: { price: catalog.memberVisitCents },
      nonmemberPricing: { price: catalog.nonmemberVisitCents },
    };
  }

  return {
    catalogOf,
    view,

    async pricing(actor) {
      const brand = await actor.brand();
      const { sells, catalog } = await catalogOf(brand.id);
      const [latest] = await deps.repo.ofAccount(actor.accountId, 'visits');
      const inForce = await planInForce(actor.accountId);
      const plans: PlanOffer[] = catalog.plans.map((p) => ({
        plan: p.plan,
        period: p.period,
        months: billingPeriodMonths[p.period],
        monthlyCents: p.monthlyCents,
        freeMonths: p.freeMonths,
        billedCents: billedAmountCents(p),
      }));
      const ownCatalog = inForce ? (await catalogOf(inForce.company)).catalog : catalog;
      return {
        available: sells,
        plans: sells ? plans : [],
        memberVisitCents: catalog.memberVisitCents,
        nonmemberVisitCents: catalog.nonmemberVisitCents,
        subscription: latest ? await view(latest, actor.lang) : null,
        session: sessionOf(inForce, ownCatalog),
      };
    },

    async purchase(actor, input) {
      const brand = await actor.brand();
      const { sells, catalog } = await catalogOf(brand.id);
      if (!sells) throw new AppError(400, 'SUBSCRIPTION_NOT_SOLD', 'subscriptions.notSold');
      const offer = catalogPlan(catalog, input.plan, input.period);
      if (!offer) throw new AppError(400, 'SUBSCRIPTION_NOT_SOLD', 'subscriptions.unknownPlan');
      const again = await deps.repo.byPurchaseKey(actor.accountId, input.idempotencyKey);
      if (again) return view(again, actor.lang);
      const inForce = await planInForce(actor.accountId);
      // The plan in force may be this very purchase, stored by its twin request since the
      // look-up above (a double-click): the retry gets the first answer, not a refusal.
      if (inForce?.purchaseKey === input.idempotencyKey) return view(inForce, actor.lang);
      if (inForce) {
        throw new AppError(409, 'SUBSCRIPTION_ALREADY_ACTIVE', 'subscriptions.alreadyActive');
      }
      await sweepLapsed(actor.accountId, 'visits');
      return buy(
        actor,
        input,
        {
          kind: 'visits',
          plan: input.plan,
          period: input.period,
          serviceId: null,
          months: billingPeriodMonths[input.period],
          amount: billedAmountCents(offer),
          item: `subscription-plan:${input.plan}:${input.period}`,
          description: subscriptionChargeDescription(input, false),
        },
        brand.id,
      );
    },

    async cancel(actor, input) {
      const row = await target(actor, input.id);
      const changed = await deps.repo.setStatus(row.id, 'active', {
        status: 'cancelled',
        cancelledAt: now(),
        cancelReason: input.reason,
      });
      if (!changed)
        throw new AppError(400, 'SUBSCRIPTION_NOT_ACTIVE', 'subscriptions.notCancelled');
      await deps.audit.record(
        actor,
        'subscription.cancel',
        { accountId: actor.accountId },
        { subscriptionId: row.id },
      );
      return view(changed, actor.lang);
    },

    async uncancel(actor, input) {
      const row = await target(actor, input.id);
      if (row.status !== 'cancelled' || !isInForce(asSubscription(row), now().getTime())) {
        throw new AppError(400, 'SUBSCRIPTION_NOT_CANCELLED', 'subscriptions.notUncancelled');
      }
      // Only from cancelled: a renewal run that lapsed it meanwhile wins, and this is refused.
      const changed = await deps.repo.setStatus(row.id, 'cancelled', {
        status: 'active',
        cancelledAt: null,
        cancelReason: null,
      });
      if (!changed) {
        throw new AppError(400, 'SUBSCRIPTION_NOT_CANCELLED', 'subscriptions.notUncancelled');
      }
      await deps.audit.record(
        actor,
        'subscription.uncancel',
        { accountId: actor.accountId },
        { subscriptionId: row.id },
      );
      return view(changed, actor.lang);
    },

    async price(actor, patientID) {
      const person = z.uuid().safeParse(patientID).success
        ? await deps.accounts.person(patientID)
        : undefined;
      if (!person || person.accountId !== actor.accountId) throw appErrors.notFound();
      const plan = await planInForce(actor.accountId);
      if (!plan) throw new AppError(400, 'SUBSCRIPTION_NOT_ACTIVE', 'subscriptions.notActive');
      const { catalog } = await catalogOf(plan.company);
      // users[0], the main user, is the account holder, whose person id is the account's id.
      const userIndex = person.id === actor.accountId ? 0 : 1;
      const member = usesMemberPricing({ active: true, family: plan.plan === 'family' }, userIndex);
      const price = member ? catalog.memberVisitCents : catalog.nonmemberVisitCents;
      const quote = await deps.payments.quote(actor.accountId, memberVisitItem(person.id), price);
      await deps.audit.record(
        actor,
        'subscription.price',
        { accountId: actor.accountId, personId: person.id },
        { subscriptionId: plan.id, member },
      );
      return {
        price,
        subscriptionToken: quote.priceToken,
        pricingChoice: member ? 'member' : 'nonmember',
      };
    },

    async rxServices(actor) {
      const brand = await actor.brand();
      const { sells, catalog } = await catalogOf(brand.id);
      const rows = await deps.repo.ofAccount(actor.accountId, 'rx');
      return {
        services: sells
          ? catalog.rxServices.map((s) => ({
              id: s.id,
              name: s.name[actor.lang],
              monthlyCents: s.monthlyCents,
              months: [...s.months],
            }))
          : [],
        subscriptions: await Promise.all(rows.map((r) => view(r, actor.lang))),
      };
    },

    async purchaseService(actor, input) {
      const brand = await actor.brand();
      const { sells, catalog } = await catalogOf(brand.id);
      const service = sells ? catalog.rxServices.find((s) => s.id === input.service) : undefined;
      if (!service?.months.includes(input.months)) {
        throw new AppError(400, 'SUBSCRIPTION_NOT_SOLD', 'subscriptions.unknownService');
      }
      const again = await deps.repo.byPurchaseKey(actor.accountId, input.idempotencyKey);
      if (again) return view(again, actor.lang);
      const held = (await deps.repo.ofAccount(actor.accountId, 'rx')).find(
        (r) => r.serviceId === service.id && isInForce(asSubscription(r), now().getTime()),
      );
      if (held?.purchaseKey === input.idempotencyKey) return view(held, actor.lang);
      if (held) {
        throw new AppError(409, 'SUBSCRIPTION_ALREADY_ACTIVE', 'subscriptions.alreadyActive');
      }
      await sweepLapsed(actor.accountId, 'rx');
      return buy(
        actor,
        input,
        {
          kind: 'rx',
          plan: null,
          period: null,
          serviceId: service.id,
          months: input.months,
          amount: service.monthlyCents * input.months,
          item: `subscription-service:${service.id}:${input.months}`,
          description: subscriptionChargeDescription(
            { serviceId: service.id, months: input.months },
            false,
          ),
        },
        brand.id,
      );
    },
  };
}
