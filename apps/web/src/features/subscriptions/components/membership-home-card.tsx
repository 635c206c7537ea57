import { link } from '@apothecall/domain/navigation/links';
import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { useSubscriptionPricing } from '../api/get-subscription-pricing';
import { planKeys, renewalText } from './subscription-labels';
import { SubscriptionStatusChip } from './subscription-status-chip';

/**
 * A patient's Home: the visit plan's status (or an invitation to subscribe, with the member
 * visit price), and the way to /subscription. Shown only when the brand sells plans or the
 * account has one (GET /subscription-pricing); nothing while it loads or when it fails.
 */
export function MembershipHomeCard() {
  const t = useT();
  const lang = useLang();
  const pricing = useSubscriptionPricing();
  const data = pricing.data;
  if (!data || (!data.available && !data.subscription)) return null;
  const subscription = data.subscription;
  const renewal = subscription ? renewalText(t, subscription, lang) : null;
  return (
    <SectionCard
      title={t('subscriptionUi.home.title')}
      description={
        subscription
          ? undefined
          : t('subscriptionUi.home.invite', { price: formatCents(data.memberVisitCents, lang) })
      }
      testId="membership-home-card"
    >
      {subscription ? (
        <>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {subscription.plan ? t(planKeys[subscription.plan]) : t('subscriptionUi.plan.title')}
            </Text>
            <SubscriptionStatusChip status={subscription.status} testId="membership-home-status" />
          </Group>
          {renewal ? <Text size="sm">{renewal}</Text> : null}
        </>
      ) : null}
      <Button component={Link} to={link('/subscription')} variant="light" w="fit-content">
        {subscription ? t('subscriptionUi.home.manage') : t('subscriptionUi.home.see')}
      </Button>
    </SectionCard>
  );
}
