import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  getVerifyIdDocRequestSchema,
  rxIdUploadFieldsSchema,
  setVerifyIdVisibilityRequestSchema,
  verifyIdDocResponseSchema,
  verifyIdFamilyDocsResponseSchema,
} from '@apothecall/domain/rx/rx-verify-id.api';
import { rxVisitResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { parseWith } from '../../platform/errors';
import { type RxPatientRoutesDeps, upload } from './rx-routes-shared';

// What the patient uploads: a requested document and the family's photo IDs (session routes).

/** Uploads (multipart): the document a visit waits for, a family member's photo ID. */
export function rxUploadRoutes(group: FastifyInstance, deps: RxPatientRoutesDeps) {
  const r = group.withTypeProvider<ZodTypeProvider>();
  const tags = ['rx'];
  r.post(
    '/rx/visits/:id/attachments',
    {
      schema: {
        tags,
        summary: 'Upload the document the visit waits for (multipart: `file`)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: rxVisitResponseSchema },
      },
    },
    async (request) => {
      const { file } = await upload(request, deps.maxBytes);
      return {
        error: false as const,
        visit: await deps.rx.uploadAttachment(actorOf(request), request.params.id, file),
      };
    },
  );

  r.post(
    '/rx/id',
    {
      schema: {
        tags,
        summary: "Upload a family member's photo ID (multipart: `patientID`, `file`)",
        consumes: ['multipart/form-data'],
        response: { 200: verifyIdDocResponseSchema },
      },
    },
    async (request) => {
      const { fields, file } = await upload(request, deps.maxBytes);
      const { patientID } = parseWith(rxIdUploadFieldsSchema, fields);
      return {
        error: false as const,
        document: await deps.rx.uploadId(actorOf(request), patientID, file),
      };
    },
  );
}

/** The family's photo IDs: one, its visibility to pharmacies, all of them. */
export function rxIdDocumentRoutes(group: FastifyInstance, deps: RxPatientRoutesDeps) {
  const r = group.withTypeProvider<ZodTypeProvider>();
  const tags = ['rx'];
  r.post(
    '/get-verifyId-doc',
    {
      schema: {
        tags,
        summary: "A family member's newest photo ID, if any",
        body: getVerifyIdDocRequestSchema,
        response: { 200: verifyIdDocResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      document: await deps.rx.idDocument(actorOf(request), request.body.patientID),
    }),
  );

  r.post(
    '/set-verifyId-Visibility',
    {
      schema: {
        tags,
        summary: 'Hide a photo ID from pharmacies, or show it again',
        body: setVerifyIdVisibilityRequestSchema,
        response: { 200: verifyIdDocResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      document: await deps.rx.setIdVisibility(
        actorOf(request),
        request.body.verifyId,
        request.body.hide,
      ),
    }),
  );

  r.post(
    '/get-verifyId-FamilyDocs',
    {
      schema: {
        tags,
        summary: "Each family member's photo ID, if any",
        response: { 200: verifyIdFamilyDocsResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      documents: await deps.rx.familyIdDocuments(actorOf(request)),
    }),
  );
}
