import { rewardBalanceResponseSchema } from '@apothecall/domain/payments/payments.api';
import { apiCall } from '../../../lib/api-client';

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
