import { accountPriceResponseSchema } from '@apothecall/domain/payments/payments.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, type QueryOptions, useCallQuery } from '../../../lib/call-hooks';
import type { StoredPrice } from '../../../lib/payments/price-store';

export const accountPriceQueryKey = ['payments', 'pricing', 'account'] as const;

/**
 * GET /account/price: the price this account pays next — a coupon it applied (on any device,
 * in any earlier session) and has not paid with, else the default price.
 */
export async function getAccountPrice(): Promise<StoredPrice> {
  const answer = await apiCall('/account/price', { schema: accountPriceResponseSchema });
  return {
    price: answer.price,
    priceToken: answer.priceToken,
    source: answer.source,
    code: answer.code,
  };
}

/** POST /account/price/restore-default: the applied coupons set aside; the default price. */
export async function restoreDefaultPrice(): Promise<StoredPrice> {
  const answer = await apiCall('/account/price/restore-default', {
    method: 'POST',
    body: {},
    schema: accountPriceResponseSchema,
  });
  return {
    price: answer.price,
    priceToken: answer.priceToken,
    source: answer.source,
    code: answer.code,
  };
}

/** The account's price. */
export function useAccountPrice(options?: QueryOptions<StoredPrice>) {
  return useCallQuery(accountPriceQueryKey, getAccountPrice, options);
}

/** Restores the default price; the cache keeps the price answered. */
export function useRestoreDefaultPrice(options?: MutationCallbacks<StoredPrice, void>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: restoreDefaultPrice,
    onSuccess: (answer, variables, onMutateResult, context) => {
      queryClient.setQueryData(accountPriceQueryKey, answer);
      return options?.onSuccess?.(answer, variables, onMutateResult, context);
    },
  });
}
