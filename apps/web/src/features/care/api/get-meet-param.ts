import {
  type MeetParamResponse,
  meetParamResponseSchema,
} from '@apothecall/domain/care/visits.api';
import { apiCall } from '../../../lib/api-client';

/**
 * GET /meet-param?id=: exchanges the one-time id of the SMS link for a meet token scoped to
 * that visit's call. The id stops working after the first exchange.
 */
export function getMeetParam(id: string): Promise<MeetParamResponse> {
  return apiCall(`/meet-param?${new URLSearchParams({ id }).toString()}`, {
    schema: meetParamResponseSchema,
  });
}
