import {
  okResponseSchema,
  passwordChangeRequestSchema,
  passwordResetRequestSchema,
  resetCodeRequestSchema,
  savePasswordRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, callerOf, originOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { PasswordsService } from './passwords.service';

const ok = { error: false as const };

/** Password help: the reset link and code, and changing the password. */
export function passwordsRoutes(deps: { passwords: PasswordsService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['accounts'];

    r.post(
      '/password-reset',
      {
        schema: {
          tags,
          summary: 'Send a password reset link',
          body: passwordResetRequestSchema,
          response: { 200: okResponseSchema },
        },
      },
      async (request) => {
        await deps.passwords.requestReset(request.body.email, callerOf(request));
        return ok;
      },
    );

    r.post(
      '/resetpw/verify',
      {
        schema: {
          tags,
          summary: 'Check a reset code',
          body: resetCodeRequestSchema,
          response: { 200: okResponseSchema },
        },
      },
      async (request) => {
        await deps.passwords.verifyReset(request.body.resetCode);
        return ok;
      },
    );

    r.post(
      '/resetpw/cancel',
      {
        schema: {
          tags,
          summary: 'Cancel a reset code',
          body: resetCodeRequestSchema,
          response: { 200: okResponseSchema },
        },
      },
      async (request) => {
        await deps.passwords.cancelReset(request.body.resetCode, originOf(request));
        return ok;
      },
    );

    r.post(
      '/resetpw/savepw',
      {
        schema: {
          tags,
          summary: 'Set a new password with a reset code',
          body: savePasswordRequestSchema,
          response: { 200: okResponseSchema },
        },
      },
      async (request) => {
        await deps.passwords.saveReset(
          request.body.resetCode,
          request.body.password,
          originOf(request),
        );
        return ok;
      },
    );

    await app.register(
      sessionRoutes(async (group) => {
        const r = group.withTypeProvider<ZodTypeProvider>();

        r.post(
          '/password-change',
          {
            schema: {
              tags,
              summary: 'Change the password',
              body: passwordChangeRequestSchema,
              response: { 200: okResponseSchema },
            },
          },
          async (request) => {
            await deps.passwords.change(
              actorOf(request),
              request.body.oldPassword,
              request.body.newPassword,
              originOf(request),
            );
            return ok;
          },
        );
      }),
    );
  };
}
