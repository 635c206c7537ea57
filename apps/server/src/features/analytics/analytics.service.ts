import {
  type AnalyticsAttribution,
  type AnalyticsLogins,
  type AnalyticsOverview,
  type AnalyticsRange,
  type AnalyticsRangeQuery,
  type AnalyticsReferrals,
  maxLoginEvents,
  maxReferralTransactions,
} from '@apothecall/domain/analytics/analytics.api';
import { rangeInstants, resolveRange, todayIn } from '@apothecall/domain/analytics/analytics.rules';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, SchemaError } from '../../platform/errors';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmacyPort, PharmacyStaff } from '../pharmacy/pharmacy.port';
import type { RxPort } from '../rx/rx.port';
import type { AnalyticsRepo } from './analytics.repo';
import { countWhere, overviewFigures, sourceFigures, visitFigures } from './analytics-figures';

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

/**
 * The pharmacy's analytics: figures over its Rx visits, its staff's logins, where
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

      await read(actor, 'overview', organizationId, view);
      return { range: view, ...overviewFigures(visits, links, charges, deps.claimFeeCents) };
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
      const { bySource, byLink } = sourceFigures(visits, links);
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
          ...visitFigures(visits.filter((v) => v.brandId === brandId)),
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
