import { activeVisitsResponseSchema, type PatientVisit } from '@apothecall/domain/care/visits.api';
import { apiCall } from '../../../lib/api-client';

export const activeVisitsQueryKey = ['care', 'visits', 'active'] as const;

/** GET /visits/active: the account's waiting and in-progress visits (the truth on reload). */
export async function getActiveVisits(): Promise<PatientVisit[]> {
  const { visits } = await apiCall('/visits/active', { schema: activeVisitsResponseSchema });
  return visits;
}
