import {
  type AnalyticsAttribution,
  type AnalyticsLogins,
  type AnalyticsOverview,
  type AnalyticsRange,
  type AnalyticsRangeQuery,
  type AnalyticsReferrals,
  type AnalyticsStatus,
  analyticsStatuses,
  attributionSources,
  type LinkConversion,
  maxLoginEvents,
  maxReferralTransactions,
} from '@apothecall/domain/analytics/analytics.api';
import {
  attributionSourceOf,
  conversionRate,
  median,
  minutesOf,
  percentile,
  rangeInstants,
  resolveRange,
  todayIn,
} from '@apothecall/domain/analytics/analytics.rules';
import {
  claimableStatuses,
  isPharmacyStatus,
  type PharmacyStatus,
} from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, SchemaError } from '../../platform/errors';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmacyPort, PharmacyStaff } from '../pharmacy/pharmacy.port';
import type { PharmacyVisitFact, RxPort } from '../rx/rx.port';
import type { AnalyticsRepo } from './analytics.repo';

export interface AnalyticsService {
  overview(
    actor: Actor,
    pharmacyId: string,
    query: AnalyticsRangeQuery,
  ): Promise<AnalyticsOverview>;
  logins(actor: Actor, pharmacyId: string, query: AnalyticsRangeQuery): Promise<AnalyticsLogins>;
  attribution(
    actor: Actor,
    pharmacyId: string,
    query: AnalyticsRangeQuery,
  ): Promise<AnalyticsAttribution>;
  referrals(
    actor: Actor,
    pharmacyId: string,
    query: AnalyticsRangeQuery,
  ): Promise<AnalyticsReferrals>;
  /** Keeps a pharmacy staff member's login attempt (the `accounts.loginAttempted` listener). */
  recordLogin(event: {
    accountId: string;
    role: string;
    organizationType: string | null;
    organizationId: string | null;
    outcome: 'success' | 'failure';
    reason: string | null;
    platform: string | null;
    ipPrefix: string | null;
    at: string;
  }): Promise<void>;
}

const paid = (v: PharmacyVisitFact) => v.paidAt !== null;
const countWhere = <T>(rows: readonly T[], test: (row: T) => boolean) =>
  rows.reduce((n, row) => (test(row) ? n + 1 : n), 0);
const claimable = (status: string | null) =>
  status !== null && (claimableStatuses as readonly string[]).includes(status);

/**
 * The pharmacy's analytics (issue 20): figures over its Rx visits, its staff's logins, where
 * its visits came from, its referral codes. For the pharmacy's administrator only: a pharmacist
 * is refused (403 `PHARMACY_ADMIN_ONLY`; money and staff logins are the owner's), anyone not a
 * pharmacy's staff 403 `PHARMACY_ONLY`, and another pharmacy's id is "not found" (404, audited
 * as denied), so ids cannot be probed.
 *
 * Nothing is read from another area's tables: the visits' light facts come from the Rx port,
 * charges and refunds from payments, links and staff from pharmacy and accounts, codes from
 * brands. Everything is computed here; the integration test checks every figure against a plain
 * SQL query over the same rows.
 */
