import {
  disclosuresQuerySchema,
  disclosuresResponseSchema,
} from '@apothecall/domain/backoffice/disclosures.api';
import {
  accountPageResponseSchema,
  accountParamsSchema,
  type PeopleAction,
  peopleActionResponseSchema,
  peopleSearchResponseSchema,
  peopleSearchSchema,
} from '@apothecall/domain/backoffice/people.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { privateFileRoute, sendPrivateFile } from '../../platform/private-file';
import { sessionRoutes } from '../../platform/route-groups';
import { type DisclosuresService, disclosuresCsv } from './disclosures.service';
import type { PeopleAdminService } from './people-admin.service';

const actionSummaries: Record<PeopleAction, string> = {
  unlock: 'Unlock a login locked by wrong passwords',
  'end-sessions': 'End every session of the account (it must log in again)',
  disable: 'Disable the account: it cannot log in and its sessions end',
  enable: 'Re-enable a disabled account',
  'reset-two-factor': 'Turn two-factor login off (the owner turns it on again in their settings)',
  'reset-link': 'Send the password-help link to the login e-mail (and a text to the phone)',
};

/**
 * The back office's People and support and accounting of disclosures, under
 * /api/admin/people and /api/admin/disclosures: 401 without a session, 403 for a role without
 * the area's access (read for the search, the page and the disclosures; write for the actions).
 * Searches and whose record travel in POST bodies, never in a URL.
 */
export function backofficePeopleRoutes(deps: {
  people: PeopleAdminService;
  disclosures: DisclosuresService;
}) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['backoffice'];
    const { people, disclosures } = deps;

    r.post(
      '/admin/people/search',
      {
        schema: {
          tags,
          summary:
            'Search accounts by name, e-mail, phone, date of birth or visit reference (a page of 20)',
          body: peopleSearchSchema,
          response: { 200: peopleSearchResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await people.search(actorOf(request), request.body)),
      }),
    );

    r.get(
      '/admin/people/:accountId',
      {
        schema: {
          tags,
          summary: "An account's page: profile, family, sessions, consents, whether it is locked",
          params: accountParamsSchema,
          response: { 200: accountPageResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await people.account(actorOf(request), request.params.accountId)),
      }),
    );

    for (const action of Object.keys(actionSummaries) as PeopleAction[]) {
      r.post(
        `/admin/people/:accountId/${action}`,
        {
          schema: {
            tags,
            summary: actionSummaries[action],
            params: accountParamsSchema,
            response: { 200: peopleActionResponseSchema },
          },
        },
        async (request) => {
          await people.act(actorOf(request), request.params.accountId, action);
          return { error: false as const };
        },
      );
    }

    r.post(
      '/admin/disclosures',
      {
        schema: {
          tags,
          summary:
            "Accounting of disclosures: every audit row about a patient's record, newest first",
          body: disclosuresQuerySchema,
          response: { 200: disclosuresResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await disclosures.list(actorOf(request), request.body)),
      }),
    );

    r.post(
      '/admin/disclosures/csv',
      {
        ...privateFileRoute,
        schema: {
          tags,
          summary: 'The accounting of disclosures as a CSV file',
          body: disclosuresQuerySchema,
        },
      },
      async (request, reply) => {
        const found = await disclosures.list(actorOf(request), request.body, true);
        return sendPrivateFile(reply, {
          body: Buffer.from(disclosuresCsv(found.rows), 'utf8'),
          contentType: 'text/csv; charset=utf-8',
          filename: 'disclosures.csv',
        });
      },
    );
  });
}
