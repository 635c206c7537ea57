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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, apiDownload } from '../../../lib/api-client';
import {
  type MutationCallbacks,
  type QueryOptions,
  useCallMutation,
  useCallQuery,
} from '../../../lib/call-hooks';

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

/** Searches accounts (a page of results); nothing cached to refresh. */
export function useSearchPeople(
  options?: MutationCallbacks<PeopleSearchResponse, { query: string; page: number }>,
) {
  return useCallMutation(
    (ask: { query: string; page: number }) => searchPeople(ask),
    () => [],
    options,
  );
}

/** An account's page. */
export function useAccountPage(accountId: string, options?: QueryOptions<AccountPageResponse>) {
  return useCallQuery([...peopleQueryKey, accountId], () => getAccountPage(accountId), options);
}

/**
 * An action on an account: once the screen's own callbacks ran, the account's page is asked
 * for again, and the action stays pending until it is back.
 */
export function useActOnAccount(
  options?: MutationCallbacks<void, { id: string; action: PeopleAction }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id, action }: { id: string; action: PeopleAction }) => actOnAccount(id, action),
    onSuccess: async (done, variables, onMutateResult, context) => {
      await options?.onSuccess?.(done, variables, onMutateResult, context);
      await queryClient.invalidateQueries({ queryKey: [...peopleQueryKey, variables.id] });
    },
  });
}

/** The disclosures a query asks for (none asked while there is no query). */
export function useDisclosures(
  query: DisclosuresQuery | null,
  options?: QueryOptions<DisclosuresResponse>,
) {
  return useCallQuery(
    [...disclosuresQueryKey, query],
    () => getDisclosures(query as DisclosuresQuery),
    options,
  );
}

/** The disclosures as a CSV file; nothing cached to refresh. */
export function useDownloadDisclosuresCsv(options?: MutationCallbacks<Blob, DisclosuresQuery>) {
  return useCallMutation(downloadDisclosuresCsv, () => [], options);
}
