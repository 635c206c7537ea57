import {
  type PharmacyAnnouncement,
  pharmacyAnnouncementsResponseSchema,
} from '@apothecall/domain/announcements/announcements.api';
import { apiCall } from '../../../lib/api-client';

export const announcementsQueryKey = ['announcements'] as const;
export const pharmacyAnnouncementsQueryKey = [...announcementsQueryKey, 'pharmacy'] as const;

/** GET /pharmacy/announcements: my current announcements, newest first (pharmacy staff). */
export async function getPharmacyAnnouncements(): Promise<PharmacyAnnouncement[]> {
  const { announcements } = await apiCall('/pharmacy/announcements', {
    schema: pharmacyAnnouncementsResponseSchema,
  });
  return announcements;
}
