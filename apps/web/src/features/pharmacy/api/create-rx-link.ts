import {
  type CreateRxLinkRequest,
  createRxLinkRequestSchema,
  type RxLinkView,
  rxLinkViewSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

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
