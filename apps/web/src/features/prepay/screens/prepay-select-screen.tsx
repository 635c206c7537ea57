import { link } from '@apothecall/domain/navigation/links';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePrepayList } from '../api/get-prepay-list';
import { ProgramList } from '../components/program-list';

/**
 * /prepay-select: the prepay programs the caller holds or may use, each with its
 * balance and whether they hold it; a holder manages, sees the transactions of and adds visits
 * to theirs. 'Buy a program' starts a purchase.
 */
export function PrepaySelectScreen() {
  const t = useT();
  const list = usePrepayList();
  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="prepay-select">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('prepayUi.select.title')}
          </Title>
          <Text c="dimmed">{t('prepayUi.select.lead')}</Text>
        </Stack>
        <Button component={Link} to={link('/prepay-purchase')} data-testid="prepay-buy">
          {t('prepayUi.select.buy')}
        </Button>
      </Group>
      <Title order={2} size="h4" id="prepay-select-list">
        {t('prepayUi.select.listLabel')}
      </Title>
      {list.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('prepayUi.loadFailed', { message: errorText(t, list.error) })}</Text>
            <Button size="xs" variant="default" onClick={() => void list.refetch()}>
              {t('prepayUi.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : list.data.length === 0 ? (
        <Card withBorder radius="md" p="md" data-testid="prepay-programs-empty">
          <Text>{t('prepayUi.select.empty')}</Text>
        </Card>
      ) : (
        <ProgramList programs={list.data} labelledBy="prepay-select-list" />
      )}
    </Stack>
  );
}
