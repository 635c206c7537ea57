import {
  type WhiteLabelResponse,
  whiteLabelResponseSchema,
} from '@apothecall/domain/brands/brands.api';
import { apiCall } from '../../../lib/api-client';

/** GET /whiteLabel/{id}: a company key, or 'auto' to let the server resolve the host name. */
export function getWhiteLabel(id: string): Promise<WhiteLabelResponse> {
  return apiCall(`/whiteLabel/${encodeURIComponent(id)}`, { schema: whiteLabelResponseSchema });
}
