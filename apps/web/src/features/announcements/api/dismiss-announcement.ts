import {
  announcementDismissResponseSchema,
  type PharmacyAnnouncement,
} from '@apothecall/domain/announcements/announcements.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { pharmacyAnnouncementsQueryKey } from './get-pharmacy-announcements';

/** POST /pharmacy/announcements/:id/dismiss: hides it for me only. */
export async function dismissAnnouncement(id: string): Promise<void> {
  await apiCall(`/pharmacy/announcements/${encodeURIComponent(id)}/dismiss`, {
    method: 'POST',
    body: {},
    schema: announcementDismissResponseSchema,
  });
}

/** Dismisses an announcement and takes it out of my cached list at once (no refetch). */
export function useDismissAnnouncement(options?: MutationCallbacks<void, string>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: dismissAnnouncement,
    onSuccess: (result, id, onMutateResult, context) => {
      queryClient.setQueryData<PharmacyAnnouncement[]>(pharmacyAnnouncementsQueryKey, (old) =>
        old?.filter((a) => a.id !== id),
      );
      return options?.onSuccess?.(result, id, onMutateResult, context);
    },
  });
}
