import { visitWorkspaceResponseSchema } from '@apothecall/domain/care/visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export type ClinicVisitResponse = z.infer<typeof visitWorkspaceResponseSchema>;

export const clinicVisitQueryKey = (visitId: string) => ['clinic', 'visit', visitId] as const;

/** GET /clinic/visits/:id: the provider's workspace for one visit (an audited read). */
export function getClinicVisit(visitId: string): Promise<ClinicVisitResponse> {
  return apiCall(`/clinic/visits/${encodeURIComponent(visitId)}`, {
    schema: visitWorkspaceResponseSchema,
  });
}
