import { link } from '@apothecall/domain/navigation/links';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { countText, useT } from '../../../lib/i18n';
import { clearNewUnclaimed, useRxVisitsState } from '../../../lib/rx-visits-store';
import { useRxVisits } from '../api/get-rx-visits';
import { errorText } from '../components/rx-format';
import { RxVisitCard } from '../components/rx-visit-card';

/**
 * /rxvisits, the care record of prescription visits (spec sections 2, 4): every visit of the
 * account, newest first, with its status colour and text, kept live by the socket (the shell's
 * watcher applies `updateRxVisit` to the same query). While a visit waits for an upload the
 * route guard sends every other route here.
 */
export function RxVisitsScreen() {
  const t = useT();
  const visits = useRxVisits();
  const { newUnclaimedCount } = useRxVisitsState();
  useEffect(() => () => clearNewUnclaimed(), []);
  const list = visits.data?.visits ?? [];

  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="rxvisits">
      <Title order={1} size="h2">
        {t('rxUi.visits.title')}
      </Title>
      <Group gap="md">
        <Anchor component={Link} to={link('/rx')} size="sm">
          {t('rxUi.visits.start')}
        </Anchor>
        <Anchor component={Link} to={link('/rxvisitsUnpaid')} size="sm">
          {t('rxScreens.visits.unpaidLink')}
        </Anchor>
        <Anchor component={Link} to={link('/rxrefill')} size="sm">
          {t('rxScreens.visits.refillLink')}
        </Anchor>
        <Anchor component={Link} to={link('/uploadId')} size="sm">
          {t('rxScreens.visits.uploadIdPage')}
        </Anchor>
      </Group>
      {visits.data?.actionRequired ? (
        <Alert
          color="red"
          title={t('rxScreens.visits.pendingTitle')}
          data-testid="rx-action-required"
        >
          {t('rxScreens.visits.pendingBody')}
        </Alert>
      ) : null}
      {newUnclaimedCount > 0 ? (
        <Alert color="blue" role="status">
          {countText(t, newUnclaimedCount, {
            one: 'rxUi.visits.newUnclaimed.one',
            other: 'rxUi.visits.newUnclaimed.other',
          })}
        </Alert>
      ) : null}
      {visits.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : visits.isError ? (
        <Alert color="red" role="alert">
          <Stack gap="xs">
            <Text size="sm">
              {t('rxScreens.visits.loadFailed', { message: errorText(t, visits.error) })}
            </Text>
            <Button size="xs" variant="light" w="fit-content" onClick={() => void visits.refetch()}>
              {t('rxScreens.catalog.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : list.length === 0 ? (
        <Stack gap="xs">
          <Text c="dimmed">{t('rxUi.visits.empty')}</Text>
          <Button component={Link} to={link('/rx')} w="fit-content">
            {t('rxUi.visits.start')}
          </Button>
        </Stack>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          aria-label={t('rxUi.visits.title')}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {list.map((visit) => (
            <RxVisitCard key={visit.id} visit={visit} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
