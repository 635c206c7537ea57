import { translate } from '@apothecall/domain/i18n/catalog';
import {
  isClaimed,
  nameMatches,
  parseDashboardQuery,
} from '@apothecall/domain/pharmacy/pharmacy-dashboard.rules';
import type { PharmacyBulkStatusResult } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import {
  checkStatusChange,
  type PharmacyStatus,
  pharmacyStatuses,
  pharmacyStatusLabelKey,
} from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import type { PersonFacts } from '../accounts/accounts.port';

import './rx.events';
import type { RxVisitRecord } from './rx.repo';
import { pharmacyStatusOf } from './rx.views';
import type { RxPharmacyService } from './rx-pharmacy.types';
import { createPharmacyAccess, type RxPharmacyDeps } from './rx-pharmacy-access';
import { createRxPharmacyClaim } from './rx-pharmacy-claim';

export type { RxPharmacyService } from './rx-pharmacy.types';

const day = (at: Date | null) => (at ? at.toISOString().slice(0, 10) : '');

/**
 * The pharmacy's side of Rx visits: the dashboard of visits routed to the pharmacy,
 * filtered by the pharmacist's grant; the pharmacy-side status table of the domain enforced
 * here (notes where the spec asks, none for claimed); the claim, whose fee is taken from the
 * pharmacy's prepay account exactly once (an idempotency key per visit version, then a
 * conditional move: a losing claim gives its fee back); and the PDF, only after the claim.
 * A visit the caller may not see does not exist for them (404, audited as denied).
 */
