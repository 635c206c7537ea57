import { announcementDismissResponseSchema } from '@apothecall/domain/announcements/announcements.api';
import { apiCall } from '../../../lib/api-client';

/** POST /pharmacy/announcements/:id/dismiss: hides it for me only. */
export async function dismissAnnouncement(id: string): Promise<void> {
  await apiCall(`/pharmacy/announcements/${encodeURIComponent(id)}/dismiss`, {
    method: 'POST',
    body: {},
    schema: announcementDismissResponseSchema,
  });
}
