import {
  type ManagedAnnouncement,
  managedAnnouncementResponseSchema,
} from '@apothecall/domain/announcements/announcements.api';
import { apiCall } from '../../../lib/api-client';

/** POST /rxadmin/announcements/:id/withdraw: no pharmacy sees it any more. */
export async function withdrawAnnouncement(id: string): Promise<ManagedAnnouncement> {
  const { announcement } = await apiCall(
    `/rxadmin/announcements/${encodeURIComponent(id)}/withdraw`,
    { method: 'POST', body: {}, schema: managedAnnouncementResponseSchema },
  );
  return announcement;
}
