import type {
  AddCardRequest,
  PaymentProfilesResponse,
} from '@apothecall/domain/payments/payments.api';
import type { CardEntry } from '@apothecall/domain/payments/payments.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MutationCallbacks, useCallQuery } from '../../call-hooks';

/** The payments calls a payment step uses (the payments feature's api/, handed in). */
export interface CardChoiceApi {
  queryKey: readonly unknown[];
  load: () => Promise<PaymentProfilesResponse>;
  add: (body: AddCardRequest) => Promise<PaymentProfilesResponse>;
}

/** The stored cards, under the handed key. */
export function useHandedCards(api: CardChoiceApi) {
  return useCallQuery(api.queryKey, api.load);
}

/**
 * Adds a card to the account's payment profile (`profiles`: its ids, null before the first
 * card); the list it answers replaces the stored cards at once, then the caller's callbacks run.
 */
export function useHandedAddCard(
  api: CardChoiceApi,
  profiles: PaymentProfilesResponse | undefined,
  options?: MutationCallbacks<PaymentProfilesResponse, CardEntry>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (card: CardEntry) =>
      api.add({
        profileID: profiles?.payProfileID ?? null,
        signature: profiles?.payProfileSignature ?? null,
        card,
      }),
    gcTime: 0,
    onSuccess: (list, card, onMutateResult, context) => {
      queryClient.setQueryData(api.queryKey, list);
      return options?.onSuccess?.(list, card, onMutateResult, context);
    },
  });
}
