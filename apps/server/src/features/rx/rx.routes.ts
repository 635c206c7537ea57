import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  rxPrepayPriceRequestSchema,
  rxPrepayPriceResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import {
  getMessageAttachmentRequestSchema,
  getVerifyIdDocRequestSchema,
  logFormRequestSchema,
  okResponseSchema,
  productInfoRequestSchema,
  productInfoResponseSchema,
  rxIdUploadFieldsSchema,
  rxMessageAttachmentFieldsSchema,
  rxMessagesResponseSchema,
  rxPriceResponseSchema,
  rxRefillRequestSchema,
  rxSendMessageRequestSchema,
  rxVisitResponseSchema,
  rxVisitsResponseSchema,
  setVerifyIdVisibilityRequestSchema,
  submitRxEvaluationRequestSchema,
  submitRxPaymentRequestSchema,
  verifyIdDocResponseSchema,
  verifyIdFamilyDocsResponseSchema,
} from '@apothecall/domain/rx/rx-visits.api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Actor, actorOf } from '../../platform/actor';
import { parseWith } from '../../platform/errors';
import { readForm, registerMultipart } from '../../platform/files/multipart-form';
import { fileErrors } from '../../platform/files/upload-inspect';
import { privateFileRoute, sendPrivateFile, sendPrivatePdf } from '../../platform/private-file';
import { sessionRoutes } from '../../platform/route-groups';
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

async function upload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fields: Record<string, string>; file: RxUpload }> {
  const form = await readForm(request, maxBytes);
  if (!form.file) throw fileErrors.missing();
  return { fields: form.fields, file: { fileName: form.file.name, bytes: form.file.bytes } };
}

/**
 * Asynchronous prescription visits, the patient's side (spec section 7's Rx calls; the
 * prescriber's review is rx-clinic.routes.ts).
 * Uploads are multipart with the same limits as POST /files; the parser is registered in this
 * plugin only.
 */
export function rxRoutes(deps: {
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
}) {
  return async (app: FastifyInstance) => {
    await registerMultipart(app, deps.maxBytes, 4);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['rx'];
    const _clinic = ['clinic'];

    r.post(
      '/get-productInfo-v2',
      {
        schema: {
          tags,
          summary: "The brand's treatments: evaluation form, consents, protocol and price",
          body: productInfoRequestSchema,
          response: { 200: productInfoResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.rx.productInfo(request.body.id)),
      }),
    );

    // Everything below answers only with a session.
    await app.register(
      sessionRoutes(async (group) => {
        const r = group.withTypeProvider<ZodTypeProvider>();

        r.post(
          '/log-form',
          {
            schema: {
              tags,
              summary: 'Record that a step of a treatment flow was reached (never the answers)',
              body: logFormRequestSchema,
              response: { 200: okResponseSchema },
            },
          },
          async (request) => {
            await deps.rx.logForm(actorOf(request), request.body.productId, request.body.step);
            return { error: false as const };
          },
        );

        r.post(
          '/submit-rx-evaluation',
          {
            schema: {
              tags,
              summary: 'Submit the evaluation: a visit waiting for payment (pendingMedPayment)',
              body: submitRxEvaluationRequestSchema,
              response: { 200: rxVisitResponseSchema },
            },
          },
          async (request) => ({
            error: false as const,
            visit: await deps.rx.submitEvaluation(actorOf(request), request.body),
          }),
        );

        r.post(
          '/rx/refill',
          {
            schema: {
              tags,
              summary: 'A refill: a new visit reusing an earlier evaluation and prescription',
              body: rxRefillRequestSchema,
              response: { 200: rxVisitResponseSchema },
            },
          },
          async (request) => ({
            error: false as const,
            visit: await deps.rx.refill(
              actorOf(request),
              request.body.visitId,
              request.body.idempotencyKey,
            ),
          }),
        );

        r.get(
          '/rx/visits/:id/price',
          {
            schema: {
              tags,
              summary: "The visit's price and its signed token",
              params: idParamsSchema,
              response: { 200: rxPriceResponseSchema },
            },
          },
          async (request) => ({
            error: false as const,
            ...(await deps.rx.price(actorOf(request), request.params.id)),
          }),
        );

        r.post(
          '/rx/visits/:id/prepay-price',
          {
            schema: {
              tags,
              summary: 'The visit priced by an access token or program code (0, priceType prepay)',
              params: idParamsSchema,
              body: rxPrepayPriceRequestSchema,
              response: { 200: rxPrepayPriceResponseSchema },
            },
          },
          async (request) => ({
            error: false as const,
            price: 0 as const,
            priceType: 'prepay' as const,
            offer: await deps.rx.prepayPrice(
              actorOf(request),
              request.params.id,
              request.body.code,
            ),
          }),
        );

        r.post(
          '/submit-rx-payment',
          {
            schema: {
              tags,
              summary: 'Pay the visit (credit, then the card); it joins the review line',
              body: submitRxPaymentRequestSchema,
              response: { 200: rxVisitResponseSchema },
            },
          },
          async (request) => ({
            error: false as const,
            visit: await deps.rx.pay(actorOf(request), request.body),
          }),
        );

        r.get(
          '/rx/visits',
          {
            schema: {
              tags,
              summary: "The account's Rx visits, newest first, and whether one waits for an upload",
              response: { 200: rxVisitsResponseSchema },
            },
          },
          async (request) => ({ error: false as const, ...(await deps.rx.list(actorOf(request))) }),
        );

        r.get(
          '/rx/visits/unpaid',
          {
            schema: {
              tags,
              summary: "The account's visits waiting for payment",
              response: { 200: rxVisitsResponseSchema },
            },
          },
          async (request) => ({
            error: false as const,
            ...(await deps.rx.list(actorOf(request), 'unpaid')),
          }),
        );

        r.post(
          '/rx/visits/:id/cancel',
          {
            schema: {
              tags,
              summary: 'Cancel an unpaid visit, or a paid one not yet claimed (refunded)',
              params: idParamsSchema,
              response: { 200: rxVisitResponseSchema },
            },
          },
          async (request) => ({
            error: false as const,
            visit: await deps.rx.cancel(actorOf(request), request.params.id),
          }),
        );

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
            messages: await deps.rx.sendMessage(
              actorOf(request),
              request.params.id,
              request.body.text,
            ),
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

        r.post(
          '/get-messageAttachment',
          {
            ...privateFileRoute,
            schema: {
              tags,
              summary:
                "A file sent with a message on an Rx visit (the visit's patient or prescriber)",
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
              summary:
                "The visit's consent record (PDF: letter, 80 characters a line, 38 lines a page)",
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
      }),
    );
  };
}
