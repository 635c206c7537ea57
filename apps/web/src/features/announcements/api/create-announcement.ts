import {
  type AnnouncementInput,
  announcementInputSchema,
  type ManagedAnnouncement,
  managedAnnouncementResponseSchema,
} from '@apothecall/domain/announcements/announcements.api';
import { apiCall } from '../../../lib/api-client';

/** POST /rxadmin/announcements: posts to the pharmacies (all, or of the chosen states). */
export async function createAnnouncement(body: AnnouncementInput): Promise<ManagedAnnouncement> {
  const { announcement } = await apiCall('/rxadmin/announcements', {
    method: 'POST',
    body: announcementInputSchema.parse(body),
    schema: managedAnnouncementResponseSchema,
  });
  return announcement;
}
