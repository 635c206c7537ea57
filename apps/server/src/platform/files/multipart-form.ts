import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { fileErrors } from './upload-inspect';

/**
 * Multipart uploads for the routes of one plugin (files, Rx visits): the parser registered in
 * that plugin only, bounded by the configured file size, one file and a few small fields.
 */
export async function registerMultipart(app: FastifyInstance, maxBytes: number, maxFields: number) {
  await app.register(multipart, {
    limits: {
      fileSize: maxBytes,
      files: 1,
      fields: maxFields,
      fieldSize: 256,
      fieldNameSize: 64,
      parts: maxFields + 1,
      headerPairs: 50,
    },
  });
}

const malformed = () => new AppError(400, 'VALIDATION', 'errors.malformedBody');

export interface UploadForm {
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer } | undefined;
}

/** Reads the whole form, the file bounded by `maxBytes`; multipart limits become clear 4xx. */
export async function readForm(request: FastifyRequest, maxBytes: number): Promise<UploadForm> {
  if (!request.isMultipart()) throw fileErrors.missing();
  const form: UploadForm = { fields: {}, file: undefined };
  try {
    for await (const part of request.parts()) {
      // A NUL byte cannot be stored and is never meaningful here (as in a JSON body): the form
      // is refused before anything of it is kept.
      if (part.fieldname.includes('\u0000')) throw malformed();
      if (part.type === 'file') {
        if (form.file) throw fileErrors.tooMany();
        if ((part.filename ?? '').includes('\u0000')) throw malformed();
        form.file = { name: part.filename ?? '', bytes: await part.toBuffer() };
      } else if (typeof part.value === 'string') {
        if (part.value.includes('\u0000')) throw malformed();
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileErrors.tooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT') throw fileErrors.tooMany();
    throw malformed();
  }
  return form;
}
