/** Bodies go as typed: the server checks them and answers 400 in the reader's language. */
import {
  type AdminBrand,
  adminBrandResponseSchema,
  adminBrandsResponseSchema,
  type BrandFieldsInput,
  type CreateBrandRequest,
} from '@apothecall/domain/brands/brands-admin.api';
import { apiCall, apiUpload } from '../../lib/api-client';

/**
 * The back office's brands calls (issue 35), /api/admin/brands/…: reads for admin and support,
 * changes for admin (the server answers anyone else 403).
 */
export const adminBrandsQueryKey = ['admin', 'brands'] as const;
export const adminBrandQueryKey = (id: string) => ['admin', 'brands', id] as const;

const path = (id: string, tail = '') => `/admin/brands/${encodeURIComponent(id)}${tail}`;

export async function getAdminBrands(): Promise<AdminBrand[]> {
  return (await apiCall('/admin/brands', { schema: adminBrandsResponseSchema })).brands;
}

export async function getAdminBrand(id: string): Promise<AdminBrand> {
  return (await apiCall(path(id), { schema: adminBrandResponseSchema })).brand;
}

export async function createBrand(body: CreateBrandRequest): Promise<AdminBrand> {
  return (
    await apiCall('/admin/brands', { method: 'POST', body, schema: adminBrandResponseSchema })
  ).brand;
}

export async function saveBrand(
  id: string,
  body: BrandFieldsInput,
): Promise<{ brand: AdminBrand; changed: string[] }> {
  return apiCall(path(id), { method: 'PUT', body, schema: adminBrandResponseSchema });
}

export async function uploadBrandLogo(id: string, file: File): Promise<AdminBrand> {
  const body = new FormData();
  body.append('file', file, file.name);
  return (await apiUpload(path(id, '/logo'), { body, schema: adminBrandResponseSchema })).brand;
}
