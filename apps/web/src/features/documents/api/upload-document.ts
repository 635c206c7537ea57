import {
  type DocumentUploadFields,
  type DocumentView,
  documentUploadResponseSchema,
} from '@apothecall/domain/documents/documents.schemas';
import { apiUpload } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { documentsRootQueryKey } from './get-patient-docs';

/**
 * POST /documents (multipart): one `file` part with the family member it is about, its
 * description and, optionally, the day it is about (the fields first, then the file).
 */
export async function uploadDocument(
  fields: DocumentUploadFields,
  file: File,
): Promise<DocumentView> {
  const body = new FormData();
  body.append('patient', fields.patient);
  body.append('fdesc', fields.fdesc);
  if (fields.fdate) body.append('fdate', fields.fdate);
  body.append('file', file, file.name);
  const { document } = await apiUpload('/documents', {
    body,
    schema: documentUploadResponseSchema,
  });
  return document;
}

export interface DocumentUpload {
  fields: DocumentUploadFields;
  file: File;
}

/** Uploads a document and refreshes every documents list. */
export function useUploadDocument(options?: MutationCallbacks<DocumentView, DocumentUpload>) {
  return useCallMutation(
    ({ fields, file }: DocumentUpload) => uploadDocument(fields, file),
    () => [documentsRootQueryKey],
    options,
  );
}
