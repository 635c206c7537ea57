import { notifications } from '@mantine/notifications';
import { useT } from '../../../lib/i18n';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useUncancelSubscription } from '../api/uncancel-subscription';

/**
 * Cancel (with a reason) and uncancel of the member's subscriptions: the visit plan (no id) or an
 * rx subscription (its id). Either answer refreshes the plan, the session's pricing and the rx
 * subscriptions; a failure stays on the mutation for the dialog or the card to say.
 */
export function useSubscriptionChanges() {
  const t = useT();
  const cancel = useCancelSubscription({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('subscriptionUi.cancel.done') });
    },
  });
  const uncancel = useUncancelSubscription({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('subscriptionUi.uncancel.done') });
    },
  });
  return { cancel, uncancel };
}
