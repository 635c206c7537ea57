import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n';
import { cancelSubscription } from '../api/cancel-subscription';
import { rxServicesQueryKey } from '../api/get-rx-services';
import { subscriptionPricingQueryKey } from '../api/get-subscription-pricing';
import { uncancelSubscription } from '../api/uncancel-subscription';

/**
 * Cancel (with a reason) and uncancel of the member's subscriptions: the visit plan (no id) or an
 * rx subscription (its id). Either answer refreshes the plan, the session's pricing and the rx
 * subscriptions; a failure stays on the mutation for the dialog or the card to say.
 */
export function useSubscriptionChanges() {
  const t = useT();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: subscriptionPricingQueryKey });
    void queryClient.invalidateQueries({ queryKey: rxServicesQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['subscriptions', 'price'] });
  };
  const cancel = useMutation({
    mutationFn: (input: { id?: string; reason: string }) => cancelSubscription(input),
    onSuccess: () => {
      refresh();
      notifications.show({ color: 'green', message: t('subscriptionUi.cancel.done') });
    },
  });
  const uncancel = useMutation({
    mutationFn: (id: string | undefined) => uncancelSubscription(id ? { id } : {}),
    onSuccess: () => {
      refresh();
      notifications.show({ color: 'green', message: t('subscriptionUi.uncancel.done') });
    },
  });
  return { cancel, uncancel };
}
