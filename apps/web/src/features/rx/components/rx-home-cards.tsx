import { link } from '@apothecall/domain/navigation/links';
import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useT } from '../../../lib/i18n';
import { useClinicRxQueue } from '../api/clinic-get-rx-queue';

/** A patient's Home: the way to prescription visits (start one, see the list). */
export function RxHomeCard() {
  const t = useT();
  return (
    <SectionCard
      title={t('rxScreens.home.title')}
      description={t('rxScreens.home.body')}
      testId="rx-home-card"
    >
      <Group gap="xs">
        <Button component={Link} to={link('/rx')} variant="light">
          {t('rxUi.visits.start')}
        </Button>
        <Button component={Link} to={link('/rxvisits')} variant="default">
          {t('rxScreens.home.open')}
        </Button>
      </Group>
    </SectionCard>
  );
}

/** A provider's Home: the Rx review line's length and the way to it. */
export function RxReviewsHomeCard() {
  const t = useT();
  const queue = useClinicRxQueue();
  return (
    <SectionCard
      title={t('rxScreens.home.providerTitle')}
      description={t('rxScreens.home.providerBody')}
      testId="rx-reviews-home-card"
    >
      {queue.data ? (
        <Text fw={600} data-testid="home-rx-queue-count">
          {t('rxScreens.home.providerWaiting', { count: queue.data.waiting.length })}
        </Text>
      ) : null}
      <Button component={Link} to={link('/clinic/rx')} w="fit-content">
        {t('rxScreens.home.providerOpen')}
      </Button>
    </SectionCard>
  );
}
