import {
  type ManagedAnnouncements,
  managedAnnouncementsResponseSchema,
} from '@apothecall/domain/announcements/announcements.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';
import { announcementsQueryKey } from './get-pharmacy-announcements';

export const managedAnnouncementsQueryKey = [...announcementsQueryKey, 'managed'] as const;

/**
 * GET /rxadmin/announcements: what the rx administrator (their company's) or the platform
 * admin (everyone's) posted, newest first, and whom they write to.
 */
export function getManagedAnnouncements(): Promise<ManagedAnnouncements> {
  return apiCall('/rxadmin/announcements', { schema: managedAnnouncementsResponseSchema });
}

/** What the writer posted, and whom they write to. */
export function useManagedAnnouncements(options?: QueryOptions<ManagedAnnouncements>) {
  return useCallQuery(managedAnnouncementsQueryKey, getManagedAnnouncements, options);
}
