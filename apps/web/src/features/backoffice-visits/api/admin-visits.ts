import {
  type AdminVisitsList,
  type AdminVisitsListResponse,
  adminVisitsListResponseSchema,
} from '@apothecall/domain/backoffice/visits.api';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export const adminVisitsQueryKey = ['admin', 'visits'] as const;

/** POST /admin/visits/list: visits by kind and status, stuck first (admin, support). */
export async function listAdminVisits(
  filter: AdminVisitsList,
): Promise<Omit<AdminVisitsListResponse, 'error'>> {
  const { visits, page, more } = await apiCall('/admin/visits/list', {
    method: 'POST',
    body: filter,
    schema: adminVisitsListResponseSchema,
  });
  return { visits, page, more };
}

/** POST /admin/visits/:id/cancel or /reassign with the note the patient reads. */
export async function actOnVisit(
  id: string,
  action: 'cancel' | 'reassign',
  note: string,
): Promise<void> {
  await apiCall(`/admin/visits/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    body: { note },
    schema: z.object({ error: z.literal(false) }).loose(),
  });
}
