import { type RxVisitView, rxVisitResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import { apiUpload } from '../../../lib/api-client';

/** POST /rx/visits/:id/attachments (multipart, one `file`): the document the prescriber asked for. */
export async function uploadRxAttachment(visitId: string, file: File): Promise<RxVisitView> {
  const body = new FormData();
  body.append('file', file, file.name);
  const { visit } = await apiUpload(`/rx/visits/${encodeURIComponent(visitId)}/attachments`, {
    body,
    schema: rxVisitResponseSchema,
  });
  return visit;
}
