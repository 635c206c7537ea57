import { Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import { RxServicesSection } from '../components/rx-services-section';
import { VisitPlanSection } from '../components/visit-plan-section';

/**
 * /subscription: the member's visit plan (status, renewal, billing, card; cancel with
 * a reason, uncancel, or buy one) and 'Medications by subscription' (the pharmacy's monthly
 * medications and the account's rx subscriptions).
 */
export function SubscriptionScreen() {
  const t = useT();
  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="subscription">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('subscriptionUi.screen.title')}
        </Title>
        <Text c="dimmed">{t('subscriptionUi.screen.lead')}</Text>
      </Stack>
      <VisitPlanSection />
      <RxServicesSection />
    </Stack>
  );
}
