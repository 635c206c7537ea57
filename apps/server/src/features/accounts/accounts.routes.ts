import {
  acceptConsentsRequestSchema,
  addDependentRequestSchema,
  consentStatusSchema,
  familyResponseSchema,
  loginResponseSchema,
  loginWithCodeRequestSchema,
  okResponseSchema,
  passwordChangeRequestSchema,
  passwordResetRequestSchema,
  personResponseSchema,
  profileResponseSchema,
  profileSettingsRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  removeAccountRequestSchema,
  resetCodeRequestSchema,
  savePasswordRequestSchema,
  setProfileRequestSchema,
  settingsResponseSchema,
} from '@apothecall/domain/accounts/accounts.schemas';
import {
  asyncLocationResponseSchema,
  consultLocationResponseSchema,
  credentialsResponseSchema,
  hoursQuerySchema,
  hoursResponseSchema,
  setConsultLocationRequestSchema,
  setConsultLocationResponseSchema,
} from '@apothecall/domain/accounts/consult.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf, requireSession } from '../../platform/http';
import type { AccountsService, RequestContext } from './accounts.service';
import type { ConsultService } from './consult.service';
import type { Actor, FamilyService } from './family.service';
import type { PasswordsService } from './passwords.service';
import type { RegistrationService } from './registration.service';

export interface AccountsRouteDeps {
  accounts: AccountsService;
  registration: RegistrationService;
  passwords: PasswordsService;
  family: FamilyService;
  consult: ConsultService;
  /** The brand a request is for (parameters header, else host name). */
  brandOf(request: FastifyRequest): Promise<{ id: string; name: string }>;
}

const ok = { error: false as const };
const ptIdQuery = z.object({
  ptId: z.string().max(64).optional(),
  ts: z.string().max(20).optional(),
});

