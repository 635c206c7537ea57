import { translate } from '@apothecall/domain/i18n/catalog';
import {
  type GrantScope,
  grantShows,
  isClaimed,
  mayClaim,
  nameMatches,
  nextStatusesFor,
  parseDashboardQuery,
} from '@apothecall/domain/pharmacy/pharmacy-dashboard.rules';
import type {
  PharmacyBulkStatusResult,
  PharmacyRxDetail,
  PharmacyRxRow,
  PharmacyRxSearchResponse,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import {
  checkStatusChange,
  isPharmacyStatus,
  type PharmacyStatus,
  pharmacyStatuses,
  pharmacyStatusLabelKey,
} from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import { formatUsd } from '@apothecall/domain/pricing/pricing.rules';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { AccountsPort, PersonFacts } from '../accounts/accounts.port';
import type { AssessmentsPort } from '../assessments/assessments.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmacyPort, PharmacyStaff } from '../pharmacy/pharmacy.port';

import './rx.events';
import type { RxRepo, RxVisitRecord } from './rx.repo';
import { pharmacyStatusOf, prescriptionView, visitSnapshot } from './rx.views';

export interface RxPharmacyService {
  /** The pharmacy's unclaimed visits the caller's grant shows, and those not opened yet (Home). */
  unclaimedCounts(actor: Actor): Promise<{ unclaimed: number; unseen: number }>;
  search(
    actor: Actor,
    input: { tab: 'all' | PharmacyStatus; query: string; page: number; pageSize: number },
  ): Promise<Omit<PharmacyRxSearchResponse, 'error'>>;
  detail(actor: Actor, visitId: string): Promise<PharmacyRxDetail>;
  changeStatus(
    actor: Actor,
    visitId: string,
    input: { status: PharmacyStatus; version: number; note: string },
  ): Promise<PharmacyRxDetail>;
  /**
   * Several visits to one status (issue 36, finding 14): each goes through `changeStatus`, the
   * single move (same rule, same audit); per visit, moved or refused and why.
   */
  bulkChangeStatus(
    actor: Actor,
    input: {
      visits: { id: string; version: number }[];
      status: PharmacyStatus;
      note: string;
    },
  ): Promise<PharmacyBulkStatusResult[]>;
  /** 'Submit Payment': the claim fee is taken once, then the visit is the pharmacy's. */
  claim(actor: Actor, visitId: string, input: { version: number }): Promise<PharmacyRxDetail>;
  /** The visit and the claiming pharmacy, for the legal PDF: not found before the claim. */
  visitForPdf(
    actor: Actor,
    visitId: string,
  ): Promise<{ visit: RxVisitRecord; staff: PharmacyStaff }>;
  /**
   * A visit this pharmacy user may see, whether claimed, for the areas that hang their own
   * records on a visit (forms, external codes; issue 20): 404 otherwise (audited as denied).
   */
  reachableVisit(
    actor: Actor,
    visitId: string,
  ): Promise<{ visit: RxVisitRecord; staff: PharmacyStaff; claimed: boolean }>;
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;
const day = (at: Date | null) => (at ? at.toISOString().slice(0, 10) : '');

/**
 * The pharmacy's side of Rx visits (issue 15): the dashboard of visits routed to the pharmacy,
 * filtered by the pharmacist's grant; the pharmacy-side status table of the domain enforced
 * here (notes where the spec asks, none for claimed); the claim, whose fee is taken from the
 * pharmacy's prepay account exactly once (an idempotency key per visit version, then a
 * conditional move: a losing claim gives its fee back); and the PDF, only after the claim.
 * A visit the caller may not see does not exist for them (404, audited as denied).
 */
export function createRxPharmacyService(deps: {
  repo: RxRepo;
  pharmacy: Pick<PharmacyPort, 'verifiedStaff' | 'resolveLink' | 'feeTaken'>;
  accounts: Pick<AccountsPort, 'persons' | 'person'>;
  payments: Pick<PaymentsPort, 'debitPrepay' | 'creditPrepay'>;
  /** The in-store assessment a visit continues: attribution and intake (issue 20). */
  assessments: Pick<AssessmentsPort, 'forVisits'>;
  audit: AuditService;
  events: Pick<EventBus, 'emit'>;
  claimFeeCents: number;
  /** e-prescription transmission after a claim (the seam; default: the PDF download only). */
  transmit?: (visit: RxVisitRecord, staff: PharmacyStaff) => Promise<string | null>;
  now?: () => Date;
}): RxPharmacyService {
  const now = deps.now ?? (() => new Date());

  const subject = (visit: RxVisitRecord) => ({
    accountId: visit.accountId,
    personId: visit.personId,
  });

  const scopeOf = (staff: PharmacyStaff): GrantScope | null => staff.grant;

  function shows(
    staff: PharmacyStaff,
    visit: RxVisitRecord,
  ): visit is RxVisitRecord & {
    pharmacyStatus: PharmacyStatus;
  } {
    const status = pharmacyStatusOf(visit);
    return (
      status !== null &&
      visit.pharmacyId === staff.organization.id &&
      grantShows(scopeOf(staff), { state: visit.location, linkId: visit.linkId, status })
    );
  }

  /**
   * The dashboard's caller (spec guard step 4, on the server too): the pharmacist role, or the
   * readyrx permission; and the pharmacy verified. Otherwise 'Verified account only'.
   */
  async function dashboardStaff(actor: Actor) {
    const staff = await deps.pharmacy.verifiedStaff(actor);
    if (staff.role !== 'pharmacist' && !staff.readyRx) {
      throw new AppError(403, 'PHARMACY_UNVERIFIED', 'pharmacy.unverified');
    }
    return staff;
  }

  /** The visit when this pharmacy user may see it; otherwise 404 (audited as denied). */
  async function reachable(actor: Actor, visitId: string) {
    const staff = await dashboardStaff(actor);
    const visit = isUuid(visitId) ? await deps.repo.visit(visitId) : undefined;
    if (!visit || !shows(staff, visit)) {
      await deps.audit.denied(actor, 'pharmacy.rx.read', null, {
        reason: 'not-found-or-not-allowed',
        ...(isUuid(visitId) ? { visitId } : {}),
      });
      throw appErrors.notFound();
    }
    return { staff, visit, status: visit.pharmacyStatus };
  }

  function row(visit: RxVisitRecord, person: PersonFacts | undefined): PharmacyRxRow {
    const erx = visit.erxStatus;
    return {
      id: visit.id,
      productId: visit.productId,
      pharmacyStatus: pharmacyStatusOf(visit) ?? 'unclaimed',
      erxStatus: erx === 'transmitted' || erx === 'ERROR' || erx === 'Transmit-Error' ? erx : null,
      version: visit.version,
      state: visit.location,
      patientName: person ? `${person.firstName} ${person.lastName}` : '',
      patientDob: person?.dob ?? '',
      prescribedAt: (visit.prescribedAt ?? visit.updatedAt).toISOString(),
      updatedAt: visit.updatedAt.toISOString(),
      linkId: visit.linkId,
      assessmentId: visit.assessmentId,
      statusChanged: visit.prescriptionChangedAt !== null,
    };
  }

  async function detailOf(staff: PharmacyStaff, visit: RxVisitRecord): Promise<PharmacyRxDetail> {
    const status = pharmacyStatusOf(visit) ?? 'unclaimed';
    const [person, prescriptions, notes, link, assessments] = await Promise.all([
      deps.accounts.person(visit.personId),
      deps.repo.prescriptionsOf([visit.id]),
      deps.repo.statusNotesOf(visit.id),
      visit.linkId ? deps.pharmacy.resolveLink(visit.linkId) : Promise.resolve(undefined),
      visit.assessmentId
        ? deps.assessments.forVisits([visit.assessmentId])
        : Promise.resolve(undefined),
    ]);
    const paid = isClaimed(status) && visit.claimFeeEntryId !== null;
    return {
      ...row(visit, person),
      patient: {
        name: person ? `${person.firstName} ${person.lastName}` : '',
        dob: person?.dob ?? '',
        gender: person?.gender ?? '',
        phone: person?.phone ?? null,
      },
      prescriptions: prescriptions.map(prescriptionView),
      history: notes.map((n) => ({
        status: n.status,
        note: n.note,
        by: n.byRole === 'prescriber' ? ('prescriber' as const) : ('pharmacy' as const),
        at: n.at.toISOString(),
      })),
      nextStatuses: nextStatusesFor(status, scopeOf(staff)),
      claimable: mayClaim(status, scopeOf(staff)),
      pdfAvailable: paid,
      feePaid: paid ? visit.claimFeeCents : null,
      link: link
        ? { medListId: link.link.medListId ?? '', comment: link.link.comment ?? '' }
        : null,
      assessment: (visit.assessmentId && assessments?.get(visit.assessmentId)) || null,
    };
  }

  /** The pharmacy's visits this staff member's grant shows, with their pharmacy status. */
  async function visible(actor: Actor) {
    const staff = await dashboardStaff(actor);
    const scope = scopeOf(staff);
    const all = (await deps.repo.pharmacyVisits(staff.organization.id, scope?.states ?? null))
      .map((v) => ({
        ...v,
        status: isPharmacyStatus(v.pharmacyStatus) ? v.pharmacyStatus : null,
      }))
      .filter(
        (v): v is typeof v & { status: PharmacyStatus } =>
          v.status !== null &&
          grantShows(scope, { state: v.location, linkId: v.linkId, status: v.status }),
      );
    return { staff, all };
  }

  async function told(visit: RxVisitRecord) {
    await deps.events.emit('rx.visitChanged', { visit: visitSnapshot(visit), by: 'pharmacy' });
  }

  return {
    async unclaimedCounts(actor) {
      const { all } = await visible(actor);
      const unclaimed = all.filter((v) => v.status === 'unclaimed');
      return { unclaimed: unclaimed.length, unseen: unclaimed.filter((v) => !v.seenAt).length };
    },

    async search(actor, input) {
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
      return detailOf(staff, moved);
    },

    async bulkChangeStatus(actor, input) {
      const results: PharmacyBulkStatusResult[] = [];
      // One after another, each its own move: a refusal of one leaves the others as they are.
      for (const { id, version } of input.visits) {
        try {
          const moved = await this.changeStatus(actor, id, {
            status: input.status,
            version,
            note: input.note,
          });
          results.push({
            visitId: id,
            moved: true,
            pharmacyStatus: moved.pharmacyStatus,
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

    async claim(actor, visitId, input) {
      const { staff, visit, status } = await reachable(actor, visitId);
      if (staff.grant?.claimedOnly) {
        throw new AppError(403, 'PHARMACY_CLAIMED_ONLY', 'pharmacy.claimedOnly');
      }
      if (!mayClaim(status, scopeOf(staff))) {
        throw new AppError(409, 'PHARMACY_NOT_CLAIMABLE', 'pharmacy.notClaimable');
      }
      if (visit.version !== input.version) throw new AppError(409, 'RX_STALE', 'pharmacy.stale');
      const fee = deps.claimFeeCents;
      // One key per visit version: concurrent claims of what the pharmacy saw are one debit.
      const key = `claim:${visit.id}:${visit.version}`;
      const debit = await deps.payments.debitPrepay({
        prepayAccountId: staff.organization.id,
        amountCents: fee,
        idempotencyKey: key,
        kind: 'claimFee',
        relatedId: visit.id,
        description: 'Rx visit claim fee',
      });
      if (!debit.ok) {
        throw new AppError(402, 'PHARMACY_LOW_BALANCE', 'pharmacy.lowBalance', {
          fee: formatUsd(fee),
        });
      }
      const at = now();
      const moved = await deps.repo.movePharmacy(
        visit.id,
        { pharmacyStatus: status, version: input.version },
        'claimed',
        {
          claimFeeEntryId: debit.entryId,
          claimFeeCents: fee,
          pharmacySeenAt: visit.pharmacySeenAt ?? at,
          pharmacyClaimedAt: at,
        },
        { note: '', byRole: 'pharmacy', accountId: actor.accountId },
      );
      if (!moved) {
        const now2 = await deps.repo.visit(visit.id);
        // Another claim of the same version won with this very debit: answer as it did.
        if (now2 && now2.claimFeeEntryId === debit.entryId) return detailOf(staff, now2);
        // Something else changed the visit first: the fee goes back, once.
        await deps.payments.creditPrepay({
          prepayAccountId: staff.organization.id,
          amountCents: fee,
          idempotencyKey: `${key}:reversal`,
          kind: 'claimFeeReversal',
          relatedId: visit.id,
          description: 'Rx visit claim fee given back (the visit changed)',
        });
        throw new AppError(409, 'RX_STALE', 'pharmacy.stale');
      }
      await deps.audit.record(actor, 'pharmacy.rx.claim', subject(visit), {
        visitId: visit.id,
        organizationId: staff.organization.id,
        feeCents: fee,
        prepayEntryId: debit.entryId,
      });
      // The debit that took the balance under the low mark tells the admins (a replay does not).
      if (!debit.replayed) {
        await deps.pharmacy.feeTaken(staff.organization.id, debit.balance, fee);
      }
      let claimed = moved;
      if (deps.transmit && staff.organization.acceptsErx) {
        const erxStatus = await deps.transmit(moved, staff);
        if (erxStatus) {
          claimed = (await deps.repo.setErxStatus(moved.id, erxStatus)) ?? moved;
        }
      }
      await told(claimed);
      return detailOf(staff, claimed);
    },

    async visitForPdf(actor, visitId) {
      const { staff, visit, status } = await reachable(actor, visitId);
      if (!isClaimed(status) || visit.claimFeeEntryId === null) {
        await deps.audit.denied(actor, 'rx.prescription.pdf', subject(visit), {
          visitId: visit.id,
          reason: 'not-claimed',
        });
        throw appErrors.notFound();
      }
      return { visit, staff };
    },

    async reachableVisit(actor, visitId) {
      const { staff, visit, status } = await reachable(actor, visitId);
      return { visit, staff, claimed: isClaimed(status) && visit.claimFeeEntryId !== null };
    },
  };
}
