import {
  authIdEnrolRequestSchema,
  authIdEnrolResponseSchema,
  authIdLoginRequestSchema,
  authIdRevokeRequestSchema,
  deviceCredentialsResponseSchema,
  loginResponseSchema,
  loginWithCodeRequestSchema,
  okResponseSchema,
  profileResponseSchema,
  submitCodeRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import { idParamsSchema } from '@apothecall/domain/common/common.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, callerOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { AccountsService } from './accounts.service';

const ok = { error: false as const };

/** A login's answer (spec section 7): the session, the referral it came with, no pricing. */
function loginAnswer<T extends object>(signedIn: T, referral: string | undefined) {
  return { error: false as const, ...signedIn, referral: referral ?? null, pricing: null };
}

/** Logging in and out, and the session's profile. */
export function accountsRoutes(deps: { accounts: AccountsService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['accounts'];

    r.post(
      '/account/token',
      {
        schema: {
          tags,
          summary:
            'Log in; with two-factor on, 401 TFA_REQUIRED carries a tfaToken for POST /submit-code (tfaCode here: older apps)',
          body: loginWithCodeRequestSchema,
          response: { 200: loginResponseSchema },
        },
      },
      async (request) =>
        loginAnswer(
          await deps.accounts.login(request.body, callerOf(request)),
          request.body.referral,
        ),
    );

    r.post(
      '/submit-code',
      {
        schema: {
          tags,
          summary:
            "A two-factor login's code, with the tfaToken its TFA_REQUIRED answer carried: answers what the login answers",
          body: submitCodeRequestSchema,
          response: { 200: loginResponseSchema },
        },
      },
      async (request) =>
        loginAnswer(await deps.accounts.submitCode(request.body, callerOf(request)), undefined),
    );

    r.post(
      '/account/authIdToken',
      {
        schema: {
          tags,
          summary: "Log in with biometrics: the device credential the app's secure storage keeps",
          body: authIdLoginRequestSchema,
          response: { 200: loginResponseSchema },
        },
      },
      async (request) =>
        loginAnswer(
          await deps.accounts.loginWithAuthId(request.body, callerOf(request)),
          request.body.referral,
        ),
    );

    await app.register(
      sessionRoutes(async (group) => {
        const r = group.withTypeProvider<ZodTypeProvider>();

        r.post(
          '/account/auth-id',
          {
            schema: {
              tags,
              summary:
                "Turn biometric login on for this device: a native app's session that proved the password in the last 5 minutes (or sends it); the login id is e-mailed",
              body: authIdEnrolRequestSchema,
              response: { 200: authIdEnrolResponseSchema },
            },
          },
          async (request) => {
            const actor = actorOf(request);
            const authId = await deps.accounts.enrolAuthId(actor, request.body, actor);
            return { error: false as const, authId };
          },
        );

        r.get(
          '/account/devices',
          {
            schema: {
              tags,
              summary: 'The devices that can log in with biometrics (audited)',
              response: { 200: deviceCredentialsResponseSchema },
            },
          },
          async (request) => {
            const actor = actorOf(request);
            return {
              error: false as const,
              devices: await deps.accounts.listDevices(actor, actor),
            };
          },
        );

        r.delete(
          '/account/devices/:id',
          {
            schema: {
              tags,
              summary:
                "Remove a device: its biometric credential stops working (only the account's)",
              params: idParamsSchema,
              response: { 200: okResponseSchema },
            },
          },
          async (request) => {
            const actor = actorOf(request);
            await deps.accounts.revokeDevice(actor, request.params.id, actor);
            return ok;
          },
        );

        r.delete(
          '/account/auth-id',
          {
            schema: {
              tags,
              summary: 'Turn biometric login off: the saved device credential stops working',
              body: authIdRevokeRequestSchema,
              response: { 200: okResponseSchema },
            },
          },
          async (request) => {
            const actor = actorOf(request);
            await deps.accounts.revokeAuthId(actor, request.body.authId, actor);
            return ok;
          },
        );

        r.post(
          '/account/logout',
          {
            schema: { tags, summary: 'End this session', response: { 200: okResponseSchema } },
          },
          async (request) => {
            const actor = actorOf(request);
            await deps.accounts.logout(actor, actor);
            return ok;
          },
        );

        r.get(
          '/account/profile',
          {
            schema: {
              tags,
              summary: "The session's profile and family list",
              response: { 200: profileResponseSchema },
            },
          },
          async (request) => ({
            error: false as const,
            profile: await deps.accounts.profile(actorOf(request).accountId, actorOf(request)),
          }),
        );
      }),
    );
  };
}
