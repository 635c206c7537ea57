import { link } from '@apothecall/domain/navigation/links';
import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useWebappVersion } from '../api/get-webapp-version';
import { applyUpdate, checkVersion, isNewer, runningVersion } from '../version-store';

/**
 * /update: this app's version beside the latest the server serves, and the update when there
 * is one (spec section 2 route). Opening the screen asks the server afresh.
 */
export function UpdateScreen() {
  const t = useT();
  const latest = useWebappVersion(checkVersion, { staleTime: 0, retry: false });
  const [updating, setUpdating] = useState(false);
  return (
    <Stack p="md" maw={560} mx="auto" w="100%" data-screen="update">
      <Title order={1} size="h2">
        {t('brands.update.title')}
      </Title>
      <Table variant="vertical" withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w="45%">{t('brands.update.current')}</Table.Th>
            <Table.Td data-testid="running-version">{runningVersion}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('brands.update.latest')}</Table.Th>
            <Table.Td data-testid="latest-version">
              {latest.data ?? (latest.isPending ? <Loader size="xs" /> : '—')}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {latest.isError ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('brands.update.checkFailed')}</Text>
            <Button size="xs" variant="outline" onClick={() => void latest.refetch()}>
              {t('brands.update.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {latest.data !== undefined && isNewer(latest.data) ? (
        <>
          <Text>{t('brands.update.body')}</Text>
          <Group>
            <Button
              loading={updating}
              onClick={() => {
                setUpdating(true);
                void applyUpdate();
              }}
            >
              {t('brands.update.now')}
            </Button>
          </Group>
        </>
      ) : null}
      {latest.data !== undefined && !isNewer(latest.data) ? (
        <>
          <Text role="status">{t('brands.update.upToDate')}</Text>
          <Group>
            <Button component={Link} to={link('/')} variant="outline">
              {t('brands.update.home')}
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
