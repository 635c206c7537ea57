import {
  type AnnouncementInput,
  announcementInputSchema,
  type ManagedAnnouncement,
  managedAnnouncementResponseSchema,
} from '@apothecall/domain/announcements/announcements.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { announcementsQueryKey } from './get-pharmacy-announcements';

/** POST /rxadmin/announcements: posts to the pharmacies (all, or of the chosen states). */
export async function createAnnouncement(body: AnnouncementInput): Promise<ManagedAnnouncement> {
  const { announcement } = await apiCall('/rxadmin/announcements', {
    method: 'POST',
    body: announcementInputSchema.parse(body),
    schema: managedAnnouncementResponseSchema,
  });
  return announcement;
}

/** Posts an announcement and refreshes every announcements list (the writer's and the pharmacy's). */
export function useCreateAnnouncement(
  options?: MutationCallbacks<ManagedAnnouncement, AnnouncementInput>,
) {
  return useCallMutation(createAnnouncement, () => [announcementsQueryKey], options);
}
