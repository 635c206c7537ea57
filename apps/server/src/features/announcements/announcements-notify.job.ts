import type { EventBus } from '../../platform/events';
import type { JobDefinition, JobPayloads } from '../../platform/jobs/jobs';
import './announcements.events';
import type { AnnouncementsService } from './announcements.service';

/**
 * Finds the pharmacy logins a new announcement reaches and emits `announcements.published` (ids
 * only) for the notifications area to tell them. A job, so the notices survive a restart.
 */
export function announcementsNotifyJob(deps: {
  announcements: Pick<AnnouncementsService, 'audience'>;
  events: Pick<EventBus, 'emit'>;
}): JobDefinition<JobPayloads, 'announcements.notify'> {
  return {
    name: 'announcements.notify',
    options: { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 300 },
    async handler({ announcementId }) {
      const accountIds = await deps.announcements.audience(announcementId);
      if (accountIds.length > 0) {
        await deps.events.emit('announcements.published', { announcementId, accountIds });
      }
    },
  };
}
