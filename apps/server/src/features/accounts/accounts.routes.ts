import {
  loginRequestSchema,
  loginResponseSchema,
  okResponseSchema,
  profileResponseSchema,
} from '@apothecall/domain/accounts/accounts.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { originOf, requireSession } from '../../platform/http';
import type { AccountsService } from './accounts.service';

export function accountsRoutes(service: AccountsService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/account/token',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Log in with login id and password',
          body: loginRequestSchema,
          response: { 200: loginResponseSchema },
        },
      },
      async (request) => {
        const { token, profile } = await service.login(request.body, originOf(request));
        return {
          error: false as const,
          token,
          profile,
          referral: request.body.referral ?? null,
          pricing: null,
        };
      },
    );

    r.post(
      '/account/logout',
      {
        preHandler: requireSession,
        schema: {
          tags: ['accounts'],
          summary: 'End this session',
          response: { 200: okResponseSchema },
        },
      },
      async (request) => {
        await service.logout(request.auth!, originOf(request));
        return { error: false as const };
      },
    );

    r.get(
      '/account/profile',
      {
        preHandler: requireSession,
        schema: {
          tags: ['accounts'],
          summary: "The session's profile and family list",
          response: { 200: profileResponseSchema },
        },
      },
      async (request) => {
        const profile = await service.profile(request.auth!.accountId, originOf(request));
        return { error: false as const, profile };
      },
    );
  };
}