export function createAnalyticsService(deps: {
  repo: AnalyticsRepo;
  pharmacy: Pick<PharmacyPort, 'staff' | 'allLinksOf'>;
  rx: Pick<RxPort, 'pharmacyVisitsStarted'>;
  payments: Pick<PaymentsPort, 'chargeTotals' | 'chargesOf'>;
  brands: Pick<BrandsPort, 'byId' | 'referralsOf'>;
  accounts: Pick<AccountsPort, 'membersOf' | 'persons' | 'loginId' | 'membership' | 'referredWith'>;
  audit: AuditService;
  /** The fee a claim takes now (config; what the Rx area's claim debits). */
  claimFeeCents: number;
  now?: () => Date;
}): AnalyticsService {
  const now = deps.now ?? (() => new Date());

  /** The caller's pharmacy, when it is the one asked for and they administer it. */
  async function adminOf(actor: Actor, pharmacyId: string, what: string): Promise<PharmacyStaff> {
    const staff = await deps.pharmacy.staff(actor);
    if (staff.organization.id !== pharmacyId) {
      await deps.audit.denied(actor, 'analytics.access', null, {
        what,
        reason: 'not-found-or-not-allowed',
      });
      throw new AppError(404, 'NOT_FOUND', 'analytics.notFound');
    }
    if (staff.role !== 'pharmacyAdmin') {
      await deps.audit.denied(actor, 'analytics.access', null, { what, reason: 'not-admin' });
      throw new AppError(403, 'PHARMACY_ADMIN_ONLY', 'pharmacy.adminOnly');
    }
    return staff;
  }

  /** The range asked for in the caller's zone, or 400 naming the field. */
  function rangeOf(actor: Actor, query: AnalyticsRangeQuery) {
    const resolved = resolveRange(query, todayIn(now(), actor.timeZone));
    if (!resolved.ok) {
      throw new SchemaError([{ path: resolved.field, message: resolved.messageKey }]);
    }
    const view: AnalyticsRange = {
      from: resolved.from,
      to: resolved.to,
      timeZone: actor.timeZone,
    };
    return { view, instants: rangeInstants(resolved, actor.timeZone) };
  }

  async function open(actor: Actor, pharmacyId: string, query: AnalyticsRangeQuery, what: string) {
    const staff = await adminOf(actor, pharmacyId, what);
    return { staff, ...rangeOf(actor, query) };
  }

  const read = (actor: Actor, what: string, organizationId: string, range: AnalyticsRange) =>
    deps.audit.record(actor, `analytics.${what}.read`, null, {
      organizationId,
      from: range.from,
      to: range.to,
    });

  /** Staff names and e-mails (holder person id = account id; staff, not patients). */
  async function peopleOf(accountIds: readonly string[]) {
    const [persons, loginIds] = await Promise.all([
      deps.accounts.persons(accountIds),
      Promise.all(
        accountIds.map(async (id) => [id, (await deps.accounts.loginId(id)) ?? ''] as const),
      ),
    ]);
    const names = new Map(persons.map((p) => [p.id, `${p.firstName} ${p.lastName}`]));
    const emails = new Map(loginIds);
    return {
      name: (id: string) => names.get(id) ?? '',
      loginId: (id: string) => emails.get(id) ?? '',
    };
  }

  return {
    async overview(actor, pharmacyId, query) {
      const { staff, view, instants } = await open(actor, pharmacyId, query, 'overview');
      const organizationId = staff.organization.id;
      const [visits, links] = await Promise.all([
        deps.rx.pharmacyVisitsStarted(organizationId, instants),
        deps.pharmacy.allLinksOf(organizationId),
      ]);
      const chargeIds = visits.flatMap((v) => (v.ledgerId ? [v.ledgerId] : []));
      const charges = await deps.payments.chargeTotals(chargeIds);

      const statusOf = (v: PharmacyVisitFact): AnalyticsStatus =>
        isPharmacyStatus(v.pharmacyStatus) ? (v.pharmacyStatus as PharmacyStatus) : 'notAtPharmacy';
      const byStatus = analyticsStatuses.map((status) => ({
        status,
        count: countWhere(visits, (v) => statusOf(v) === status),
      }));

      const treatments = new Map<string, number>();
      for (const v of visits) treatments.set(v.productId, (treatments.get(v.productId) ?? 0) + 1);
      const byTreatment = [...treatments]
        .map(([productId, count]) => ({ productId, count }))
        .sort((a, b) => b.count - a.count || a.productId.localeCompare(b.productId));

      const found = new Set(charges.map((c) => c.id));
      const chargedCents = charges.reduce((sum, c) => sum + c.amountCents, 0);
      const refundedCents = charges.reduce((sum, c) => sum + c.refundedCents, 0);

      const claimed = visits.filter((v) => v.claimFeeEntryId !== null);
      const awaitingClaim = countWhere(visits, (v) => claimable(v.pharmacyStatus));

      const started = (rows: readonly PharmacyVisitFact[]) => ({
        started: rows.length,
        paid: countWhere(rows, paid),
        rate: conversionRate(rows.length, countWhere(rows, paid)),
      });
      const linkRows: LinkConversion[] = links
        .map((link) => ({
          link,
          ...started(visits.filter((v) => v.linkId === link.id)),
        }))
        .filter((row) => row.link.deletedAt === null || row.started > 0)
        .map(({ link, ...figures }) => ({
          linkId: link.id,
          productId: link.screenId,
          deleted: link.deletedAt !== null,
          ...figures,
        }));

      const waits = visits.flatMap((v) =>
        v.prescribedAt && v.pharmacyClaimedAt
          ? [v.pharmacyClaimedAt.getTime() - v.prescribedAt.getTime()]
          : [],
      );
      const medianMs = median(waits);
      const p90Ms = percentile(waits, 0.9);

      await read(actor, 'overview', organizationId, view);
      return {
        range: view,
        visits: visits.length,
        byStatus,
        byTreatment,
        revenue: {
          paidVisits: countWhere(visits, paid),
          cardVisits: countWhere(visits, (v) => v.ledgerId !== null && found.has(v.ledgerId)),
          prepayVisits: countWhere(visits, (v) => v.prepayRedemptionId !== null),
          chargedCents,
          refundedCents,
          netCents: chargedCents - refundedCents,
        },
        fees: {
          claimFeeCents: deps.claimFeeCents,
          claims: claimed.length,
          paidCents: claimed.reduce((sum, v) => sum + (v.claimFeeCents ?? 0), 0),
          awaitingClaim,
          owedCents: awaitingClaim * deps.claimFeeCents,
        },
        conversion: { overall: started(visits), links: linkRows },
        timeToClaim: {
          claims: waits.length,
          medianMinutes: medianMs === null ? null : minutesOf(medianMs),
          p90Minutes: p90Ms === null ? null : minutesOf(p90Ms),
        },
      };
    },

    async logins(actor, pharmacyId, query) {
      const { staff, view, instants } = await open(actor, pharmacyId, query, 'logins');
      const organizationId = staff.organization.id;
      const [events, counts, members] = await Promise.all([
        deps.repo.loginEventsOf(organizationId, instants, maxLoginEvents + 1),
        deps.repo.loginCountsOf(organizationId, instants),
        deps.accounts.membersOf(organizationId),
      ]);
      // Today's staff, and anyone who tried to log in as the pharmacy's in the range (a
      // pharmacist revoked since is still on the list).
      const roleOf = new Map(members.map((m) => [m.accountId, m.role]));
      for (const e of events) if (!roleOf.has(e.accountId)) roleOf.set(e.accountId, e.role);
      for (const c of counts) {
        if (!roleOf.has(c.accountId)) {
          roleOf.set(c.accountId, (await deps.accounts.membership(c.accountId))?.role ?? '');
        }
      }
      const accountIds = [...roleOf.keys()];
      const people = await peopleOf(accountIds);
      const countOf = new Map(counts.map((c) => [c.accountId, c]));
      const listed = events.slice(0, maxLoginEvents);
      await read(actor, 'logins', organizationId, view);
      return {
        range: view,
        staff: accountIds
          .map((accountId) => {
            const c = countOf.get(accountId);
            return {
              accountId,
              name: people.name(accountId),
              loginId: people.loginId(accountId),
              role: roleOf.get(accountId) ?? '',
              successes: c?.successes ?? 0,
              failures: c?.failures ?? 0,
              lastSuccessAt: c?.lastSuccessAt ? c.lastSuccessAt.toISOString() : null,
            };
          })
          .sort((a, b) => a.name.localeCompare(b.name) || a.accountId.localeCompare(b.accountId)),
        events: listed.map((e) => ({
          id: String(e.id),
          at: e.at.toISOString(),
          accountId: e.accountId,
          name: people.name(e.accountId),
          loginId: people.loginId(e.accountId),
          outcome: e.outcome === 'success' ? ('success' as const) : ('failure' as const),
          reason: e.reason,
          platform: e.platform,
          ipPrefix: e.ipPrefix,
        })),
        truncated: events.length > maxLoginEvents,
      };
    },

    async attribution(actor, pharmacyId, query) {
      const { staff, view, instants } = await open(actor, pharmacyId, query, 'attribution');
      const organizationId = staff.organization.id;
      const [visits, links] = await Promise.all([
        deps.rx.pharmacyVisitsStarted(organizationId, instants),
        deps.pharmacy.allLinksOf(organizationId),
      ]);
      const linkById = new Map(links.map((l) => [l.id, l]));
      const figures = (rows: readonly PharmacyVisitFact[]) => ({
        visits: rows.length,
        paid: countWhere(rows, paid),
      });

      const bySource = attributionSources.map((source) => ({
        source,
        ...figures(visits.filter((v) => attributionSourceOf(v) === source)),
      }));

      const linkIds = [...new Set(visits.flatMap((v) => (v.linkId ? [v.linkId] : [])))];
      const byLink = linkIds
        .map((linkId) => {
          const link = linkById.get(linkId);
          return {
            linkId,
            productId: link?.screenId ?? null,
            deleted: link ? link.deletedAt !== null : false,
            ...figures(visits.filter((v) => v.linkId === linkId)),
          };
        })
        .sort((a, b) => b.visits - a.visits || a.linkId.localeCompare(b.linkId));

      const brandIds = [...new Set(visits.map((v) => v.brandId))];
      const names = new Map<string, string>();
      for (const id of brandIds) {
        if (id === null) continue;
        const brand = await deps.brands.byId(id);
        if (brand.id === id) names.set(id, brand.name);
      }
      const byBrand = brandIds
        .map((brandId) => ({
          brandId,
          name: brandId === null ? null : (names.get(brandId) ?? null),
          ...figures(visits.filter((v) => v.brandId === brandId)),
        }))
        .sort(
          (a, b) =>
            b.visits - a.visits ||
            (a.brandId === null ? 1 : b.brandId === null ? -1 : a.brandId.localeCompare(b.brandId)),
        );

      await read(actor, 'attribution', organizationId, view);
      return { range: view, visits: visits.length, bySource, byLink, byBrand };
    },

    async referrals(actor, pharmacyId, query) {
      const { staff, view, instants } = await open(actor, pharmacyId, query, 'referrals');
      const organizationId = staff.organization.id;
      const members = await deps.accounts.membersOf(organizationId);
      // The pharmacy's white-label is its organisation id (its company key).
      const codes = await deps.brands.referralsOf(
        organizationId,
        members.map((m) => m.accountId),
      );
      const referred = await deps.accounts.referredWith(codes.map((c) => c.code));
      const codeOf = new Map(referred.map((r) => [r.accountId, r.code]));
      const charges = await deps.payments.chargesOf([...codeOf.keys()], instants);
      await read(actor, 'referrals', organizationId, view);
      return {
        range: view,
        codes: codes.map((code) => {
          const mine = charges.filter((c) => codeOf.get(c.accountId) === code.code);
          return {
            code: code.code,
            title: code.title,
            priceCents: code.priceCents,
            owner: code.brandId === organizationId ? ('pharmacy' as const) : ('staff' as const),
            signups: countWhere(referred, (r) => r.code === code.code),
            uses: mine.length,
            amountCents: mine.reduce((sum, c) => sum + c.amountCents, 0),
            // Never who paid: the date and amount only, as the referred list answers.
            transactions: mine.slice(0, maxReferralTransactions).map((c) => ({
              id: c.id,
              date: c.createdAt.toISOString(),
              amountCents: c.amountCents,
            })),
          };
        }),
      };
    },

    async recordLogin(event) {
      // Only a pharmacy's staff have a login history here; patients' logins write nothing.
      if (event.organizationType !== 'pharmacy' || !event.organizationId) return;
      await deps.repo.insertLoginEvent({
        accountId: event.accountId,
        organizationId: event.organizationId,
        role: event.role,
        at: new Date(event.at),
        outcome: event.outcome,
        reason: event.reason,
        platform: event.platform,
        ipPrefix: event.ipPrefix,
      });
    },
  };
}
