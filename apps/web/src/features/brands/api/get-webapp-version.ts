import { webappVersionResponseSchema } from '@apothecall/domain/brands/brands.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const webappVersionQueryKey = ['webapp-version'] as const;

/** GET /webapp-version?id=: the version of the web app the server now serves. */
export async function getWebappVersion(brandId: string): Promise<string> {
  const answer = await apiCall(`/webapp-version?id=${encodeURIComponent(brandId)}`, {
    schema: webappVersionResponseSchema,
  });
  return answer.version;
}

/**
 * The latest version, asked with `check` (the version store's, which also tells its listeners
 * when it changed).
 */
export function useWebappVersion(check: () => Promise<string>, options?: QueryOptions<string>) {
  return useCallQuery(webappVersionQueryKey, check, options);
}