export function accountsRoutes(deps: AccountsRouteDeps) {
  const contextOf = async (
    request: FastifyRequest,
  ): Promise<RequestContext & { brandId: string }> => {
    const brand = await deps.brandOf(request);
    return { ...originOf(request), lang: request.lang, brandName: brand.name, brandId: brand.id };
  };
  const actorOf = (request: FastifyRequest): Actor => {
    const auth = request.auth;
    if (!auth) throw new Error('requireSession must run first');
    return { ...originOf(request), ...auth, timeZone: request.timeZone };
  };
  const secured = { preHandler: requireSession };

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['accounts'];

    r.post(
      '/account/token',
      {
        schema: {
          tags,
          summary: 'Log in (with a two-factor code when the account has it on)',
          body: loginWithCodeRequestSchema,
          response: { 200: loginResponseSchema },
        },
      },
      async (request) => {
        const { token, profile } = await deps.accounts.login(
          request.body,
          await contextOf(request),
        );
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
        ...secured,
        schema: { tags, summary: 'End this session', response: { 200: okResponseSchema } },
      },
      async (request) => {
        await deps.accounts.logout(request.auth!, originOf(request));
        return ok;
      },
    );

    r.get(
      '/account/profile',
      {
        ...secured,
        schema: {
          tags,
          summary: "The session's profile and family list",
          response: { 200: profileResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        profile: await deps.accounts.profile(request.auth!.accountId, originOf(request)),
      }),
    );

    r.post(
      '/account/profile',
      {
        ...secured,
        schema: {
          tags,
          summary: "Change a family member's profile",
          body: setProfileRequestSchema,
          response: { 200: personResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        data: await deps.family.setProfile(actorOf(request), request.body.profile),
      }),
    );

    r.post(
      '/register',
      {
        schema: {
          tags,
          summary: 'Register an adult account holder',
          body: registerRequestSchema,
          response: { 200: registerResponseSchema },
        },
      },
      async (request) => {
        const ctx = await contextOf(request);
        await deps.registration.register(request.body, { ...ctx, timeZone: request.timeZone });
        return { error: false as const, status: 'created' as const };
      },
    );

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
        await deps.passwords.requestReset(request.body.email, await contextOf(request));
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

    r.post(
      '/password-change',
      {
        ...secured,
        schema: {
          tags,
          summary: 'Change the password',
          body: passwordChangeRequestSchema,
          response: { 200: okResponseSchema },
        },
      },
      async (request) => {
        await deps.passwords.change(
          request.auth!,
          request.body.oldPassword,
          request.body.newPassword,
          originOf(request),
        );
        return ok;
      },
    );

    r.get(
      '/account/dependents',
      {
        ...secured,
        schema: {
          tags,
          summary: 'The family: holder first, then dependents',
          response: { 200: familyResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        users: await deps.family.list(actorOf(request)),
      }),
    );

    r.post(
      '/account/dependents',
      {
        ...secured,
        schema: {
          tags,
          summary: 'Add a dependent',
          body: addDependentRequestSchema,
          response: { 200: personResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        data: await deps.family.addDependent(actorOf(request), request.body.profile),
      }),
    );

    r.get(
      '/profile/settings',
      {
        ...secured,
        schema: { tags, summary: 'Account settings', response: { 200: settingsResponseSchema } },
      },
      async (request) => ({
        error: false as const,
        settings: await deps.family.settings(actorOf(request)),
      }),
    );

    r.post(
      '/profile/settings',
      {
        ...secured,
        schema: {
          tags,
          summary: 'Change account settings',
          body: profileSettingsRequestSchema,
          response: { 200: settingsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        settings: await deps.family.setSettings(actorOf(request), request.body.settings),
      }),
    );

    r.post(
      '/account/remove',
      {
        ...secured,
        schema: {
          tags,
          summary: 'Remove my account (login disabled at once)',
          body: removeAccountRequestSchema,
          response: { 200: okResponseSchema },
        },
      },
      async (request) => {
        await deps.family.remove(actorOf(request), request.body.password);
        return ok;
      },
    );

    r.get(
      '/consents',
      {
        ...secured,
        schema: {
          tags,
          summary: 'Consent to treat and terms: current versions and acceptance',
          response: { 200: consentStatusSchema },
        },
      },
      async (request) => deps.family.consents(actorOf(request)),
    );

    r.post(
      '/consents',
      {
        ...secured,
        schema: {
          tags,
          summary: 'Accept the current consent documents',
          body: acceptConsentsRequestSchema,
          response: { 200: consentStatusSchema },
        },
      },
      async (request) => deps.family.acceptConsents(actorOf(request), request.body.documents),
    );

    const consultTags = ['consult'];
    r.get(
      '/consult/location',
      {
        ...secured,
        schema: {
          tags: consultTags,
          summary: "A family member's confirmed state",
          querystring: ptIdQuery,
          response: { 200: consultLocationResponseSchema },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return {
          error: false as const,
          ...(await deps.consult.location(actor, request.query.ptId ?? actor.accountId)),
        };
      },
    );

    r.put(
      '/consult/location',
      {
        ...secured,
        schema: {
          tags: consultTags,
          summary: "Confirm 'I am in' a state",
          body: setConsultLocationRequestSchema,
          response: { 200: setConsultLocationResponseSchema },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const brand = await deps.brandOf(request);
        const result = await deps.consult.setLocation(
          { ...actor, lang: request.lang, brandId: brand.id },
          { personId: request.body.ptId ?? actor.accountId, state: request.body.state },
        );
        return { error: false as const, ...result };
      },
    );

    r.get(
      '/consult/asyncLocation',
      {
        ...secured,
        schema: {
          tags: consultTags,
          summary: 'States where asynchronous visits are offered',
          response: { 200: asyncLocationResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        states: await deps.consult.asyncStates((await deps.brandOf(request)).id),
      }),
    );

    r.get(
      '/consult/credentials',
      {
        ...secured,
        schema: {
          tags: consultTags,
          summary: "The user's role, organisation and permissions",
          response: { 200: credentialsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.consult.credentials(request.auth!.accountId)),
      }),
    );

    r.get(
      '/consult/hours',
      {
        ...secured,
        schema: {
          tags: consultTags,
          summary: 'When on-demand care is available in a state',
          querystring: hoursQuerySchema,
          response: { 200: hoursResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.consult.hours({
          state: request.query.state,
          brandId: (await deps.brandOf(request)).id,
          lang: request.lang,
          timeZone: request.timeZone,
        })),
      }),
    );
  };
}
