import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  patientRxFormResponseSchema,
  patientRxFormsResponseSchema,
  pharmacyRxFormResponseSchema,
  pharmacyRxFormsResponseSchema,
  rxFormRequestInputSchema,
  rxFormSignRequestSchema,
  visitFormParamsSchema,
} from '@apothecall/domain/rx/rx-forms.api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { privateFileRoute, sendPrivatePdf } from '../../platform/private-file';
import { sessionRoutes } from '../../platform/route-groups';
import type { RxFormsService } from './rx-forms.service';

function sendPdf(reply: FastifyReply, pdf: Buffer) {
  return sendPrivatePdf(reply, pdf, 'signed-form.pdf');
}

type RxFormsRoutesDeps = { forms: RxFormsService };

/** The pharmacy's side, under its visit: its requests, a new one, a withdrawal, a signed copy. */
function pharmacyFormRoutes(app: FastifyInstance, deps: RxFormsRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rx forms'];
  const { forms } = deps;
  r.get(
    '/pharmacy/rx/:id/forms',
    {
      schema: {
        tags,
        summary: "The forms my pharmacy asked this visit's patient to sign, newest first",
        params: idParamsSchema,
        response: { 200: pharmacyRxFormsResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      forms: await forms.visitForms(actorOf(request), request.params.id),
    }),
  );

  r.post(
    '/pharmacy/rx/:id/forms',
    {
      schema: {
        tags,
        summary: 'Ask the patient to sign a form of the catalogue (after the claim)',
        params: idParamsSchema,
        body: rxFormRequestInputSchema,
        response: { 200: pharmacyRxFormResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      form: await forms.request(actorOf(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/pharmacy/rx/:id/forms/:formRequestId/withdraw',
    {
      schema: {
        tags,
        summary: 'Withdraw a request the patient has not signed yet',
        params: visitFormParamsSchema,
        response: { 200: pharmacyRxFormResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      form: await forms.withdraw(actorOf(request), request.params.id, request.params.formRequestId),
    }),
  );

  r.get(
    '/pharmacy/rx/:id/forms/:formRequestId/signed.pdf',
    {
      ...privateFileRoute,
      schema: {
        tags,
        summary: 'The signed form (PDF): 404 until it is signed',
        params: visitFormParamsSchema,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await forms.pharmacyPdf(actorOf(request), request.params.id, request.params.formRequestId),
      ),
  );
}

/** The patient's side: the forms to sign, signing one, a signed copy. */
function patientFormRoutes(app: FastifyInstance, deps: RxFormsRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rx forms'];
  const { forms } = deps;
  r.get(
    '/rx/forms',
    {
      schema: {
        tags,
        summary: 'Forms my pharmacies asked me to sign on my Rx visits (waiting, then signed)',
        response: { 200: patientRxFormsResponseSchema },
      },
    },
    async (request) => ({ error: false as const, forms: await forms.mine(actorOf(request)) }),
  );

  r.post(
    '/rx/visits/:id/forms/:formRequestId/sign',
    {
      schema: {
        tags,
        summary: 'Sign a form: my full name as my profile has it, and the box ticked',
        params: visitFormParamsSchema,
        body: rxFormSignRequestSchema,
        response: { 200: patientRxFormResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      form: await forms.sign(actorOf(request), request.params.id, request.params.formRequestId, {
        fullName: request.body.fullName,
      }),
    }),
  );

  r.get(
    '/rx/visits/:id/forms/:formRequestId/signed.pdf',
    {
      ...privateFileRoute,
      schema: {
        tags,
        summary: 'A form I signed (PDF)',
        params: visitFormParamsSchema,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await forms.patientPdf(actorOf(request), request.params.id, request.params.formRequestId),
      ),
  );
}

/**
 * Form signing on Rx visits (spec section 7, "form signing"). The pharmacy's side
 * under its visit (/pharmacy/rx/{id}/forms...), the patient's under theirs (/rx/...). A visit or
 * form the caller may not see is 404; nothing about the patient goes in a URL but ids.
 */
export function rxFormsRoutes(deps: RxFormsRoutesDeps) {
  return sessionRoutes(async (app) => {
    pharmacyFormRoutes(app, deps);
    patientFormRoutes(app, deps);
  });
}
