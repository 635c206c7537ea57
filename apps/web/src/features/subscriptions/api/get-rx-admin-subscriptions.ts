import {
  type RxAdminResponse,
  rxAdminResponseSchema,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import { apiCall } from '../../../lib/api-client';

export type RxAdminSubscriptions = RxAdminResponse;

export const rxAdminSubscriptionsQueryKey = ['subscriptions', 'rxadmin'] as const;

/**
 * GET /rxadmin/subscriptions: the company's subscribers and its revenue by month (oldest
 * first). 403 for anyone who is not the company's rx-subscription administrator.
 */
export function getRxAdminSubscriptions(): Promise<RxAdminSubscriptions> {
  return apiCall('/rxadmin/subscriptions', { schema: rxAdminResponseSchema });
}
