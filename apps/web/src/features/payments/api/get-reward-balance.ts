import { rewardBalanceResponseSchema } from '@apothecall/domain/payments/payments.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const rewardBalanceQueryKey = ['payments', 'reward-balance'] as const;

/** GET /account/reward-balance in cents; on error the balance shows as 0 (spec section 7). */
export async function getRewardBalance(): Promise<number> {
  try {
    const { data } = await apiCall('/account/reward-balance', {
      schema: rewardBalanceResponseSchema,
    });
    return data.balance;
  } catch {
    return 0;
  }
}

/** The reward balance (0 when it cannot be read). */
export function useRewardBalance(options?: QueryOptions<number>) {
  return useCallQuery(rewardBalanceQueryKey, getRewardBalance, options);
}
