import { queueOrder } from '@apothecall/domain/care/visit-queue.rules';
import type { VisitPrescriptionInput } from '@apothecall/domain/care/visits.api';
import { translate } from '@apothecall/domain/i18n/catalog';
import { isClaimed } from '@apothecall/domain/pharmacy/pharmacy-dashboard.rules';
import { canChangePharmacyStatus } from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import { checkPrescription } from '@apothecall/domain/rx/medications.rules';
import { packageLines, rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import { canTransition, type RxVisitStatus } from '@apothecall/domain/rx/rx-status.rules';
import type {
  RxMessage,
  RxQueueEntry,
  RxReview,
  RxStatusChangeRequest,
  RxVisitView,
} from '@apothecall/domain/rx/rx-visits.api';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { VisitQueue } from '../../platform/visit-queue';
import type { AccountsPort } from '../accounts/accounts.port';
import { type RosterPort, refuseLapsedLicence } from '../clinic/roster.port';
import type { FilesPort, OpenedFile } from '../files/files.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { PrepayPort } from '../prepay/prepay.port';
import './rx.events';
import type { RxRepo, RxVisitRecord } from './rx.repo';
import { isPaid, messageView, pharmacyStatusOf, statusOf, visitSnapshot } from './rx.views';
import { patientFacts } from './rx-patient-access';
import type { RxViewLoader } from './rx-visit-views';

/** A visit in the shared queue (`createdAt`: when it joined the line, i.e. was paid). */
export type RxQueueItem = RxVisitRecord;

const inLine = (visit: RxVisitRecord): RxQueueItem => ({
  ...visit,
  createdAt: visit.paidAt ?? visit.createdAt,
});

export interface RxReviewService {
  /**
   * Puts the reviews a deactivated prescriber started back in the line, each patient told by a
   * message on the visit (issue 35); how many went back.
   */
  releaseReviews(actor: Actor, prescriberId: string): Promise<number>;
  /**
   * The back office puts one Rx review a prescriber started back in the line with the operator's
   * note (issue 35): 'released', 'notStarted' (an Rx visit no prescriber has started), or null
   * (no Rx visit has this id).
   */
  releaseReview(
    actor: Actor,
    visitId: string,
    note: string,
  ): Promise<'released' | 'notStarted' | null>;
  queue(actor: Actor): Promise<{
    states: string[];
    waiting: RxQueueEntry[];
    mine: RxQueueEntry[];
    changeRequests: RxQueueEntry[];
  }>;
  /** How many visits wait in the prescriber's states, and their change requests (Home). */
  counts(actor: Actor): Promise<{ waiting: number; changeRequests: number }>;
  claim(actor: Actor, visitId: string): Promise<RxVisitRecord>;
  review(actor: Actor, visitId: string): Promise<RxReview>;
  file(actor: Actor, visitId: string, fileId: string): Promise<OpenedFile>;
  changeStatus(
    actor: Actor,
    visitId: string,
    input: Required<Pick<RxStatusChangeRequest, 'status' | 'version'>> & {
      note: string;
      requestAttachment: boolean;
    },
  ): Promise<RxVisitView>;
  prescribe(
    actor: Actor,
    visitId: string,
    input: { version: number; prescriptions: Required<VisitPrescriptionInput>[] },
  ): Promise<RxVisitView>;
  sendMessage(actor: Actor, visitId: string, text: string): Promise<RxMessage[]>;
  /** A file of a message on a visit this prescriber may see. */
  messageAttachment(actor: Actor, msgId: string, fileId: string): Promise<OpenedFile>;
  /** The answer to a pharmacy's change request: a new dose (approved) or not (denied). */
  answerChange(actor: Actor, visitId: string, input: RxChangeAnswerInput): Promise<RxReview>;
  /** The visit, when this prescriber may see it (for its prescription PDF). */
  visitFor(actor: Actor, visitId: string): Promise<RxVisitRecord>;
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

export type RxChangeAnswerInput =
  | {
      decision: 'approve';
      version: number;
      note: string;
      prescriptions: Required<VisitPrescriptionInput>[];
    }
  | { decision: 'deny'; version: number; note: string };

/** Statuses a prescriber moves with this call; waiting -> started is the claim. */
const reviewMoves: readonly RxVisitStatus[] = ['started', 'ended', 'exit', 'refund'];

/**
 * The prescriber's side of asynchronous visits: the review line of their licensed states on the
 * shared visit queue (oldest first, exactly one claim wins), the review (answers, alarms, ID and
 * attachments through audited reads, the patient's earlier visits), the spec's transition table
 * enforced here, and the prescription from the treatment's package, checked by the domain's
 * medication rules. A visit outside the prescriber's licensed states does not exist for them.
 */
export function createRxReviewService(deps: {
  repo: RxRepo;
  views: RxViewLoader;
  accounts: Pick<AccountsPort, 'person' | 'persons' | 'role' | 'holderContact'>;
  roster: Pick<RosterPort, 'licenses' | 'licenceRecords'>;
  queue: VisitQueue<RxQueueItem>;
  payments: Pick<PaymentsPort, 'refund'>;
  /** Prepaid visits: their outcome settles the program's token (issue 16). */
  prepay: Pick<PrepayPort, 'settle'>;
  files: Pick<FilesPort, 'openFor'>;
  pharmacy: Pick<PharmacyPort, 'organization' | 'resolveLink'>;
  audit: AuditService;
  events: Pick<EventBus, 'emit'>;
  /** A prescription reached a pharmacy's dashboard (it is told by e-mail or SMS: a job). */
  onNewPharmacyVisit?: (visit: RxVisitRecord) => Promise<void>;
  now?: () => Date;
}): RxReviewService {
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
    // (issue 33, finding 4; docs/rules.md "Change requests").
    const mayAct =
      visit &&
      states.includes(visit.location) &&
      (visit.prescriberId === actor.accountId || (visit.status === 'waiting' && isPaid(visit)));
    // A waiting visit of a state whose licence expired: refused, saying why (issue 35).
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

  const self: RxReviewService = {
    async releaseReviews(actor, prescriberId) {
      let released = 0;
      for (const visit of await deps.repo.reviewsOf(prescriberId)) {
        if (visit.status !== 'started') continue;
        if (!(await deps.repo.release(visit.id, prescriberId))) continue;
        released += 1;
        const contact = await deps.accounts.holderContact(visit.accountId);
        await deps.repo.insertMessage({
          visitId: visit.id,
          owner: actor.accountId,
          // Shown as the care team's, like the prescriber's own messages.
          fromRole: 'prescriber',
          text: translate(contact?.language === 'es' ? 'es' : 'en', 'providers.visitReleased'),
        });
        await deps.audit.record(actor, 'rx.review.release', subject(visit), {
          visitId: visit.id,
          prescriberId,
        });
        const back = await deps.repo.visit(visit.id);
        if (back) await told(back, true);
      }
      return released;
    },

    async releaseReview(actor, visitId, note) {
      const visit = await deps.repo.visit(visitId);
      if (!visit) return null;
      if (visit.status !== 'started' || !visit.prescriberId) return 'notStarted';
      if (!(await deps.repo.release(visit.id, visit.prescriberId))) return 'notStarted';
      const contact = await deps.accounts.holderContact(visit.accountId);
      await deps.repo.insertMessage({
        visitId: visit.id,
        owner: actor.accountId,
        fromRole: 'prescriber',
        text: translate(
          contact?.language === 'es' ? 'es' : 'en',
          'backoffice.visits.reassignedNote',
          {
            note,
          },
        ),
      });
      await deps.audit.record(actor, 'backoffice.visits.reassign', subject(visit), {
        visitId: visit.id,
        prescriberId: visit.prescriberId,
      });
      const back = await deps.repo.visit(visit.id);
      if (back) await told(back, true);
      return 'released';
    },

    async queue(actor) {
      const states = await prescriber(actor);
      const [waiting, mine, changes] = await Promise.all([
        deps.repo.waitingIn(states),
        deps.repo.reviewsOf(actor.accountId),
        deps.repo.changeRequestsOf(actor.accountId),
      ]);
      const ordered = queueOrder(waiting.map(inLine));
      await deps.audit.record(
        actor,
        'rx.review.queue',
        { accountId: actor.accountId },
        { visits: [...ordered, ...mine, ...changes].map((v) => v.id) },
      );
      return {
        states,
        waiting: await entries(ordered),
        mine: await entries(mine),
        changeRequests: await entries(changes),
      };
    },

    async counts(actor) {
      const states = await prescriber(actor);
      const [waiting, changes] = await Promise.all([
        deps.repo.waitingIn(states),
        deps.repo.changeRequestsOf(actor.accountId),
      ]);
      return { waiting: waiting.length, changeRequests: changes.length };
    },

    async claim(actor, visitId) {
      const visit = await reachable(actor, visitId);
      if (visit.status !== 'waiting') {
        throw new AppError(409, 'ALREADY_CLAIMED', 'rxClinic.queue.taken');
      }
      return claimAndStart(actor, visit, await deps.roster.licenses(actor.accountId));
    },

    async review(actor, visitId) {
      const visit = await reachable(actor, visitId);
      const person = await deps.accounts.person(visit.personId);
      if (!person) throw appErrors.notFound();
      const earlier = (await deps.repo.visitsOfPerson(visit.personId)).filter(
        (v) => v.id !== visit.id && isPaid(v),
      );
      const [views, messages, notes, link, pharmacy] = await Promise.all([
        deps.views([visit, ...earlier]),
        deps.repo.messagesOf(visit.id),
        visit.pharmacyStatus === 'review' ? deps.repo.statusNotesOf(visit.id) : Promise.resolve([]),
        visit.linkId ? deps.pharmacy.resolveLink(visit.linkId) : Promise.resolve(undefined),
        visit.pharmacyId
          ? deps.pharmacy.organization(visit.pharmacyId)
          : Promise.resolve(undefined),
      ]);
      const request = notes.filter((n) => n.status === 'review').at(-1);
      const [own, ...history] = views;
      if (!own) throw appErrors.notFound();
      await deps.audit.record(actor, 'rx.review.read', subject(visit), {
        visitId: visit.id,
        history: earlier.map((v) => v.id),
      });
      const evaluation = visit.evaluation as {
        fields?: { id: string; section: string; phrase: string; data: string | string[] }[];
        bmi?: number | null;
      };
      const product = rxProductById(visit.productId);
      return {
        visit: own,
        patient: {
          name: `${person.firstName} ${person.lastName}`,
          dob: person.dob,
          age: patientFacts(person, now()).age,
          gender: person.gender,
          phone: person.phone,
        },
        answers: (evaluation.fields ?? []).map((f) => ({
          id: f.id.split(':').pop() ?? f.id,
          section: f.section,
          phrase: f.phrase,
          data: f.data,
        })),
        alarms: visit.alarms,
        bmi: evaluation.bmi ?? null,
        packageLines: product
          ? packageLines(product).map((line) => ({
              medication: line.medication,
              strength: `${line.strengthMg} mg`,
              quantity: line.quantity,
            }))
          : [],
        protocolId: product?.protocolId ?? null,
        history,
        messages: messages.map(messageView),
        statusChanged: visit.prescriptionChangedAt !== null,
        changeRequest: request
          ? {
              pharmacyName: pharmacy?.name ?? '',
              reason: request.note,
              requestedAt: request.at.toISOString(),
            }
          : null,
        link: link
          ? { medListId: link.link.medListId ?? '', comment: link.link.comment ?? '' }
          : null,
        pharmacy: pharmacy
          ? {
              name: pharmacy.name,
              address: [
                pharmacy.address1,
                pharmacy.address2,
                `${pharmacy.city}, ${pharmacy.state} ${pharmacy.zip}`,
              ]
                .filter((part) => part.trim() !== '')
                .join(', '),
              phone: pharmacy.phone,
              ncpdpId: pharmacy.ncpdpId,
            }
          : null,
      };
    },

    async file(actor, visitId, fileId) {
      const visit = await reachable(actor, visitId);
      const linked = (await deps.repo.filesOf([visit.id])).some((f) => f.fileId === fileId);
      if (!linked) {
        await deps.audit.denied(actor, 'rx.review.file', subject(visit), {
          visitId: visit.id,
          reason: 'not-linked',
        });
        throw appErrors.notFound();
      }
      return deps.files.openFor(actor, fileId, visit.accountId);
    },

    async changeStatus(actor, visitId, input) {
      const visit = await reachable(actor, visitId);
      const from = statusOf(visit);
      const to = input.status;
      if (to === 'rxed' && canTransition(from, to)) {
        throw new AppError(409, 'RX_TRANSITION_REFUSED', 'rx.transition.usePrescribe');
      }
      if (!reviewMoves.includes(to) || !canTransition(from, to)) {
        throw new AppError(409, 'RX_TRANSITION_REFUSED', 'rx.transition.refused', { from, to });
      }
      if (visit.version !== input.version) {
        throw new AppError(409, 'RX_STALE', 'rx.visit.stale');
      }
      // Once a pharmacy paid for the prescription it is theirs: it is not taken back.
      const pharmacyStatus = pharmacyStatusOf(visit);
      if (pharmacyStatus && isClaimed(pharmacyStatus)) {
        throw new AppError(409, 'RX_TRANSITION_REFUSED', 'rx.transition.refused', { from, to });
      }
      // Starting a waiting visit is claiming it: exactly one prescriber wins.
      if (from === 'waiting' && to === 'started') {
        const claimed = await claimAndStart(
          actor,
          visit,
          await deps.roster.licenses(actor.accountId),
        );
        const [view] = await deps.views([claimed]);
        if (!view) throw appErrors.notFound();
        return view;
      }
      // A prescription needs the patient's identity and what was asked for: no approval before.
      if (to === 'ended' && (visit.idPending || visit.attachmentsPending)) {
        throw new AppError(409, 'RX_UPLOADS_PENDING', 'rx.review.uploadsPending');
      }
      if (to === 'exit' && input.note.trim() === '') {
        throw new AppError(400, 'VALIDATION', 'rx.transition.noteRequired', undefined, {
          field: 'note',
        });
      }
      const changes =
        to === 'exit'
          ? {
              statusComment: input.note.trim(),
              attachmentsPending: input.requestAttachment || visit.attachmentsPending,
              prescriberId: actor.accountId,
            }
          : to === 'refund'
            ? {
                completed: true,
                idPending: false,
                attachmentsPending: false,
                statusComment: '',
                prescriberId: actor.accountId,
              }
            : { statusComment: '', prescriberId: actor.accountId };
      const moved = await deps.repo.move(
        visit.id,
        { status: from, version: input.version },
        to,
        // The pharmacy's copy is withdrawn while the prescriber asks again or refunds.
        pharmacyStatus ? { ...changes, pharmacyStatus: 'cancel' } : changes,
      );
      if (!moved) throw new AppError(409, 'RX_STALE', 'rx.visit.stale');
      if (to === 'exit') {
        await deps.repo.insertMessage({
          visitId: visit.id,
          owner: actor.accountId,
          fromRole: 'prescriber',
          text: input.note.trim(),
        });
      }
      await deps.audit.record(actor, 'rx.review.status', subject(visit), {
        visitId: visit.id,
        from,
        to,
      });
      // A prepaid visit the prescriber refunds is a denial: the visit goes back to the program
      // and the patient waits out the program's reuse interval.
      if (to === 'refund' && visit.prepayRedemptionId) {
        await deps.prepay.settle(`rx:${visit.id}`, 'denied');
      }
      await told(moved, from === 'waiting');
      if (to === 'refund' && visit.ledgerId) {
        await deps.payments.refund(visit.accountId, visit.ledgerId, `refund:rx:${visit.id}`, actor);
      }

      const [view] = await deps.views([moved]);
      if (!view) throw appErrors.notFound();
      return view;
    },

    async prescribe(actor, visitId, input) {
      const visit = await reachable(actor, visitId);
      const from = statusOf(visit);
      if (!canTransition(from, 'rxed')) {
        throw new AppError(409, 'RX_TRANSITION_REFUSED', 'rx.transition.refused', {
          from,
          to: 'rxed',
        });
      }
      if (visit.version !== input.version) throw new AppError(409, 'RX_STALE', 'rx.visit.stale');
      await checkLines(actor, 'rx.review.prescribe', visit, input.prescriptions);
      const written = await write(actor, visit, input.prescriptions);
      const moved = await deps.repo.move(
        visit.id,
        { status: from, version: input.version },
        'rxed',
        {
          completed: true,
          ...(visit.pharmacySeenAt ? { prescriptionChangedAt: now() } : {}),
          // The prescription reaches the visit's pharmacy, unclaimed.
          ...(visit.pharmacyId ? { pharmacyStatus: 'unclaimed', prescribedAt: now() } : {}),
        },
      );
      if (!moved) throw new AppError(409, 'RX_STALE', 'rx.visit.stale');
      await deps.audit.record(actor, 'rx.review.prescribe', subject(visit), {
        visitId: visit.id,
        prescriptions: written.map((p) => p.id),
      });
      if (moved.prepayRedemptionId) await deps.prepay.settle(`rx:${visit.id}`, 'claimedWithRx');
      await told(moved);
      if (moved.pharmacyId) await deps.onNewPharmacyVisit?.(moved);
      const [view] = await deps.views([moved]);
      if (!view) throw appErrors.notFound();
      return view;
    },

    async sendMessage(actor, visitId, text) {
      const visit = await reachable(actor, visitId);
      await deps.repo.insertMessage({
        visitId: visit.id,
        owner: actor.accountId,
        fromRole: 'prescriber',
        text,
      });
      await deps.audit.record(actor, 'rx.messages.send', subject(visit), { visitId: visit.id });
      await deps.events.emit('rx.messageSent', { visitId: visit.id, to: visit.accountId });
      return (await deps.repo.messagesOf(visit.id)).map(messageView);
    },

    async messageAttachment(actor, msgId, fileId) {
      const message = isUuid(msgId) ? await deps.repo.message(msgId) : undefined;
      if (!message) throw appErrors.notFound();
      await reachable(actor, message.visitId);
      if (!message.attachments.some((a) => a.fileId === fileId)) throw appErrors.notFound();
      // The file is its sender's: read on their behalf, audited as this prescriber's read.
      return deps.files.openFor(actor, fileId, message.owner);
    },

    async answerChange(actor, visitId, input) {
      const visit = await reachable(actor, visitId);
      const from = pharmacyStatusOf(visit);
      const to = input.decision === 'approve' ? 'approved' : 'denied';
      if (from !== 'review' || !canChangePharmacyStatus(from, to, 'prescriber')) {
        throw new AppError(409, 'PHARMACY_TRANSITION_REFUSED', 'pharmacy.changeRequest.none');
      }
      if (visit.version !== input.version) throw new AppError(409, 'RX_STALE', 'rx.visit.stale');
      let written: { id: string }[] = [];
      if (input.decision === 'approve') {
        await checkLines(actor, 'rx.review.changeRequest', visit, input.prescriptions);
        // The new prescription replaces the old one: the pharmacy may claim only the new.
        await deps.repo.supersedePrescriptions(visit.id, now());
        written = await write(actor, visit, input.prescriptions);
      }
      const moved = await deps.repo.movePharmacy(
        visit.id,
        { pharmacyStatus: from, version: input.version },
        to,
        input.decision === 'approve' ? { prescriptionChangedAt: now() } : {},
        { note: input.note.trim(), byRole: 'prescriber', accountId: actor.accountId },
      );
      if (!moved) throw new AppError(409, 'RX_STALE', 'rx.visit.stale');
      await deps.audit.record(actor, 'rx.review.changeRequest', subject(visit), {
        visitId: visit.id,
        decision: input.decision,
        prescriptions: written.map((p) => p.id),
      });
      await told(moved);
      return self.review(actor, visit.id);
    },

    visitFor: reachable,
  };
  return self;
}
