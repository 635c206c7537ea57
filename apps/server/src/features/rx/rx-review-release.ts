import { translate } from '@apothecall/domain/i18n/catalog';
import type { RxReviewService } from './rx-review.types';
import type { RxReviewAccess, RxReviewDeps } from './rx-review-access';

/**
 * Reviews put back in the line: all of a deactivated prescriber's, or one by the back office,
 * each patient told by a message on the visit.
 */
export function createRxReviewRelease(
  deps: RxReviewDeps,
  access: RxReviewAccess,
): Pick<RxReviewService, 'releaseReviews' | 'releaseReview'> {
  const { subject, told } = access;

  return {
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
  };
}
