/** Bodies go as typed: the server checks them and answers 400 in the reader's language. */
import {
  type PharmacyDetail,
  type PharmacySummary,
  pharmaciesResponseSchema,
  pharmacyDetailResponseSchema,
  type RegistryRow,
  registrySearchResponseSchema,
} from '@apothecall/domain/backoffice/pharmacies.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import {
  type MutationCallbacks,
  type QueryOptions,
  useCallMutation,
  useCallQuery,
} from '../../lib/call-hooks';

/**
 * The back office's pharmacies calls, /api/admin/pharmacies/…: reads for admin and
 * support, changes for admin (the server answers anyone else 403).
 */
export const adminPharmaciesQueryKey = ['admin', 'pharmacies'] as const;
export const adminPharmacyQueryKey = (id: string) => ['admin', 'pharmacies', id] as const;

const path = (id: string, tail = '') => `/admin/pharmacies/${encodeURIComponent(id)}${tail}`;

export async function getAdminPharmacies(): Promise<PharmacySummary[]> {
  return (await apiCall('/admin/pharmacies', { schema: pharmaciesResponseSchema })).pharmacies;
}

export async function getAdminPharmacy(id: string): Promise<PharmacyDetail> {
  return (await apiCall(path(id), { schema: pharmacyDetailResponseSchema })).pharmacy;
}

export async function searchRegistry(query: string): Promise<RegistryRow[]> {
  const { results } = await apiCall('/admin/pharmacies/registry-search', {
    method: 'POST',
    body: { query },
    schema: registrySearchResponseSchema,
  });
  return results;
}

export async function onboardPharmacy(ncpdpId: string): Promise<PharmacyDetail> {
  const { pharmacy } = await apiCall('/admin/pharmacies/onboard', {
    method: 'POST',
    body: { ncpdpId },
    schema: pharmacyDetailResponseSchema,
  });
  return pharmacy;
}

export async function setPharmacyVerified(
  id: string,
  action: 'verify' | 'unverify',
  reason: string,
): Promise<PharmacyDetail> {
  const { pharmacy } = await apiCall(path(id, `/${action}`), {
    method: 'POST',
    body: { reason },
    schema: pharmacyDetailResponseSchema,
  });
  return pharmacy;
}

export async function invitePharmacyAdmin(
  id: string,
  input: { name: string; email: string },
): Promise<PharmacyDetail> {
  const { pharmacy } = await apiCall(path(id, '/admin'), {
    method: 'POST',
    body: input,
    schema: pharmacyDetailResponseSchema,
  });
  return pharmacy;
}

export async function refundPharmacyFee(
  id: string,
  entryId: string,
  reason: string,
): Promise<PharmacyDetail> {
  const { pharmacy } = await apiCall(path(id, `/fees/${encodeURIComponent(entryId)}/refund`), {
    method: 'POST',
    body: { reason },
    schema: pharmacyDetailResponseSchema,
  });
  return pharmacy;
}

/** Every pharmacy, for the list. */
export function useAdminPharmacies(options?: QueryOptions<PharmacySummary[]>) {
  return useCallQuery(adminPharmaciesQueryKey, getAdminPharmacies, options);
}

/** One pharmacy's page. */
export function useAdminPharmacy(id: string, options?: QueryOptions<PharmacyDetail>) {
  return useCallQuery(adminPharmacyQueryKey(id), () => getAdminPharmacy(id), options);
}

/** Searches the registry; nothing cached to refresh. */
export function useSearchRegistry(options?: MutationCallbacks<RegistryRow[], string>) {
  return useCallMutation(searchRegistry, () => [], options);
}

/**
 * A change whose answer is the pharmacy: it is put in the cache at once and, when `listToo`,
 * the list is marked stale; then the screen's own callbacks run.
 */
function usePharmacyMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<PharmacyDetail>,
  listToo: boolean,
  options?: MutationCallbacks<PharmacyDetail, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: (pharmacy, variables, onMutateResult, context) => {
      queryClient.setQueryData(adminPharmacyQueryKey(pharmacy.id), pharmacy);
      if (listToo) void queryClient.invalidateQueries({ queryKey: adminPharmaciesQueryKey });
      return options?.onSuccess?.(pharmacy, variables, onMutateResult, context);
    },
  });
}

/** Onboards a registry row's pharmacy; keeps it and marks the list stale. */
export function useOnboardPharmacy(options?: MutationCallbacks<PharmacyDetail, RegistryRow>) {
  return usePharmacyMutation((row: RegistryRow) => onboardPharmacy(row.ncpdpId), true, options);
}

type VerifyChange = { id: string; action: 'verify' | 'unverify'; reason: string };

/** Verifies or unverifies a pharmacy; keeps it and marks the list stale. */
export function useSetPharmacyVerified(options?: MutationCallbacks<PharmacyDetail, VerifyChange>) {
  return usePharmacyMutation(
    ({ id, action, reason }: VerifyChange) => setPharmacyVerified(id, action, reason),
    true,
    options,
  );
}

type AdminInvite = { id: string; input: { name: string; email: string } };

/** Invites a pharmacy's admin; keeps the pharmacy and marks the list stale. */
export function useInvitePharmacyAdmin(options?: MutationCallbacks<PharmacyDetail, AdminInvite>) {
  return usePharmacyMutation(
    ({ id, input }: AdminInvite) => invitePharmacyAdmin(id, input),
    true,
    options,
  );
}

type FeeRefund = { id: string; entryId: string; reason: string };

/** Refunds a claim fee; keeps the pharmacy (the list does not show fees). */
export function useRefundPharmacyFee(options?: MutationCallbacks<PharmacyDetail, FeeRefund>) {
  return usePharmacyMutation(
    ({ id, entryId, reason }: FeeRefund) => refundPharmacyFee(id, entryId, reason),
    false,
    options,
  );
}
