import { queueOrder } from '@apothecall/domain/care/visit-queue.rules';
import { AppError, appErrors } from '../../platform/errors';
import { messageView } from './rx.views';
import type { RxReviewService } from './rx-review.types';
import { createReviewAccess, inLine, isUuid, type RxReviewDeps } from './rx-review-access';
import { createRxReviewDecisions } from './rx-review-decisions';
import { createRxReviewRead } from './rx-review-read';
import { createRxReviewRelease } from './rx-review-release';

export type { RxChangeAnswerInput, RxReviewService } from './rx-review.types';
export type { RxQueueItem } from './rx-review-access';

/**
 * The prescriber's side of asynchronous visits: the review line of their licensed states on the
 * shared visit queue (oldest first, exactly one claim wins), the review (answers, alarms, ID and
 * attachments through audited reads, the patient's earlier visits), the spec's transition table
 * enforced here, and the prescription from the treatment's package, checked by the domain's
 * medication rules. A visit outside the prescriber's licensed states does not exist for them.
 * The review, the decisions and the releases are files of their own; this one holds the line
 * and the messages.
 */
export function createRxReviewService(deps: RxReviewDeps): RxReviewService {
  const access = createReviewAccess(deps);
  const { prescriber, reachable, subject, entries, claimAndStart } = access;
  const read = createRxReviewRead(deps, access);

  return {
    ...createRxReviewRelease(deps, access),
    ...read,
    ...createRxReviewDecisions(deps, access, read.review),

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

    visitFor: reachable,
  };
}
