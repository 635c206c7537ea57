import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  fileDeleteResponseSchema,
  fileUploadFieldsSchema,
  fileUploadResponseSchema,
} from '@apothecall/domain/files/files.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { parseWith } from '../../platform/errors';
import { readForm, registerMultipart } from '../../platform/files/multipart-form';
import { fileErrors } from '../../platform/files/upload-inspect';
import { privateFileRoute, sendPrivateFile } from '../../platform/private-file';
import { sessionRoutes } from '../../platform/route-groups';
import type { FilesService } from './files.service';

/** Text fields a form may carry besides the file (only `purpose` is read). */
const maxFields = 4;

/**
 * POST /files (multipart/form-data: one file part and a `purpose` field), GET /files/:id (the
 * bytes, as a download), DELETE /files/:id. The multipart parser is registered here, so only
 * these routes accept multipart bodies, with the size limit from FILES_MAX_BYTES.
 */
export function filesRoutes(deps: { files: FilesService; maxBytes: number }) {
  return sessionRoutes(async (app) => {
    await registerMultipart(app, deps.maxBytes, maxFields);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['files'];

    r.post(
      '/files',
      {
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
        ...privateFileRoute,
        schema: {
          tags,
          summary: 'Download one of your files (Content-Disposition: attachment)',
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        const { file, body } = await deps.files.open(actorOf(request), request.params.id);
        return sendPrivateFile(reply, {
          body,
          size: file.size,
          contentType: file.contentType,
          filename: file.name,
        });
      },
    );

    r.delete(
      '/files/:id',
      {
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
  });
}
