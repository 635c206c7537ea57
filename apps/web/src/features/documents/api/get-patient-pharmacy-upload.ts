import {
  type DocumentsResponse,
  documentsResponseSchema,
} from '@apothecall/domain/documents/documents.schemas';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

/** Under the documents' prefix: an upload or a removal refreshes it with the lists. */
export const pharmacyUploadQueryKey = ['documents', 'pharmacy-upload'] as const;

/**
 * POST /get-patient-pharmacy-upload: what a pharmacy filed for the family this month (the
 * in-store intake). Spec section 4: a brief login from an in-store link loads it.
 */
export function getPatientPharmacyUpload(): Promise<DocumentsResponse> {
  return apiCall('/get-patient-pharmacy-upload', {
    method: 'POST',
    body: {},
    schema: documentsResponseSchema,
  });
}

/** What a pharmacy filed for the family this month. */
export function usePatientPharmacyUpload(options?: QueryOptions<DocumentsResponse>) {
  return useCallQuery(pharmacyUploadQueryKey, getPatientPharmacyUpload, options);
}
