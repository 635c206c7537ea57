import { isClaimed } from '@apothecall/domain/pharmacy/pharmacy-dashboard.rules';
import { canChangePharmacyStatus } from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import { canTransition, type RxVisitStatus } from '@apothecall/domain/rx/rx-status.rules';
import type { Actor } from '../../platform/actor';
import { AppError, appErrors } from '../../platform/errors';
import type { RxVisitChanges, RxVisitRecord } from './rx.repo';
import { pharmacyStatusOf, statusOf, visitSnapshot } from './rx.views';
import type { RxReviewService } from './rx-review.types';
import type { RxReviewAccess, RxReviewDeps } from './rx-review-access';

/** Statuses a prescriber moves with this call; waiting -> started is the claim. */
const reviewMoves: readonly RxVisitStatus[] = ['started', 'ended', 'exit', 'refund'];

type StatusInput = Parameters<RxReviewService['changeStatus']>[2];

/** The spec's transition table and the visit's version: a move the prescriber may not make. */
function refuseMove(visit: RxVisitRecord, from: RxVisitStatus, input: StatusInput) {
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
}

/** What a move writes on the visit besides its status. */
function changesFor(actor: Actor, visit: RxVisitRecord, input: StatusInput): RxVisitChanges {
  const to = input.status;
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
  // The pharmacy's copy is withdrawn while the prescriber asks again or refunds.
  return pharmacyStatusOf(visit) ? { ...changes, pharmacyStatus: 'cancel' } : changes;
}

/**
 * The prescriber's decisions on a visit: a status change (ask the patient again, refund, end),
 * the prescription, and the answer to a pharmacy's change request.
 */
export function createRxReviewDecisions(
  deps: RxReviewDeps,
  access: RxReviewAccess,
  review: RxReviewService['review'],
): Pick<RxReviewService, 'changeStatus' | 'prescribe' | 'answerChange'> {
  const { now, reachable, subject, told, claimAndStart, checkLines, write } = access;

  return {
    async changeStatus(actor, visitId, input) {
      const visit = await reachable(actor, visitId);
      const from = statusOf(visit);
      const to = input.status;
      refuseMove(visit, from, input);
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
      const moved = await deps.repo.move(
        visit.id,
        { status: from, version: input.version },
        to,
        changesFor(actor, visit, input),
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
      await deps.events.emit('rx.prescribed', { visit: visitSnapshot(moved) });
      const [view] = await deps.views([moved]);
      if (!view) throw appErrors.notFound();
      return view;
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
      return review(actor, visit.id);
    },
  };
}
