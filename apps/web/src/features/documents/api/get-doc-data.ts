import {
  type DocumentDataResponse,
  documentDataRequestSchema,
  documentDataResponseSchema,
} from '@apothecall/domain/documents/documents.schemas';
import { apiCall } from '../../../lib/api-client';

/**
 * POST /get-doc-data: a document's bytes (base64), the name to save it under and its type. The
 * token travels in the body, never in a URL; it only opens for the session that listed it.
 */
export function getDocData(token: string): Promise<DocumentDataResponse> {
  return apiCall('/get-doc-data', {
    method: 'POST',
    body: documentDataRequestSchema.parse({ token }),
    schema: documentDataResponseSchema,
  });
}
