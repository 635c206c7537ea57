import {
  type GrantScope,
  grantShows,
  isClaimed,
  mayClaim,
  nextStatusesFor,
} from '@apothecall/domain/pharmacy/pharmacy-dashboard.rules';
import type {
  PharmacyRxDetail,
  PharmacyRxRow,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import {
  isPharmacyStatus,
  type PharmacyStatus,
  pharmacyStatuses,
} from '@apothecall/domain/pharmacy/pharmacy-status.rules';
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
import type { RxPharmacyFilter, RxPharmacyRow } from './rx-pharmacy-status.repo';

export const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** What the pharmacy's side of Rx visits is built from. */
export interface RxPharmacyDeps {
  repo: RxRepo;
  pharmacy: Pick<PharmacyPort, 'verifiedStaff' | 'resolveLink' | 'feeTaken'>;
  accounts: Pick<AccountsPort, 'persons' | 'person'>;
  payments: Pick<PaymentsPort, 'debitPrepay' | 'creditPrepay'>;
  /** The in-store assessment a visit continues: attribution and intake. */
  assessments: Pick<AssessmentsPort, 'forVisits'>;
  audit: AuditService;
  events: Pick<EventBus, 'emit'>;
  claimFeeCents: number;
  /** e-prescription transmission after a claim (the seam; default: the PDF download only). */
  transmit?: (visit: RxVisitRecord, staff: PharmacyStaff) => Promise<string | null>;
  now?: () => Date;
}

export type RxPharmacyAccess = ReturnType<typeof createPharmacyAccess>;

/**
 * Who at a pharmacy sees which visit (the dashboard's caller, the grant's scope), a visit's row
 * and detail as the dashboard shows them, and what a change tells the others.
 */
export function createPharmacyAccess(deps: RxPharmacyDeps) {
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

  function row(visit: RxPharmacyRow, person: PersonFacts | undefined): PharmacyRxRow {
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

  /**
   * What the staff member's grant shows (as `visible` filters it), for the database to filter:
   * of `statuses`, the claimed ones only for a claimed-only grant; the grant's states and links.
   */
  function filterOf(
    staff: PharmacyStaff,
    statuses: readonly PharmacyStatus[] = pharmacyStatuses,
  ): RxPharmacyFilter {
    const scope = scopeOf(staff);
    return {
      statuses: scope?.claimedOnly ? statuses.filter(isClaimed) : [...statuses],
      states: scope ? scope.states : null,
      links: scope ? scope.links : [],
    };
  }

  /** The visits `visible` lists, counted per status by the database (no row leaves it). */
  async function visibleCounts(actor: Actor) {
    const staff = await dashboardStaff(actor);
    const rows = await deps.repo.pharmacyCounts(staff.organization.id, filterOf(staff));
    return { staff, counts: new Map(rows.map((r) => [r.status, r])) };
  }

  async function told(visit: RxVisitRecord) {
    await deps.events.emit('rx.visitChanged', { visit: visitSnapshot(visit), by: 'pharmacy' });
  }

  return {
    now,
    subject,
    scopeOf,
    reachable,
    row,
    detailOf,
    visible,
    filterOf,
    visibleCounts,
    told,
  };
}
