import {
  type RxServicesResponse,
  rxServicesResponseSchema,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

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

/** The Rx services offered and the caller's. */
export function useRxServices(options?: QueryOptions<RxServices>) {
  return useCallQuery(rxServicesQueryKey, getRxServices, options);
}
