import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  fileDeleteResponseSchema,
  fileUploadFieldsSchema,
  fileUploadResponseSchema,
} from '@apothecall/domain/files/files.api';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { AppError, parseWith } from '../../platform/errors';
import { fileErrors } from '../../platform/files/upload-inspect';
import { requireSession } from '../../platform/http';
import type { FilesService } from './files.service';

/** Text fields a form may carry besides the file (only `purpose` is read). */
const maxFields = 4;

/**
 * POST /files (multipart/form-data: one file part and a `purpose` field), GET /files/:id (the
 * bytes, as a download), DELETE /files/:id. The multipart parser is registered here, so only
 * these routes accept multipart bodies, with the size limit from FILES_MAX_BYTES.
 */
export function filesRoutes(deps: { files: FilesService; maxBytes: number }) {
  return async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: {
        fileSize: deps.maxBytes,
        files: 1,
        fields: maxFields,
        fieldSize: 256,
        fieldNameSize: 64,
        parts: maxFields + 1,
        headerPairs: 50,
      },
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['files'];
    const secured = { preHandler: requireSession };

    r.post(
      '/files',
      {
        ...secured,
        schema: {
          tags,
          summary:
            'Upload one file (multipart/form-data: `file` and `purpose`). The type is read from the bytes; images are re-encoded without metadata.',
          consumes: ['multipart/form-data'],
          response: { 200: fileUploadResponseSchema },
        },
      },
      async (request) => {
        const form = await readForm(request, deps.maxBytes);
        const { purpose } = parseWith(fileUploadFieldsSchema, form.fields);
        if (!form.file) throw fileErrors.missing();
        return {
          error: false as const,
          file: await deps.files.upload(actorOf(request), {
            purpose,
            fileName: form.file.name,
            bytes: form.file.bytes,
          }),
        };
      },
    );

    r.get(
      '/files/:id',
      {
        ...secured,
        schema: {
          tags,
          summary: 'Download one of your files (Content-Disposition: attachment)',
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        const { file, body } = await deps.files.open(actorOf(request), request.params.id);
        return reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.size))
          .header('content-disposition', contentDisposition(file.name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(body);
      },
    );

    r.delete(
      '/files/:id',
      {
        ...secured,
        schema: {
          tags,
          summary: 'Remove one of your files',
          params: idParamsSchema,
          response: { 200: fileDeleteResponseSchema },
        },
      },
      async (request) => {
        await deps.files.remove(actorOf(request), request.params.id);
        return { error: false as const };
      },
    );
  };
}

interface UploadForm {
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer } | undefined;
}

/** Reads the whole form, the file bounded by `maxBytes`; multipart limits become clear 4xx. */
async function readForm(request: FastifyRequest, maxBytes: number): Promise<UploadForm> {
  if (!request.isMultipart()) throw fileErrors.missing();
  const form: UploadForm = { fields: {}, file: undefined };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (form.file) throw fileErrors.tooMany();
        form.file = { name: part.filename ?? '', bytes: await part.toBuffer() };
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileErrors.tooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT') throw fileErrors.tooMany();
    throw new AppError(400, 'VALIDATION', 'errors.malformedBody');
  }
  return form;
}

/**
 * `attachment` with the name twice: an ASCII fallback (`filename`, quotes and non-ASCII
 * replaced) and the exact UTF-8 name (`filename*`, RFC 8187).
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
