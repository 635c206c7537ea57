import {
  acceptConsentsRequestSchema,
  addDependentRequestSchema,
  consentStatusSchema,
  familyResponseSchema,
  okResponseSchema,
  personResponseSchema,
  profileSettingsRequestSchema,
  removeAccountRequestSchema,
  setProfileRequestSchema,
  settingsResponseSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { FamilyService } from './family.service';

const ok = { error: false as const };

const tags = ['accounts'];

/** The family on the account: profiles, dependents, settings, removal and consents. */
export function familyRoutes(deps: { family: FamilyService }) {
  return async (app: FastifyInstance) => {
    await app.register(peopleRoutes(deps));
    await app.register(accountRoutes(deps));
  };
}

/** The family's people: a profile changed, the family, a dependent added. */
function peopleRoutes(deps: { family: FamilyService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/account/profile',
      {
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

    r.get(
      '/account/dependents',
      {
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
  });
}

/** The account itself: its settings, its removal, its consents. */
function accountRoutes(deps: { family: FamilyService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/profile/settings',
      {
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
        schema: {
          tags,
          summary: 'Change account settings',
          body: profileSettingsRequestSchema,
          response: { 200: settingsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        settings: await deps.family.setSettings(
          actorOf(request),
          request.body.settings,
          request.body.ptId,
        ),
      }),
    );

    r.post(
      '/account/remove',
      {
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
        schema: {
          tags,
          summary: 'Accept the current consent documents',
          body: acceptConsentsRequestSchema,
          response: { 200: consentStatusSchema },
        },
      },
      async (request) => deps.family.acceptConsents(actorOf(request), request.body.documents),
    );
  });
}
