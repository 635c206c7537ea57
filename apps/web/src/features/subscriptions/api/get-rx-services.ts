import {
  type RxServicesResponse,
  rxServicesResponseSchema,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import { apiCall } from '../../../lib/api-client';

export type RxServices = RxServicesResponse;

export const rxServicesQueryKey = ['subscriptions', 'rx-services'] as const;

/**
 * GET /rx-services: the medications the brand's pharmacy supplies monthly by subscription
 * (name in the caller's language, monthly price, billing intervals) and the account's rx
 * subscriptions.
 */
export function getRxServices(): Promise<RxServices> {
  return apiCall('/rx-services', { schema: rxServicesResponseSchema });
}
