import {
  type ManagedAnnouncement,
  managedAnnouncementResponseSchema,
} from '@apothecall/domain/announcements/announcements.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { announcementsQueryKey } from './get-pharmacy-announcements';

/** POST /rxadmin/announcements/:id/withdraw: no pharmacy sees it any more. */
export async function withdrawAnnouncement(id: string): Promise<ManagedAnnouncement> {
  const { announcement } = await apiCall(
    `/rxadmin/announcements/${encodeURIComponent(id)}/withdraw`,
    { method: 'POST', body: {}, schema: managedAnnouncementResponseSchema },
  );
  return announcement;
}

/** Withdraws an announcement and refreshes every announcements list. */
export function useWithdrawAnnouncement(options?: MutationCallbacks<ManagedAnnouncement, string>) {
  return useCallMutation(withdrawAnnouncement, () => [announcementsQueryKey], options);
}