export function createRxPharmacyService(deps: RxPharmacyDeps): RxPharmacyService {
  const access = createPharmacyAccess(deps);
  const { now, subject, reachable, row, detailOf, visible, filterOf, visibleCounts, told } = access;

  /**
   * The dashboard without a search (how it opens, and every tab): counted and paged by the
   * database, so only the page's visits leave it. The same figures and rows as `search` below.
   */
  async function dashboardPage(
    actor: Actor,
    input: { tab: 'all' | PharmacyStatus; page: number; pageSize: number },
  ) {
    const { staff, counts: shown } = await visibleCounts(actor);
    const counts = Object.fromEntries(
      pharmacyStatuses.map((s) => [s, shown.get(s)?.total ?? 0]),
    ) as Record<string, number>;
    const inTab = pharmacyStatuses.filter((s) => input.tab === 'all' || s === input.tab);
    const visits = await deps.repo.pharmacyPage(staff.organization.id, filterOf(staff, inTab), {
      offset: (input.page - 1) * input.pageSize,
      limit: input.pageSize,
    });
    const people = await deps.accounts.persons(visits.map((v) => v.personId));
    // The page shows names and dates of birth: a read of each listed patient's record.
    await deps.audit.record(
      actor,
      'pharmacy.rx.search',
      { accountId: actor.accountId },
      { organizationId: staff.organization.id, visits: visits.map((v) => v.id) },
    );
    return {
      visits: visits.map((v) =>
        row(
          v,
          people.find((p) => p.id === v.personId),
        ),
      ),
      counts,
      newUnclaimed: shown.get('unclaimed')?.unseen ?? 0,
      page: input.page,
      pageSize: input.pageSize,
      total: inTab.reduce((n, s) => n + (counts[s] ?? 0), 0),
    };
  }

  /**
   * One visit to a new pharmacy status: the move and its note in one statement, audited and
   * told. The single change answers with the visit's detail; a bulk change needs only the
   * status and version, so it does not read the detail of every visit it moves.
   */
  async function moveStatus(
    actor: Actor,
    visitId: string,
    input: { status: PharmacyStatus; version: number; note: string },
  ) {
    const { staff, visit, status: from } = await reachable(actor, visitId);
    const to = input.status;
    if (to === 'claimed') {
      throw new AppError(409, 'PHARMACY_TRANSITION_REFUSED', 'pharmacy.useClaim');
    }
    if (staff.grant?.claimedOnly && !isClaimed(from)) {
      throw new AppError(403, 'PHARMACY_CLAIMED_ONLY', 'pharmacy.claimedOnly');
    }
    const check = checkStatusChange({ from, to, note: input.note });
    if (!check.ok) {
      if (check.code === 'notAllowed') {
        // The refusal names both statuses, as the pharmacy sees them, in the caller's language.
        throw new AppError(409, 'PHARMACY_TRANSITION_REFUSED', check.messageKey, {
          from: translate(actor.lang, pharmacyStatusLabelKey(from)),
          to: translate(actor.lang, pharmacyStatusLabelKey(to)),
        });
      }
      throw new AppError(400, 'VALIDATION', check.messageKey, undefined, { field: 'note' });
    }
    if (visit.version !== input.version) {
      throw new AppError(409, 'RX_STALE', 'pharmacy.stale');
    }
    const moved = await deps.repo.movePharmacy(
      visit.id,
      { pharmacyStatus: from, version: input.version },
      to,
      { pharmacyNote: check.note ?? '' },
      { note: check.note ?? '', byRole: 'pharmacy', accountId: actor.accountId },
    );
    if (!moved) throw new AppError(409, 'RX_STALE', 'pharmacy.stale');
    await deps.audit.record(actor, 'pharmacy.rx.status', subject(visit), {
      visitId: visit.id,
      organizationId: staff.organization.id,
      from,
      to,
    });
    await told(moved);
    return { staff, moved };
  }

  return {
    ...createRxPharmacyClaim(deps, access),

    async unclaimedCounts(actor) {
      const unclaimed = (await visibleCounts(actor)).counts.get('unclaimed');
      return { unclaimed: unclaimed?.total ?? 0, unseen: unclaimed?.unseen ?? 0 };
    },

    async search(actor, input) {
      if (parseDashboardQuery(input.query).kind === 'none') return dashboardPage(actor, input);
      const { staff, all } = await visible(actor);
      const counts = Object.fromEntries(pharmacyStatuses.map((s) => [s, 0])) as Record<
        string,
        number
      >;
      for (const v of all) counts[v.status] = (counts[v.status] ?? 0) + 1;
      const newUnclaimed = all.filter((v) => v.status === 'unclaimed' && v.seenAt === null).length;

      const query = parseDashboardQuery(input.query);
      let found = all.filter((v) => input.tab === 'all' || v.status === input.tab);
      let people: PersonFacts[] = [];
      if (query.kind === 'id') {
        found = found.filter((v) => v.id.startsWith(query.prefix));
      } else if (query.kind === 'date' || query.kind === 'name') {
        people = await deps.accounts.persons([...new Set(found.map((v) => v.personId))]);
        const byId = new Map(people.map((p) => [p.id, p]));
        found = found.filter((v) => {
          const person = byId.get(v.personId);
          if (query.kind === 'date') {
            return day(v.prescribedAt) === query.date || person?.dob === query.date;
          }
          return person !== undefined && nameMatches(query.words, person);
        });
      }
      const total = found.length;
      const start = (input.page - 1) * input.pageSize;
      const pageIds = found.slice(start, start + input.pageSize).map((v) => v.id);
      const visits = await deps.repo.visitsByIds(pageIds);
      const order = new Map(pageIds.map((id, i) => [id, i]));
      visits.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      const missing = visits.filter((v) => !people.some((p) => p.id === v.personId));
      if (missing.length > 0) {
        people = [...people, ...(await deps.accounts.persons(missing.map((v) => v.personId)))];
      }
      // The page shows names and dates of birth: a read of each listed patient's record.
      await deps.audit.record(
        actor,
        'pharmacy.rx.search',
        { accountId: actor.accountId },
        { organizationId: staff.organization.id, visits: pageIds },
      );
      return {
        visits: visits.map((v) =>
          row(
            v,
            people.find((p) => p.id === v.personId),
          ),
        ),
        counts,
        newUnclaimed,
        page: input.page,
        pageSize: input.pageSize,
        total,
      };
    },

    async detail(actor, visitId) {
      const { staff, visit } = await reachable(actor, visitId);
      let current: RxVisitRecord = visit;
      if (!visit.pharmacySeenAt) {
        current = (await deps.repo.markPharmacySeen(visit.id, now())) ?? visit;
      }
      await deps.audit.record(actor, 'pharmacy.rx.read', subject(visit), {
        visitId: visit.id,
        organizationId: staff.organization.id,
      });
      return detailOf(staff, current);
    },

    async changeStatus(actor, visitId, input) {
      const { staff, moved } = await moveStatus(actor, visitId, input);
      return detailOf(staff, moved);
    },

    async bulkChangeStatus(actor, input) {
      const results: PharmacyBulkStatusResult[] = [];
      // One after another, each its own move: a refusal of one leaves the others as they are.
      for (const { id, version } of input.visits) {
        try {
          const { moved } = await moveStatus(actor, id, {
            status: input.status,
            version,
            note: input.note,
          });
          results.push({
            visitId: id,
            moved: true,
            pharmacyStatus: pharmacyStatusOf(moved),
            version: moved.version,
            errorCode: null,
            message: null,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({
            visitId: id,
            moved: false,
            pharmacyStatus: null,
            version: null,
            errorCode: error.code,
            message: translate(actor.lang, error.keyIn(actor.lang), error.params),
          });
        }
      }
      return results;
    },

    async reachableVisit(actor, visitId) {
      const { staff, visit, status } = await reachable(actor, visitId);
      return { visit, staff, claimed: isClaimed(status) && visit.claimFeeEntryId !== null };
    },
  };
}
