import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  getMessageAttachmentRequestSchema,
  rxMessageAttachmentFieldsSchema,
  rxMessagesResponseSchema,
  rxSendMessageRequestSchema,
} from '@apothecall/domain/rx/rx-visits.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { parseWith } from '../../platform/errors';
import { privateFileRoute, sendPrivatePdf } from '../../platform/private-file';
import { type RxPatientRoutesDeps, sendOpened, upload } from './rx-routes-shared';

// The visit's messages with its prescriber and its papers (session routes).

/** The visit's messages: read, write, write with a file. */
export function rxMessageRoutes(group: FastifyInstance, deps: RxPatientRoutesDeps) {
  const r = group.withTypeProvider<ZodTypeProvider>();
  const tags = ['rx'];
  r.get(
    '/rx/visits/:id/messages',
    {
      schema: {
        tags,
        summary: "The visit's messages with its prescriber, oldest first",
        params: idParamsSchema,
        response: { 200: rxMessagesResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      messages: await deps.rx.messages(actorOf(request), request.params.id),
    }),
  );

  r.post(
    '/rx/visits/:id/messages',
    {
      schema: {
        tags,
        summary: 'Write to the prescriber',
        params: idParamsSchema,
        body: rxSendMessageRequestSchema,
        response: { 200: rxMessagesResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      messages: await deps.rx.sendMessage(actorOf(request), request.params.id, request.body.text),
    }),
  );

  r.post(
    '/rx/visits/:id/messages/attachment',
    {
      schema: {
        tags,
        summary: 'Write to the prescriber with a file (multipart: `text`, then `file`)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: rxMessagesResponseSchema },
      },
    },
    async (request) => {
      const { fields, file } = await upload(request, deps.maxBytes);
      const { text } = parseWith(rxMessageAttachmentFieldsSchema, fields);
      return {
        error: false as const,
        messages: await deps.rx.sendMessage(actorOf(request), request.params.id, text, file),
      };
    },
  );
}

/** A message's file, and the visit's prescription and consent record as PDFs. */
export function rxPaperRoutes(group: FastifyInstance, deps: RxPatientRoutesDeps) {
  const r = group.withTypeProvider<ZodTypeProvider>();
  const tags = ['rx'];
  r.post(
    '/get-messageAttachment',
    {
      ...privateFileRoute,
      schema: {
        tags,
        summary: "A file sent with a message on an Rx visit (the visit's patient or prescriber)",
        body: getMessageAttachmentRequestSchema,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { msgId, fileId } = request.body;
      return sendOpened(
        reply,
        (await deps.isPrescriber(actor))
          ? await deps.review.messageAttachment(actor, msgId, fileId)
          : await deps.rx.messageAttachment(actor, msgId, fileId),
      );
    },
  );

  r.get(
    '/rx/visits/:id/prescription.pdf',
    {
      ...privateFileRoute,
      schema: { tags, summary: "The visit's prescription (PDF)", params: idParamsSchema },
    },
    async (request, reply) => {
      const pdf = await deps.prescriptionPdf(actorOf(request), request.params.id, 'patient');
      return sendPrivatePdf(reply, pdf, 'prescription.pdf');
    },
  );

  r.get(
    '/rx/visits/:id/consents.pdf',
    {
      ...privateFileRoute,
      schema: {
        tags,
        summary: "The visit's consent record (PDF: letter, 80 characters a line, 38 lines a page)",
        params: idParamsSchema,
      },
    },
    async (request, reply) =>
      sendPrivatePdf(
        reply,
        await deps.consentPdf(actorOf(request), request.params.id, 'patient'),
        'consents.pdf',
      ),
  );
}
