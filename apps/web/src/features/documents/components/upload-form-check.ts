import {
  type DocumentUploadFields,
  documentUploadFieldsSchema,
} from '@apothecall/domain/documents/documents.schemas';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';

/** The upload form as it is being filled (the inputs' own values). */
export interface UploadDraft {
  /** The family member's person id (the holder or a dependent). */
  patient: string;
  fdesc: string;
  /** YYYY-MM-DD, or '' for today (the server's default). */
  fdate: string;
}

export type UploadField = keyof UploadDraft | 'file';

export type UploadErrors = Partial<Record<UploadField, MessageKey>>;

export type UploadCheck =
  | { readonly ok: true; readonly fields: DocumentUploadFields; readonly file: File }
  | { readonly ok: false; readonly errors: UploadErrors };

/** Each field's message when the schema's issue carries no catalogue key of its own. */
const fallback: Record<keyof UploadDraft, MessageKey> = {
  patient: 'common.required',
  fdesc: 'documents.descriptionRequired',
  fdate: 'common.required',
};

/**
 * The form checked by the same schema the server reads the fields with
 * (documentUploadFieldsSchema), and a file chosen. `isKey` is lib/i18n's isMessageKey.
 */
export function checkUpload(
  draft: UploadDraft,
  file: File | null,
  isKey: (key: string) => key is MessageKey,
): UploadCheck {
  const parsed = documentUploadFieldsSchema.safeParse({
    patient: draft.patient,
    fdesc: draft.fdesc,
    ...(draft.fdate ? { fdate: draft.fdate } : {}),
  });
  const errors: UploadErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field !== 'patient' && field !== 'fdesc' && field !== 'fdate') continue;
      errors[field] ??= isKey(issue.message) ? issue.message : fallback[field];
    }
  }
  if (!file) errors.file = 'documentUi.upload.fileRequired';
  if (parsed.success && file) return { ok: true, fields: parsed.data, file };
  return { ok: false, errors };
}
