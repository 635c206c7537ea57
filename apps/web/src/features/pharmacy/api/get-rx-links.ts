import {
  type RxLinksSearchRequest,
  type RxLinksSearchResponse,
  type RxLinkView,
  rxLinksResponseSchema,
  rxLinksSearchRequestSchema,
  rxLinksSearchResponseSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { apiCall } from '../../../lib/api-client';

export const rxLinksQueryKey = ['pharmacy', 'links'] as const;

/** GET /pharmacy/links: the pharmacy's Rx links, each with the address customers open. */
export async function getRxLinks(): Promise<RxLinkView[]> {
  const { links } = await apiCall('/pharmacy/links', { schema: rxLinksResponseSchema });
  return links;
}

export const rxLinksSearchQueryKey = (request: RxLinksSearchRequest) =>
  [...rxLinksQueryKey, 'search', request] as const;

/** POST /pharmacy/links/search: one page of the links, newest first, matching the search. */
export function searchRxLinks(request: RxLinksSearchRequest): Promise<RxLinksSearchResponse> {
  return apiCall('/pharmacy/links/search', {
    method: 'POST',
    body: rxLinksSearchRequestSchema.parse(request),
    schema: rxLinksSearchResponseSchema,
  });
}
