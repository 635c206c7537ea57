import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  inviteProviderRequestSchema,
  type ProviderAdminView,
  providerLicenceParamsSchema,
  providerPracticeSchema,
  providerResponseSchema,
  providersListResponseSchema,
  putLicenceRequestSchema,
} from '@apothecall/domain/providers/providers.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { ProvidersAdminService } from './providers-admin.service';

/**
 * The back office's providers area, under /api/admin/providers: the list and one
 * provider (admin and support), the invitation, licences, deactivation and reactivation (admin).
 * Who may do what is the service's check (backoffice.rules), on every call.
 */
export function providersRoutes(deps: { admin: ProvidersAdminService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin: providers'];
    const one = async (provider: Promise<ProviderAdminView>) => ({
      error: false as const,
      provider: await provider,
    });

    r.get(
      '/admin/providers',
      {
        schema: {
          tags,
          summary: 'Every provider: NPI, credentials, licences by state with expiry, on duty now',
          response: { 200: providersListResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        providers: await deps.admin.list(actorOf(request)),
      }),
    );

    r.get(
      '/admin/providers/:id',
      {
        schema: {
          tags,
          summary: 'One provider: profile, licences, on duty, active',
          params: idParamsSchema,
          response: { 200: providerResponseSchema },
        },
      },
      async (request) => one(deps.admin.get(actorOf(request), request.params.id)),
    );

    r.post(
      '/admin/providers/invite',
      {
        schema: {
          tags,
          summary: 'Invite a provider: a login with no password and a set-password link by e-mail',
          body: inviteProviderRequestSchema,
          response: { 200: providerResponseSchema },
        },
      },
      async (request) => one(deps.admin.invite(actorOf(request), request.body)),
    );

    licenceRoutes(app, deps.admin);

    r.post(
      '/admin/providers/:id/deactivate',
      {
        schema: {
          tags,
          summary:
            'Deactivate a provider: sessions end, no login or claim; their visits in progress go back to the line',
          params: idParamsSchema,
          response: {
            200: providerResponseSchema.extend({ released: z.number().int().nonnegative() }),
          },
        },
      },
      async (request) => {
        const { provider, released } = await deps.admin.deactivate(
          actorOf(request),
          request.params.id,
        );
        return { error: false as const, provider, released };
      },
    );

    r.post(
      '/admin/providers/:id/reactivate',
      {
        schema: {
          tags,
          summary: 'Reactivate a provider: they may sign in again with their password',
          params: idParamsSchema,
          response: { 200: providerResponseSchema },
        },
      },
      async (request) => one(deps.admin.reactivate(actorOf(request), request.params.id)),
    );
  });
}

/** A provider's licences and practice (declared in the providers plugin, under its session). */
function licenceRoutes(app: FastifyInstance, admin: ProvidersAdminService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: providers'];
  const one = async (provider: Promise<ProviderAdminView>) => ({
    error: false as const,
    provider: await provider,
  });

  r.put(
    '/admin/providers/:id/licences/:state',
    {
      schema: {
        tags,
        summary: "Add or replace the provider's licence in a state (number, expiry date)",
        params: providerLicenceParamsSchema,
        body: putLicenceRequestSchema,
        response: { 200: providerResponseSchema },
      },
    },
    async (request) =>
      one(
        admin.putLicence(actorOf(request), request.params.id, {
          state: request.params.state,
          ...request.body,
        }),
      ),
  );

  r.put(
    '/admin/providers/:id/practice',
    {
      schema: {
        tags,
        summary:
          'Enter or replace the practice printed on the provider’s notes and prescriptions (name, address, phone, fax)',
        params: idParamsSchema,
        body: providerPracticeSchema,
        response: { 200: providerResponseSchema },
      },
    },
    async (request) => one(admin.putPractice(actorOf(request), request.params.id, request.body)),
  );

  r.delete(
    '/admin/providers/:id/licences/:state',
    {
      schema: {
        tags,
        summary: "Remove the provider's licence in a state",
        params: providerLicenceParamsSchema,
        response: { 200: providerResponseSchema },
      },
    },
    async (request) =>
      one(admin.removeLicence(actorOf(request), request.params.id, request.params.state)),
  );
}
