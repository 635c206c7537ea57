import { verifyIdFamilyDocsResponseSchema } from '@apothecall/domain/rx/rx-verify-id.api';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { useCallQuery } from '../../../lib/call-hooks';
import { rxVisitsQueryKey } from './get-rx-visits';

export type FamilyIdDocs = z.infer<typeof verifyIdFamilyDocsResponseSchema>['documents'];

export const familyIdDocsQueryKey = ['rx', 'id', 'family'] as const;

/** POST /get-verifyId-FamilyDocs: each family member's photo ID on file (or none). */
export async function getVerifyIdFamilyDocs(): Promise<FamilyIdDocs> {
  const { documents } = await apiCall('/get-verifyId-FamilyDocs', {
    method: 'POST',
    body: {},
    schema: verifyIdFamilyDocsResponseSchema,
  });
  return documents;
}

/** Each family member's photo ID on file. */
export function useVerifyIdFamilyDocs() {
  return useCallQuery(familyIdDocsQueryKey, getVerifyIdFamilyDocs);
}

/** Marks the family's IDs and the account's visits stale (an ID uploaded or shown/hidden). */
export function useRefreshFamilyIdDocs() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: familyIdDocsQueryKey });
    void queryClient.invalidateQueries({ queryKey: rxVisitsQueryKey });
  };
}
