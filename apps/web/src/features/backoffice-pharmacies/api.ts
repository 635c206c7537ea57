/** Bodies go as typed: the server checks them and answers 400 in the reader's language. */
import {
  type PharmacyDetail,
  type PharmacySummary,
  pharmaciesResponseSchema,
  pharmacyDetailResponseSchema,
  type RegistryRow,
  registrySearchResponseSchema,
} from '@apothecall/domain/backoffice/pharmacies.api';
import { apiCall } from '../../lib/api-client';

/**
 * The back office's pharmacies calls (issue 35), /api/admin/pharmacies/…: reads for admin and
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
