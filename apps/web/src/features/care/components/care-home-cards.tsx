import { link } from '@apothecall/domain/navigation/links';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useT } from '../../../lib/i18n';
import { useClinicQueue } from '../api/clinic-get-queue';
import { ClinicDutyCard } from './clinic-duty-card';

/** A patient's Home: the one clear way into an on-demand visit. */
export function GetCareNowCard() {
  const t = useT();
  return (
    <Card withBorder radius="md" p="lg" data-testid="get-care-card">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('careUi.home.title')}
        </Title>
        <Text>{t('careUi.home.body')}</Text>
        <Button component={Link} to={link('/care')} size="md" w="fit-content">
          {t('careUi.home.start')}
        </Button>
      </Stack>
    </Card>
  );
}

/** A provider's Home: the duty switch, the queue's length and the visits in progress. */
export function ClinicHomeCard() {
  const t = useT();
  // Asked again on every visit to Home: pushes reach only the screen that is open.
  const queue = useClinicQueue({ refetchOnMount: 'always' });
  return (
    <Stack gap="md" data-testid="clinic-card">
      <ClinicDutyCard />
      <SectionCard title={t('clinicUi.home.title')} description={t('clinicUi.home.body')}>
        {queue.data ? (
          <Group gap="md">
            <Text fw={600} data-testid="home-queue-count">
              {t('clinicUi.home.waiting', { count: queue.data.visits.length })}
            </Text>
            <Text fw={600}>{t('clinicUi.home.mine', { count: queue.data.mine.length })}</Text>
          </Group>
        ) : null}
        <Button component={Link} to={link('/clinic')} w="fit-content">
          {t('clinicUi.home.open')}
        </Button>
      </SectionCard>
    </Stack>
  );
}
