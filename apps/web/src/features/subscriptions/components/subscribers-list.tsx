import type { SubscriberView } from '@apothecall/domain/subscriptions/subscriptions.api';
import { Button, Group, Title } from '@mantine/core';
import { useId } from 'react';
import { Facts } from '../../../components/facts';
import { ListCard } from '../../../components/list-card';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { adminActions, billedText, formatDay, subscribedToText } from './subscription-format';
import { SubscriptionStatusChip } from './subscription-status-chip';

/**
 * The company's subscribers, one card each (a list, so it reads the same on a phone and on a
 * desktop): member, plan or medication, status, next renewal, billing, last charge; 'Cancel'
 * and 'Cancel and refund' when they apply (adminActions).
 */
export function SubscribersList({
  subscribers,
  labelledBy,
  onAction,
}: {
  subscribers: readonly SubscriberView[];
  labelledBy: string;
  onAction: (subscriber: SubscriberView, refund: boolean) => void;
}) {
  return (
    <ul
      aria-labelledby={labelledBy}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}
    >
      {subscribers.map((subscriber) => (
        <SubscriberCard key={subscriber.id} subscriber={subscriber} onAction={onAction} />
      ))}
    </ul>
  );
}

/** A subscriber's subscription, next renewal, billing, last charge and start. */
function SubscriberFacts({ subscriber }: { subscriber: SubscriberView }) {
  const t = useT();
  const lang = useLang();
  return (
    <Facts
      labelWidth={160}
      rows={[
        {
          key: 'what',
          label: t('subscriptionUi.admin.subscription'),
          value: (
            <span data-testid="rxadmin-subscriber-plan">{subscribedToText(t, subscriber)}</span>
          ),
        },
        {
          key: 'renewal',
          label: t('subscriptionUi.admin.nextRenewal'),
          value:
            subscriber.renewDate && subscriber.status === 'active'
              ? formatDay(subscriber.renewDate, lang)
              : subscriber.renewDate && subscriber.status === 'cancelled'
                ? t('subscriptions.endsOn', { date: formatDay(subscriber.renewDate, lang) })
                : '—',
        },
        {
          key: 'billed',
          label: t('subscriptionUi.offer.billedLabel'),
          value: billedText(t, subscriber, lang),
        },
        {
          key: 'lastCharge',
          label: t('subscriptionUi.admin.lastCharge'),
          value: (
            <span data-testid="rxadmin-subscriber-last-charge" data-refunded={subscriber.refunded}>
              {subscriber.lastCharge
                ? t('subscriptionUi.admin.chargeOn', {
                    amount: formatCents(subscriber.lastCharge.amount, lang),
                    date: formatDay(subscriber.lastCharge.date, lang),
                  })
                : subscriber.refunded
                  ? t('subscriptionUi.admin.refundedLast')
                  : t('subscriptionUi.admin.noCharge')}
            </span>
          ),
        },
        {
          key: 'started',
          label: t('subscriptionUi.admin.started'),
          value: formatDay(subscriber.startedAt, lang),
        },
      ]}
    />
  );
}

function SubscriberCard({
  subscriber,
  onAction,
}: {
  subscriber: SubscriberView;
  onAction: (subscriber: SubscriberView, refund: boolean) => void;
}) {
  const t = useT();
  const titleId = useId();
  const actions = adminActions(subscriber);
  const label = (action: string) =>
    t('subscriptionUi.actionLabel', { action, name: subscriber.memberName });
  return (
    <ListCard
      labelledBy={titleId}
      data-testid="rxadmin-subscriber"
      data-id={subscriber.id}
      data-status={subscriber.status}
    >
      <Group gap="xs" justify="space-between">
        <Title order={3} size="h5" id={titleId} data-testid="rxadmin-subscriber-name">
          {subscriber.memberName}
        </Title>
        <SubscriptionStatusChip status={subscriber.status} testId="rxadmin-subscriber-status" />
      </Group>
      <SubscriberFacts subscriber={subscriber} />
      {actions.cancel || actions.refund ? (
        <Group gap="xs">
          {actions.cancel ? (
            <Button
              size="compact-sm"
              variant="outline"
              color="red"
              onClick={() => onAction(subscriber, false)}
              aria-label={label(t('subscriptionUi.admin.cancel'))}
              data-testid="rxadmin-cancel"
            >
              {t('subscriptionUi.admin.cancel')}
            </Button>
          ) : null}
          {actions.refund ? (
            <Button
              size="compact-sm"
              variant="outline"
              color="red"
              onClick={() => onAction(subscriber, true)}
              aria-label={label(t('subscriptionUi.admin.cancelRefund'))}
              data-testid="rxadmin-cancel-refund"
            >
              {t('subscriptionUi.admin.cancelRefund')}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </ListCard>
  );
}
