import { AppError } from '../../platform/errors';
import { createRxEvaluation } from './rx-evaluation';
import {
  createPatientAccess,
  type RxPatientDeps,
  subject,
  waitsForUploads,
} from './rx-patient-access';
import { createRxPatientMessages } from './rx-patient-messages';
import { createRxPatientUploads } from './rx-patient-uploads';
import { createRxPayment } from './rx-payment';
import type { RxService } from './rx-service.types';

export type { RxUpload } from './rx-patient-access';
export type { RxService } from './rx-service.types';

/**
 * The patient's side of asynchronous prescription visits: the catalogue, the
 * evaluation (evaluated again here for the patient's age and birth gender), the state rules,
 * payment through the payments area, the ID photo and requested attachments (through the files
 * area, encrypted), cancel, refill, messages. Every read or change of a visit is audited.
 * Each job is a file of its own; this one lists the visits and cancels one.
 */
export function createRxService(deps: RxPatientDeps): RxService {
  const access = createPatientAccess(deps);
  const { view, ownVisit, changed } = access;

  return {
    ownVisit,
    ...createRxEvaluation(deps, access),
    ...createRxPayment(deps, access),
    ...createRxPatientUploads(deps, access),
    ...createRxPatientMessages(deps, access),

    async list(actor, only) {
      const all = await deps.repo.visitsOf(actor.accountId);
      const visits = only === 'unpaid' ? all.filter((v) => v.status === 'pendingMedPayment') : all;
      await deps.audit.record(
        actor,
        'rx.visit.list',
        { accountId: actor.accountId },
        { visits: visits.map((v) => v.id) },
      );
      return { visits: await deps.views(visits), actionRequired: waitsForUploads(all) };
    },

    async cancel(actor, visitId) {
      const visit = await ownVisit(actor, visitId);
      // Unpaid: the visit goes away. Paid and not yet claimed: refunded. Later: the prescriber
      // decides (a refund is theirs to give).
      const to =
        visit.status === 'pendingMedPayment'
          ? 'cancel'
          : visit.status === 'waiting'
            ? 'refund'
            : undefined;
      if (!to) {
        if (visit.status === 'cancel' || visit.status === 'refund') return view(visit);
        throw new AppError(409, 'RX_NOT_CANCELLABLE', 'rx.visit.notCancellable');
      }
      const moved = await deps.repo.move(
        visit.id,
        { status: visit.status, version: visit.version },
        to,
        { completed: true, idPending: false, attachmentsPending: false },
      );
      if (!moved) throw new AppError(409, 'RX_STALE', 'rx.visit.stale');
      await deps.audit.record(actor, 'rx.visit.cancel', subject(visit), {
        visitId: visit.id,
        refunded: to === 'refund',
      });
      // Cancelled before review: the prepaid visit and its token go back unused (no denial).
      if (to === 'refund' && visit.prepayRedemptionId) {
        await deps.prepay.settle(`rx:${visit.id}`, 'released');
      }
      await changed(moved, to === 'refund');
      if (to === 'refund' && visit.ledgerId) {
        await deps.payments.refund(actor.accountId, visit.ledgerId, `refund:rx:${visit.id}`, actor);
      }
      return view(moved);
    },
  };
}
