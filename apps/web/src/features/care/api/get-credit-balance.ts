import { rewardBalanceResponseSchema } from '@apothecall/domain/payments/payments.api';
import { apiCall } from '../../../lib/api-client';

export const creditBalanceQueryKey = ['payments', 'reward-balance'] as const;

/**
 * GET /account/reward-balance in cents (credit pays before the card). On error the balance
 * counts as 0 (spec section 7), so the checkout then asks for a card.
 */
export async function getCreditBalance(): Promise<number> {
  try {
    const { data } = await apiCall('/account/reward-balance', {
      schema: rewardBalanceResponseSchema,
    });
    return data.balance;
  } catch {
    return 0;
  }
}
