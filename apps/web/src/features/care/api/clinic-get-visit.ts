import { visitWorkspaceResponseSchema } from '@apothecall/domain/care/visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export type ClinicVisitResponse = z.infer<typeof visitWorkspaceResponseSchema>;

export const clinicVisitQueryKey = (visitId: string) => ['clinic', 'visit', visitId] as const;

/** GET /clinic/visits/:id: the provider's workspace for one visit (an audited read). */
export function getClinicVisit(visitId: string): Promise<ClinicVisitResponse> {
  return apiCall(`/clinic/visits/${encodeURIComponent(visitId)}`, {
    schema: visitWorkspaceResponseSchema,
  });
}

/** The provider's workspace for one visit. */
export function useClinicVisit(visitId: string, options?: QueryOptions<ClinicVisitResponse>) {
  return useCallQuery(clinicVisitQueryKey(visitId), () => getClinicVisit(visitId), options);
}
