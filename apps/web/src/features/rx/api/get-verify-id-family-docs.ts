import { verifyIdFamilyDocsResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

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
