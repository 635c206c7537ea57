/** Bodies go as typed: the server checks them and answers 400 in the reader's language. */
import {
  type AdminBrand,
  adminBrandResponseSchema,
  adminBrandsResponseSchema,
  type BrandFieldsInput,
  type CreateBrandRequest,
} from '@apothecall/domain/brands/brands-admin.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, apiUpload } from '../../lib/api-client';
import { type MutationCallbacks, type QueryOptions, useCallQuery } from '../../lib/call-hooks';

/**
 * The back office's brands calls, /api/admin/brands/…: reads for admin and support,
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

/** Every brand, for the list. */
export function useAdminBrands(options?: QueryOptions<AdminBrand[]>) {
  return useCallQuery(adminBrandsQueryKey, getAdminBrands, options);
}

/** One brand, for its editor (not asked for while there is no id: a new brand). */
export function useAdminBrand(id: string | undefined, options?: QueryOptions<AdminBrand>) {
  return useCallQuery(adminBrandQueryKey(id ?? ''), () => getAdminBrand(id ?? ''), {
    ...options,
    enabled: id !== undefined,
  });
}

/** Puts a brand the server answered with in the cache and marks the list stale. */
function useKeepBrand() {
  const queryClient = useQueryClient();
  return (saved: AdminBrand) => {
    queryClient.setQueryData(adminBrandQueryKey(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: adminBrandsQueryKey });
  };
}

/** A mutation whose answer is a brand kept at once (then the screen's own callbacks run). */
function useBrandMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  brandOf: (data: TData) => AdminBrand,
  options?: MutationCallbacks<TData, TVariables>,
) {
  const keep = useKeepBrand();
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: (data, variables, onMutateResult, context) => {
      keep(brandOf(data));
      return options?.onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}

/** Creates a brand and keeps it. */
export function useCreateBrand(options?: MutationCallbacks<AdminBrand, CreateBrandRequest>) {
  return useBrandMutation(createBrand, (created) => created, options);
}

/** Saves a brand's fields and keeps what the server answered. */
export function useSaveBrand(
  options?: MutationCallbacks<
    { brand: AdminBrand; changed: string[] },
    { id: string; body: BrandFieldsInput }
  >,
) {
  return useBrandMutation(
    ({ id, body }: { id: string; body: BrandFieldsInput }) => saveBrand(id, body),
    (saved) => saved.brand,
    options,
  );
}

/** Uploads a brand's logo and keeps the brand with it. */
export function useUploadBrandLogo(
  options?: MutationCallbacks<AdminBrand, { id: string; file: File }>,
) {
  return useBrandMutation(
    ({ id, file }: { id: string; file: File }) => uploadBrandLogo(id, file),
    (saved) => saved,
    options,
  );
}
