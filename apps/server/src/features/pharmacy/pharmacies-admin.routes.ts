import {
  feeEntryParamsSchema,
  invitePharmacyAdminRequestSchema,
  onboardPharmacyRequestSchema,
  pharmaciesResponseSchema,
  pharmacyDetailResponseSchema,
  registrySearchRequestSchema,
  registrySearchResponseSchema,
  verificationRequestSchema,
} from '@apothecall/domain/backoffice/pharmacies.api';
import { idParamsSchema } from '@apothecall/domain/common/common.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { PharmaciesAdminService } from './pharmacies-admin.service';

const tags = ['backoffice'];

/**
 * The back office's pharmacies area, under /admin/pharmacies: the registry search and
 * onboarding, the list and a pharmacy's page, verify and unverify with a reason, invite its
 * administrator. Reads need back-office read access to 'pharmacies' (admin, support); changes
 * need write access (admin): 403 otherwise, 401 without a session.
 */
export function pharmaciesAdminRoutes(deps: { admin: PharmaciesAdminService }) {
  return async (app: FastifyInstance) => {
    await app.register(onboardingRoutes(deps));
    await app.register(pharmacyChangeRoutes(deps));
  };
}

/** Reads and onboarding: the registry search, a new pharmacy from it, the list and one pharmacy. */
function onboardingRoutes(deps: { admin: PharmaciesAdminService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/admin/pharmacies/registry-search',
      {
        schema: {
          tags,
          summary:
            'Search the NCPDP registry by NCPDP ID (its start) or name, at most 20 rows (back office: read)',
          body: registrySearchRequestSchema,
          response: { 200: registrySearchResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        results: await deps.admin.searchRegistry(actorOf(request), request.body.query),
      }),
    );

    r.post(
      '/admin/pharmacies/onboard',
      {
        schema: {
          tags,
          summary:
            'Create a pharmacy from its registry row, unverified; 409 when already onboarded (back office: write)',
          body: onboardPharmacyRequestSchema,
          response: { 200: pharmacyDetailResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        pharmacy: await deps.admin.onboard(actorOf(request), request.body.ncpdpId),
      }),
    );

    r.get(
      '/admin/pharmacies',
      {
        schema: {
          tags,
          summary:
            'Every pharmacy: name, NCPDP ID, state, verified, administrator (back office: read)',
          response: { 200: pharmaciesResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        pharmacies: await deps.admin.list(actorOf(request)),
      }),
    );

    r.get(
      '/admin/pharmacies/:id',
      {
        schema: {
          tags,
          summary:
            "A pharmacy: its details against the registry's, field by field, its verification history, administrators and fee account (back office: read)",
          params: idParamsSchema,
          response: { 200: pharmacyDetailResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        pharmacy: await deps.admin.detail(actorOf(request), request.params.id),
      }),
    );
  });
}

/** A pharmacy's changes: verify or unverify, invite its administrator, give a claim fee back. */
function pharmacyChangeRoutes(deps: { admin: PharmaciesAdminService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    for (const action of ['verify', 'unverify'] as const) {
      r.post(
        `/admin/pharmacies/:id/${action}`,
        {
          schema: {
            tags,
            summary:
              action === 'verify'
                ? "Verify a pharmacy whose address, phone and fax match the registry's, with a reason (back office: write)"
                : "Unverify a pharmacy, with a reason: its staff's Rx access ends at once (back office: write)",
            params: idParamsSchema,
            body: verificationRequestSchema,
            response: { 200: pharmacyDetailResponseSchema },
          },
        },
        async (request) => ({
          error: false as const,
          pharmacy: await deps.admin.setVerified(
            actorOf(request),
            request.params.id,
            action,
            request.body.reason,
          ),
        }),
      );
    }

    r.post(
      '/admin/pharmacies/:id/admin',
      {
        schema: {
          tags,
          summary:
            "Invite the pharmacy's administrator by e-mail with a set-your-password link (back office: write)",
          params: idParamsSchema,
          body: invitePharmacyAdminRequestSchema,
          response: { 200: pharmacyDetailResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        pharmacy: await deps.admin.inviteAdmin(actorOf(request), request.params.id, request.body),
      }),
    );

    r.post(
      '/admin/pharmacies/:id/fees/:entryId/refund',
      {
        schema: {
          tags,
          summary:
            "Give a claim fee back to the pharmacy's fee account, once, with a reason (back office: write)",
          params: feeEntryParamsSchema,
          body: verificationRequestSchema,
          response: { 200: pharmacyDetailResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        pharmacy: await deps.admin.refundFee(
          actorOf(request),
          request.params.id,
          request.params.entryId,
          request.body.reason,
        ),
      }),
    );
  });
}
