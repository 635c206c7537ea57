import { webappVersionResponseSchema } from '@apothecall/domain/brands/brands.api';
import { apiCall } from '../../../lib/api-client';

/** GET /webapp-version?id=: the version of the web app the server now serves. */
export async function getWebappVersion(brandId: string): Promise<string> {
  const answer = await apiCall(`/webapp-version?id=${encodeURIComponent(brandId)}`, {
    schema: webappVersionResponseSchema,
  });
  return answer.version;
}
