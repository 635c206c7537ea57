import {
  type VerifyIdDoc,
  verifyIdDocResponseSchema,
} from '@apothecall/domain/rx/rx-verify-id.api';
import { apiUpload } from '../../../lib/api-client';

/** POST /rx/id (multipart: `patientID`, then `file`): a family member's photo ID. */
export async function uploadRxId(patientId: string, file: File): Promise<VerifyIdDoc | null> {
  const body = new FormData();
  body.append('patientID', patientId);
  body.append('file', file, file.name);
  const { document } = await apiUpload('/rx/id', { body, schema: verifyIdDocResponseSchema });
  return document;
}
