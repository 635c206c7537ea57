import {
  type DisclosuresQuery,
  type DisclosuresResponse,
  disclosuresQuerySchema,
  disclosuresResponseSchema,
} from '@apothecall/domain/backoffice/disclosures.api';
import {
  type AccountPageResponse,
  accountPageResponseSchema,
  type PeopleAction,
  type PeopleSearch,
  type PeopleSearchResponse,
  peopleActionResponseSchema,
  peopleSearchResponseSchema,
  peopleSearchSchema,
} from '@apothecall/domain/backoffice/people.api';
import { apiCall, apiDownload } from '../../../lib/api-client';

export const peopleQueryKey = ['backoffice', 'people'] as const;
export const disclosuresQueryKey = ['backoffice', 'disclosures'] as const;

/** POST /admin/people/search: the query travels in the body, never in a URL. */
export function searchPeople(body: PeopleSearch): Promise<PeopleSearchResponse> {
  return apiCall('/admin/people/search', {
    method: 'POST',
    body: peopleSearchSchema.parse(body),
    schema: peopleSearchResponseSchema,
  });
}

/** GET /admin/people/:accountId: the account's page (the id is not PHI). */
export function getAccountPage(accountId: string): Promise<AccountPageResponse> {
  return apiCall(`/admin/people/${encodeURIComponent(accountId)}`, {
    schema: accountPageResponseSchema,
  });
}

/** POST /admin/people/:accountId/{action}. */
export async function actOnAccount(accountId: string, action: PeopleAction): Promise<void> {
  await apiCall(`/admin/people/${encodeURIComponent(accountId)}/${action}`, {
    method: 'POST',
    body: {},
    schema: peopleActionResponseSchema,
  });
}

/** POST /admin/disclosures: whose record and the filters travel in the body. */
export function getDisclosures(body: DisclosuresQuery): Promise<DisclosuresResponse> {
  return apiCall('/admin/disclosures', {
    method: 'POST',
    body: disclosuresQuerySchema.parse(body),
    schema: disclosuresResponseSchema,
  });
}

/** POST /admin/disclosures/csv: the same rows as a CSV file. */
export function downloadDisclosuresCsv(body: DisclosuresQuery): Promise<Blob> {
  return apiDownload('/admin/disclosures/csv', {
    accept: 'text/csv',
    body: disclosuresQuerySchema.parse(body),
  });
}
