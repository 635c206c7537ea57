import { link } from '@apothecall/domain/navigation/links';
import type { SubscriptionView } from '@apothecall/domain/subscriptions/subscriptions.api';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Facts } from '../../../components/facts';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { useSubscriptionPricing } from '../api/get-subscription-pricing';
import { useSubscriptionChanges } from '../hooks/use-subscription-changes';
import { LoadProblem } from './load-problem';
import { CancelSubscriptionDialog } from './reason-dialog';
import {
  billedText,
  cardText,
  periodKeys,
  planKeys,
  renewalText,
  viewInForce,
} from './subscription-format';
import { SubscriptionStatusChip } from './subscription-status-chip';

/**
 * The member's visit plan (GET /subscription-pricing): plan, period, status, renew or end date,
 * what each renewal bills, the card it charges and declined renewals; Cancel (with a reason) or
 * Uncancel; and the way to buy one when none is in force.
 */
export function VisitPlanSection() {
  const t = useT();
  const lang = useLang();
  const pricing = useSubscriptionPricing({ staleTime: 0 });
  const subscription = pricing.data?.subscription ?? null;
  const inForce = viewInForce(subscription, Date.now());
  return (
    <SectionCard title={t('subscriptionUi.plan.title')} testId="subscription-plan">
      {pricing.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : pricing.isError ? (
        <LoadProblem error={pricing.error} retry={() => void pricing.refetch()} />
      ) : (
        <Stack gap="sm">
          {subscription ? (
            <PlanFacts subscription={subscription} />
          ) : (
            <Text size="sm" data-testid="subscription-none">
              {t('subscriptionUi.plan.none')}
            </Text>
          )}
          {inForce ? null : pricing.data.available ? (
            <Group>
              <Button
                component={Link}
                to={link('/subscription-purchase')}
                data-testid="subscription-buy"
              >
                {subscription ? t('subscriptionUi.plan.buyAgain') : t('subscriptionUi.plan.buy')}
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed" data-testid="subscription-unavailable">
              {t('subscriptionUi.purchase.unavailable')}
            </Text>
          )}
          {pricing.data.available && !inForce ? (
            <Text size="sm" c="dimmed">
              {t('subscriptionUi.plan.invite', {
                price: formatCents(pricing.data.memberVisitCents, lang),
              })}
            </Text>
          ) : null}
        </Stack>
      )}
    </SectionCard>
  );
}

/** The plan's facts and what may be done with it. */
function PlanFacts({ subscription }: { subscription: SubscriptionView }) {
  const t = useT();
  const lang = useLang();
  const { cancel, uncancel } = useSubscriptionChanges();
  const [cancelling, setCancelling] = useState(false);
  const renewal = renewalText(t, subscription, lang);
  return (
    <Stack gap="sm" data-testid="subscription-visit-plan" data-status={subscription.status}>
      <Group gap="xs" justify="space-between">
        <Text fw={700} data-testid="subscription-plan-name">
          {subscription.plan ? t(planKeys[subscription.plan]) : t('subscriptionUi.plan.title')}
        </Text>
        <SubscriptionStatusChip status={subscription.status} />
      </Group>
      <Facts
        labelWidth={180}
        rows={[
          ...(subscription.period
            ? [
                {
                  key: 'period',
                  label: t('subscriptionUi.purchase.period'),
                  value: t(periodKeys[subscription.period]),
                },
              ]
            : []),
          ...(renewal
            ? [
                {
                  key: 'renewal',
                  label: t('subscriptionUi.plan.renewal'),
                  value: <span data-testid="subscription-renewal">{renewal}</span>,
                },
              ]
            : []),
          {
            key: 'billed',
            label: t('subscriptionUi.offer.billedLabel'),
            value: (
              <span data-testid="subscription-billed-amount">
                {billedText(t, subscription, lang)}
              </span>
            ),
          },
          {
            key: 'card',
            label: t('subscriptionUi.plan.card'),
            value: <span data-testid="subscription-card">{cardText(t, subscription.card)}</span>,
          },
        ]}
      />
      {subscription.failedRenewals > 0 && subscription.status !== 'inactive' ? (
        <Alert color="yellow" role="alert" data-testid="subscription-failed-renewals">
          <Stack gap={4} align="flex-start">
            <Text size="sm">
              {t('subscriptionUi.plan.failedRenewals', { count: subscription.failedRenewals })}
            </Text>
            <Anchor component={Link} to={link('/payments')} size="sm">
              {t('subscriptionUi.plan.updateCard')}
            </Anchor>
          </Stack>
        </Alert>
      ) : null}
      {subscription.status === 'cancelled' ? (
        <Text size="sm" data-testid="subscription-cancelled-notice">
          {t('subscriptions.cancelledNotice')}
        </Text>
      ) : null}
      {uncancel.isError ? (
        <Alert color="red" role="alert" data-testid="subscription-uncancel-error">
          {t('subscriptionUi.uncancel.failed', { message: errorText(t, uncancel.error) })}
        </Alert>
      ) : null}
      <Group gap="xs">
        {subscription.status === 'active' ? (
          <Button
            variant="outline"
            color="red"
            onClick={() => {
              cancel.reset();
              setCancelling(true);
            }}
            data-testid="subscription-cancel"
          >
            {t('subscriptions.cancel')}
          </Button>
        ) : null}
        {subscription.status === 'cancelled' ? (
          <Button
            onClick={() => uncancel.mutate(undefined)}
            loading={uncancel.isPending}
            data-testid="subscription-uncancel"
          >
            {t('subscriptions.uncancel')}
          </Button>
        ) : null}
      </Group>
      {cancelling ? (
        <CancelSubscriptionDialog
          title={t('subscriptionUi.cancel.title')}
          renewDate={subscription.renewDate}
          cancel={cancel}
          onClose={() => setCancelling(false)}
          testId="subscription-cancel-dialog"
        />
      ) : null}
    </Stack>
  );
}
