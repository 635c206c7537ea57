import {
  type RxLinksSearchRequest,
  type RxLinksSearchResponse,
  type RxLinkView,
  rxLinksResponseSchema,
  rxLinksSearchRequestSchema,
  rxLinksSearchResponseSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { keepPreviousData } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { useCallQuery, useRefresh } from '../../../lib/call-hooks';

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

/** The pharmacy's Rx links. */
export function useRxLinks() {
  return useCallQuery(rxLinksQueryKey, getRxLinks);
}

/** One page of the links; the last page stays shown while the next one comes. */
export function useRxLinksSearch(request: RxLinksSearchRequest) {
  return useCallQuery(rxLinksSearchQueryKey(request), () => searchRxLinks(request), {
    placeholderData: keepPreviousData,
  });
}

/** Marks every query of the links stale. */
export function useRefreshRxLinks() {
  return useRefresh(rxLinksQueryKey);
}
