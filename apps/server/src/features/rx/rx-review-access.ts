import type { VisitPrescriptionInput } from '@apothecall/domain/care/visits.api';
import { checkPrescription } from '@apothecall/domain/rx/medications.rules';
import { rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import type { RxQueueEntry } from '@apothecall/domain/rx/rx-visits.api';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { VisitQueue } from '../../platform/visit-queue';
import type { AccountsPort } from '../accounts/accounts.port';
import { type RosterPort, refuseLapsedLicence } from '../clinic/roster.port';
import type { FilesPort } from '../files/files.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { PrepayPort } from '../prepay/prepay.port';
import './rx.events';
import type { RxRepo, RxVisitRecord } from './rx.repo';
import { isPaid, statusOf, visitSnapshot } from './rx.views';
import { patientFacts } from './rx-patient-access';
import type { RxViewLoader } from './rx-visit-views';

/** A visit in the shared queue (`createdAt`: when it joined the line, i.e. was paid). */
export type RxQueueItem = RxVisitRecord;

export const inLine = (visit: RxVisitRecord): RxQueueItem => ({
  ...visit,
  createdAt: visit.paidAt ?? visit.createdAt,
});

export const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** What the prescriber's side of Rx visits is built from. */
export interface RxReviewDeps {
  repo: RxRepo;
  views: RxViewLoader;
  accounts: Pick<AccountsPort, 'person' | 'persons' | 'role' | 'holderContact'>;
  roster: Pick<RosterPort, 'licenses' | 'licenceRecords'>;
  queue: VisitQueue<RxQueueItem>;
  payments: Pick<PaymentsPort, 'refund'>;
  /** Prepaid visits: their outcome settles the program's token. */
  prepay: Pick<PrepayPort, 'settle'>;
  files: Pick<FilesPort, 'openFor'>;
  pharmacy: Pick<PharmacyPort, 'organization' | 'resolveLink'>;
  audit: AuditService;
  events: Pick<EventBus, 'emit'>;
  now?: () => Date;
}

export type RxReviewAccess = ReturnType<typeof createReviewAccess>;

/**
 * Who may review what (a provider, licensed in the visit's state, the visit in the line or
 * theirs), the line's entries, what a change tells the others, the claim, and the checked
 * prescription lines every path that prescribes writes.
 */
export function createReviewAccess(deps: RxReviewDeps) {
  const now = deps.now ?? (() => new Date());

  async function prescriber(actor: Actor): Promise<string[]> {
    if ((await deps.accounts.role(actor.accountId)) !== 'provider') {
      throw new AppError(403, 'PROVIDERS_ONLY', 'care.clinic.providersOnly');
    }
    return deps.roster.licenses(actor.accountId);
  }

  /**
   * The visit when this prescriber may act on it: licensed in its state, and it is in the line
   * (waiting) or theirs. Otherwise not found (audited as denied), never "forbidden".
   */
  async function reachable(actor: Actor, visitId: string): Promise<RxVisitRecord> {
    const states = await prescriber(actor);
    const visit = isUuid(visitId) ? await deps.repo.visit(visitId) : undefined;
    // A waiting visit is any prescriber's of its state once it is paid (the line holds only paid
    // visits); a claimed one stays its prescriber's, paid or not: the prescriber of record answers
    // for the prescription, so a pharmacy's change request always has someone to answer it
    // (docs/rules.md "Change requests").
    const mayAct =
      visit &&
      states.includes(visit.location) &&
      (visit.prescriberId === actor.accountId || (visit.status === 'waiting' && isPaid(visit)));
    // A waiting visit of a state whose licence expired: refused, saying why.
    if (visit && !states.includes(visit.location) && visit.status === 'waiting') {
      await refuseLapsedLicence(
        deps.roster,
        actor,
        deps.audit,
        'rx.review.read',
        visit.location,
        visit.id,
      );
    }
    if (!visit || !mayAct) {
      await deps.audit.denied(actor, 'rx.review.read', null, {
        reason: 'not-found-or-not-allowed',
        ...(isUuid(visitId) ? { visitId } : {}),
      });
      throw appErrors.notFound();
    }
    return visit;
  }

  const subject = (visit: RxVisitRecord) => ({
    accountId: visit.accountId,
    personId: visit.personId,
  });

  async function entries(visits: readonly RxVisitRecord[]): Promise<RxQueueEntry[]> {
    const people = await deps.accounts.persons(visits.map((v) => v.personId));
    return visits.map((visit) => {
      const person = people.find((p) => p.id === visit.personId);
      const age = person ? patientFacts(person, now()).age : 0;
      return {
        id: visit.id,
        productId: visit.productId,
        state: visit.location,
        status: statusOf(visit),
        waitingSince: (visit.paidAt ?? visit.createdAt).toISOString(),
        alarms: visit.alarms,
        refill: visit.refillOf !== null,
        patientLabel: person ? `${person.firstName}, ${age}` : '',
      };
    });
  }

  async function told(visit: RxVisitRecord, line = false) {
    await deps.events.emit('rx.visitChanged', { visit: visitSnapshot(visit), by: 'prescriber' });
    if (line) await deps.events.emit('rx.queueChanged', { state: visit.location });
  }

  async function claimAndStart(actor: Actor, visit: RxVisitRecord, states: readonly string[]) {
    if (!(await deps.queue.claim(inLine(visit), actor.accountId, states, now()))) {
      throw new AppError(409, 'ALREADY_CLAIMED', 'rxClinic.queue.taken');
    }
    const claimed = await deps.repo.visit(visit.id);
    if (!claimed) throw appErrors.notFound();
    await deps.audit.record(actor, 'rx.review.claim', subject(visit), { visitId: visit.id });
    await told(claimed, true);
    return claimed;
  }

  /**
   * Every line passes the domain's prescription rules (one place for every path that writes a
   * prescription: here and the end of a video visit): the treatment's fixed package (medicine,
   * strength and quantity), LDN only with a condition the evaluation lists, one category per
   * prepaid visit, and the rest. A refusal writes nothing and is audited as denied.
   */
  async function checkLines(
    actor: Actor,
    action: 'rx.review.prescribe' | 'rx.review.changeRequest',
    visit: RxVisitRecord,
    prescriptions: Required<VisitPrescriptionInput>[],
  ) {
    const product = rxProductById(visit.productId);
    const evaluation = visit.evaluation as { answers?: Record<string, unknown> };
    const current = evaluation.answers?.medications;
    const conditions = evaluation.answers?.ldnCondition;
    const [violation] = checkPrescription({
      medications: prescriptions.map((p) => ({
        name: p.medication,
        strength: p.strength,
        quantity: p.quantity,
        ...(product ? { category: product.category } : {}),
      })),
      prepaid: visit.prepayRedemptionId !== null,
      state: visit.location,
      currentMedications: typeof current === 'string' ? [current] : [],
      ...(product ? { packageId: product.packageId } : {}),
      ldnConditions: Array.isArray(conditions)
        ? conditions.filter((c): c is string => typeof c === 'string')
        : [],
    });
    if (violation) {
      await deps.audit.denied(actor, action, subject(visit), {
        visitId: visit.id,
        rule: violation.rule,
      });
      throw new AppError(400, 'PRESCRIPTION_REFUSED', violation.key, violation.params);
    }
  }

  function write(
    actor: Actor,
    visit: RxVisitRecord,
    prescriptions: Required<VisitPrescriptionInput>[],
  ) {
    return deps.repo.insertPrescriptions(
      prescriptions.map((p) => ({
        visitId: visit.id,
        prescriberId: actor.accountId,
        medication: p.medication.trim(),
        strength: p.strength.trim(),
        quantity: p.quantity,
        refills: p.refills,
        directions: p.directions.trim(),
        pharmacy: p.pharmacyNcpdpId ? { ncpdpId: p.pharmacyNcpdpId } : null,
        supersededAt: null,
      })),
    );
  }

  return { now, prescriber, reachable, subject, entries, told, claimAndStart, checkLines, write };
}
