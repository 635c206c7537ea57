import type { DocumentDataResponse } from '@apothecall/domain/documents/documents.schemas';
import {
  type MutationCallbacks,
  type QueryOptions,
  useCallMutation,
  useCallQuery,
} from '../../../lib/call-hooks';
import { getDocData } from './get-doc-data';

// The hooks of POST /get-doc-data. The call stays alone in get-doc-data.ts, so a component test
// can replace it and keep these.

export const documentDataQueryKey = (token: string) => ['documents', 'data', token] as const;

/** A document's bytes on screen, by its token. */
export function useDocumentData(token: string, options?: QueryOptions<DocumentDataResponse>) {
  return useCallQuery(documentDataQueryKey(token), () => getDocData(token), options);
}

/** A document's bytes fetched for a download, by its token (nothing cached changes). */
export function useDocumentDataDownload(options?: MutationCallbacks<DocumentDataResponse, string>) {
  return useCallMutation(getDocData, () => [], options);
}
