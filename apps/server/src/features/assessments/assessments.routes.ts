import {
  assessmentRequestSchema,
  assessmentResponseSchema,
  assessmentsResponseSchema,
  instoreCheckResponseSchema,
  instoreCodeRequestSchema,
  instoreStartResponseSchema,
} from '@apothecall/domain/assessments/assessment.api';
import { idParamsSchema } from '@apothecall/domain/common/common.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, callerOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { AssessmentsService } from './assessments.service';

/**
 * The in-store assessment's calls: the pharmacy's staff submits and reads its own
 * assessments (403 for anyone else; another pharmacy's ids 404); the patient checks the
 * e-mailed link's code (public: the code is the credential, sent in the body, never the URL)
 * and, signed in, starts the Rx visit it continues into.
 */
export function assessmentsRoutes(deps: { assessments: AssessmentsService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['assessments'];
    const { assessments } = deps;

    r.post(
      '/instore/check',
      {
        schema: {
          tags,
          summary:
            "The e-mailed link's pharmacy and how to sign in (404 unknown, 410 used or expired)",
          body: instoreCodeRequestSchema,
          response: { 200: instoreCheckResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        instore: await assessments.check(callerOf(request), request.body.code),
      }),
    );

    await app.register(
      sessionRoutes(async (group) => {
        const r = group.withTypeProvider<ZodTypeProvider>();

        r.post(
          '/pharmacy/assessments',
          {
            schema: {
              tags,
              summary:
                'Submit an in-store UTI or URI assessment; the patient is e-mailed a link (refused in AR, DC, LA, MD, MN, MS, NY, OK, RI, WA, WV, or where the pharmacy takes no visits)',
              body: assessmentRequestSchema,
              response: { 200: assessmentResponseSchema },
            },
          },
          async (request) => ({
            error: false as const,
            assessment: await assessments.submit(actorOf(request), request.body),
          }),
        );

        r.get(
          '/pharmacy/assessments',
          {
            schema: {
              tags,
              summary: "The pharmacy's newest assessments (audited)",
              response: { 200: assessmentsResponseSchema },
            },
          },
          async (request) => ({
            error: false as const,
            assessments: await assessments.list(actorOf(request)),
          }),
        );

        r.get(
          '/pharmacy/assessments/:id',
          {
            schema: {
              tags,
              summary: "One of the pharmacy's assessments (audited)",
              params: idParamsSchema,
              response: { 200: assessmentResponseSchema },
            },
          },
          async (request) => ({
            error: false as const,
            assessment: await assessments.one(actorOf(request), request.params.id),
          }),
        );

        r.post(
          '/instore/start',
          {
            schema: {
              tags,
              summary:
                "The signed-in patient's link as the Rx flow opens it (treatment, pharmacy, state, answers)",
              body: instoreCodeRequestSchema,
              response: { 200: instoreStartResponseSchema },
            },
          },
          async (request) => ({
            error: false as const,
            start: await assessments.start(actorOf(request), request.body.code),
          }),
        );
      }),
    );
  };
}
