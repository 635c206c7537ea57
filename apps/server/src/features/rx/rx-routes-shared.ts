import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import { readForm } from '../../platform/files/multipart-form';
import { fileErrors } from '../../platform/files/upload-inspect';
import { sendPrivateFile } from '../../platform/private-file';
import type { OpenedFile } from '../files/files.port';
import type { RxService, RxUpload } from './rx.service';
import type { RxReviewService } from './rx-review.service';

export const visitFileParamsSchema = z.object({
  id: z.string().max(64),
  fileId: z.string().max(64),
});

/** A visit's file (an ID photo, a message's attachment) as a private download. */
export function sendOpened(reply: FastifyReply, { file, body }: OpenedFile) {
  return sendPrivateFile(reply, {
    body,
    size: file.size,
    contentType: file.contentType,
    filename: file.name,
  });
}

export async function upload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fields: Record<string, string>; file: RxUpload }> {
  const form = await readForm(request, maxBytes);
  if (!form.file) throw fileErrors.missing();
  return { fields: form.fields, file: { fileName: form.file.name, bytes: form.file.bytes } };
}

/** What the patient's Rx routes answer with. */
export interface RxPatientRoutesDeps {
  rx: RxService;
  review: RxReviewService;
  maxBytes: number;
  /** The visit's prescription as a PDF, for its patient or its prescriber. */
  prescriptionPdf: (
    actor: Actor,
    visitId: string,
    who: 'patient' | 'prescriber',
  ) => Promise<Buffer>;
  /** Whether the caller is a prescriber (provider role): whose view of a message to take. */
  isPrescriber: (actor: Actor) => Promise<boolean>;
  /** The visit's consent record as a PDF (spec section 9 layout), for its patient or prescriber. */
  consentPdf: (actor: Actor, visitId: string, who: 'patient' | 'prescriber') => Promise<Buffer>;
}
