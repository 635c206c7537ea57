import {
  type PharmacyAnnouncement,
  pharmacyAnnouncementsResponseSchema,
} from '@apothecall/domain/announcements/announcements.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const announcementsQueryKey = ['announcements'] as const;
export const pharmacyAnnouncementsQueryKey = [...announcementsQueryKey, 'pharmacy'] as const;

/** GET /pharmacy/announcements: my current announcements, newest first (pharmacy staff). */
export async function getPharmacyAnnouncements(): Promise<PharmacyAnnouncement[]> {
  const { announcements } = await apiCall('/pharmacy/announcements', {
    schema: pharmacyAnnouncementsResponseSchema,
  });
  return announcements;
}

/** My pharmacy's current announcements. */
export function usePharmacyAnnouncements(options?: QueryOptions<PharmacyAnnouncement[]>) {
  return useCallQuery(pharmacyAnnouncementsQueryKey, getPharmacyAnnouncements, options);
}
