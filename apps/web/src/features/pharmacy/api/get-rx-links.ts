import {
  type RxLinkView,
  rxLinksResponseSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { apiCall } from '../../../lib/api-client';

export const rxLinksQueryKey = ['pharmacy', 'links'] as const;

/** GET /pharmacy/links: the pharmacy's Rx links, each with the address customers open. */
export async function getRxLinks(): Promise<RxLinkView[]> {
  const { links } = await apiCall('/pharmacy/links', { schema: rxLinksResponseSchema });
  return links;
}
