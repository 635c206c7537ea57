import type { SubscriptionStatus } from '@apothecall/domain/subscriptions/subscriptions.rules';
import { subscriptionStatusLabelKey } from '@apothecall/domain/subscriptions/subscriptions.rules';
import { StatusChip } from '../../../components/status-chip';
import { useT } from '../../../lib/i18n';
import { statusColours } from './subscription-labels';

/**
 * A subscription's status as a chip (components/status-chip): the spec's label ('Active',
 * 'Cancelled', 'Inactive') with a coloured dot beside it, so the colour is never the only
 * sign. The status is in data-status for tests.
 */
export function SubscriptionStatusChip({
  status,
  testId = 'subscription-status',
}: {
  status: SubscriptionStatus;
  testId?: string;
}) {
  const t = useT();
  return (
    <StatusChip
      label={t(subscriptionStatusLabelKey(status))}
      colour={statusColours[status]}
      data-testid={testId}
      data-status={status}
    />
  );
}
