import {
  type CreateRxLinkRequest,
  createRxLinkRequestSchema,
  type RxLinkView,
  rxLinkViewSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { rxLinksQueryKey } from './get-rx-links';

const createdLinkResponseSchema = z.object({ error: z.literal(false), link: rxLinkViewSchema });

/**
 * POST /pharmacy/links { screenId, medListId?, comment? }: a new Rx link for one treatment
 * (empty optional values are dropped by the domain's schema).
 */
export async function createRxLink(body: CreateRxLinkRequest): Promise<RxLinkView> {
  const { link } = await apiCall('/pharmacy/links', {
    method: 'POST',
    body: createRxLinkRequestSchema.parse(body),
    schema: createdLinkResponseSchema,
  });
  return link;
}

/** Makes a link; every query of the links is asked again. */
export function useCreateRxLink(options?: MutationCallbacks<RxLinkView, CreateRxLinkRequest>) {
  return useCallMutation(createRxLink, () => [rxLinksQueryKey], options);
}
