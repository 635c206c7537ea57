import {
  documentDataRequestSchema,
  documentDataResponseSchema,
  documentRemoveRequestSchema,
  documentsByMonthRequestSchema,
  documentsResponseSchema,
  documentUploadFieldsSchema,
  documentUploadResponseSchema,
} from '@apothecall/domain/documents/documents.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor';
import { parseWith } from '../../platform/errors';
import { readForm, registerMultipart } from '../../platform/files/multipart-form';
import { fileErrors } from '../../platform/files/upload-inspect';
import { sessionRoutes } from '../../platform/route-groups';
import type { DocumentsService } from './documents.service';

/**
 * The patient's documents (spec section 7): the month's list, one month's list, the pharmacy's
 * upload, a document's bytes (base64), and the patient's own uploads (multipart, the same limits
 * as POST /files; the parser is registered in this plugin only) and their removal.
 */
export function documentsRoutes(deps: { documents: DocumentsService; maxBytes: number }) {
  return sessionRoutes(async (app) => {
    await registerMultipart(app, deps.maxBytes, 4);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['documents'];

    listRoutes(app, deps.documents);

    r.post(
      '/documents',
      {
        schema: {
          tags,
          summary: 'Upload a document (multipart: `file`, `patient`, `fdesc`, optional `fdate`)',
          consumes: ['multipart/form-data'],
          response: { 200: documentUploadResponseSchema },
        },
      },
      async (request) => {
        const form = await readForm(request, deps.maxBytes);
        const fields = parseWith(documentUploadFieldsSchema, form.fields);
        if (!form.file) throw fileErrors.missing();
        return {
          error: false as const,
          document: await deps.documents.upload(actorOf(request), fields, {
            fileName: form.file.name,
            bytes: form.file.bytes,
          }),
        };
      },
    );

    r.post(
      '/documents-remove',
      {
        schema: {
          tags,
          summary: 'Remove one of the family’s own uploads',
          body: documentRemoveRequestSchema,
          response: { 200: z.object({ error: z.literal(false) }) },
        },
      },
      async (request) => {
        await deps.documents.remove(actorOf(request), request.body.token);
        return { error: false as const };
      },
    );
  });
}

/** The lists and a document's bytes (declared in the documents plugin, under its session). */
function listRoutes(app: FastifyInstance, documents: DocumentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];

  r.post(
    '/get-patient-docs',
    {
      schema: {
        tags,
        summary: "The family's documents of the current month (the reader's time zone)",
        response: { 200: documentsResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      ...(await documents.month(actorOf(request))),
    }),
  );

  r.post(
    '/get-patient-docs-date',
    {
      schema: {
        tags,
        summary: "The family's documents of one month (fdate: YYYY-MM)",
        body: documentsByMonthRequestSchema,
        response: { 200: documentsResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      ...(await documents.month(actorOf(request), request.body.fdate)),
    }),
  );

  r.post(
    '/get-patient-pharmacy-upload',
    {
      schema: {
        tags,
        summary: 'What a pharmacy filed for the family this month',
        response: { 200: documentsResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      ...(await documents.pharmacyUploads(actorOf(request))),
    }),
  );

  r.post(
    '/get-doc-data',
    {
      schema: {
        tags,
        summary: 'One document as base64, with the name and type to save it under',
        body: documentDataRequestSchema,
        response: { 200: documentDataResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      ...(await documents.data(actorOf(request), request.body.token)),
    }),
  );
}
