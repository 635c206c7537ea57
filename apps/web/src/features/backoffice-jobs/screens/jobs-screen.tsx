import type { FailedJob, UndeliveredMessage } from '@apothecall/domain/backoffice/jobs-admin.api';
import {
  Alert,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ScrollRegion } from '../../../components/scroll-region';
import { errorText } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/payments/payment-format';
import { useFailedJobs, useOutbox, useRetryFailedJob, useRetryMessage } from '../api/jobs-admin';

/** The list's loading, failure (with a reload) and empty states around its table. */
function Listed<T>({
  query,
  empty,
  testId,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: string;
  testId: string;
  children: (rows: T[]) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) return <Loader role="status" size="sm" aria-label={t('shell.loading')} />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" data-testid={`${testId}-error`}>
        <Stack gap="xs">
          <Text size="sm">{t('jobsUi.loadFailed', { message: errorText(t, query.error) })}</Text>
          <Button size="xs" variant="light" w="fit-content" onClick={() => void query.refetch()}>
            {t('jobsUi.reload')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (query.data.length === 0) {
    return (
      <Text c="dimmed" data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  }
  return <>{children(query.data)}</>;
}

/** A retry with its question first; the answer as a toast in the reader's language. */
function useRetry<K>(
  useRetryCall: (options: MutationCallbacks<boolean, K>) => UseMutationResult<boolean, Error, K>,
) {
  const t = useT();
  const [asking, setAsking] = useState<{ key: K; question: string } | null>(null);
  const mutation = useRetryCall({
    onSuccess: (retried) => {
      notifications.show({
        color: retried ? 'green' : 'yellow',
        message: retried ? t('jobsUi.retried') : t('jobsUi.notRetried'),
      });
      setAsking(null);
    },
  });
  const dialog = (testId: string) => (
    <ConfirmDialog
      opened={asking !== null}
      title={t('jobsUi.retry')}
      body={asking?.question ?? ''}
      confirmLabel={t('jobsUi.retry')}
      cancelLabel={t('jobsUi.cancel')}
      pending={mutation.isPending}
      error={mutation.isError ? errorText(t, mutation.error) : null}
      onConfirm={() => asking && mutation.mutate(asking.key)}
      onClose={() => {
        setAsking(null);
        mutation.reset();
      }}
      testId={testId}
    />
  );
  return { ask: (key: K, question: string) => setAsking({ key, question }), dialog };
}

function FailedJobsTab() {
  const t = useT();
  const lang = useLang();
  const query = useFailedJobs();
  const { ask, dialog } = useRetry(useRetryFailedJob);
  return (
    <Stack>
      <Listed query={query} empty={t('jobsUi.emptyFailed')} testId="failed-jobs">
        {(jobs: FailedJob[]) => (
          <ScrollRegion label={t('jobsUi.tab.failed')} minWidth={640}>
            <Table striped data-testid="failed-jobs-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('jobsUi.col.job')}</Table.Th>
                  <Table.Th>{t('jobsUi.col.when')}</Table.Th>
                  <Table.Th>{t('jobsUi.col.attempts')}</Table.Th>
                  <Table.Th>{t('jobsUi.col.error')}</Table.Th>
                  <Table.Th>{t('jobsUi.col.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.map((j) => (
                  <Table.Tr key={j.id} data-testid="failed-job-row">
                    <Table.Td>{j.job}</Table.Td>
                    <Table.Td>{formatDateTime(j.failedAt, lang)}</Table.Td>
                    <Table.Td>{j.attempts}</Table.Td>
                    <Table.Td>{j.errorKind ?? '—'}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={t('jobsUi.retryJob', { job: j.job })}
                        onClick={() => ask(j.id, t('jobsUi.confirmJob', { job: j.job }))}
                      >
                        {t('jobsUi.retry')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </Listed>
      {dialog('failed-job-retry-dialog')}
    </Stack>
  );
}

function OutboxTab() {
  const t = useT();
  const lang = useLang();
  const [status, setStatus] = useState<'failed' | 'pending'>('failed');
  const query = useOutbox(status);
  const { ask, dialog } = useRetry(useRetryMessage);
  return (
    <Stack>
      <Group>
        <SegmentedControl
          aria-label={t('jobsUi.status.label')}
          value={status}
          onChange={(value) => setStatus(value === 'pending' ? 'pending' : 'failed')}
          data={[
            { value: 'failed', label: t('jobsUi.status.failed') },
            { value: 'pending', label: t('jobsUi.status.pending') },
          ]}
        />
      </Group>
      <Listed query={query} empty={t('jobsUi.emptyOutbox')} testId="outbox">
        {(messages: UndeliveredMessage[]) => (
          <ScrollRegion label={t('jobsUi.tab.outbox')} minWidth={720}>
            <Table striped data-testid="outbox-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('jobsUi.col.channel')}</Table.Th>
                  <Table.Th>{t('jobsUi.col.recipient')}</Table.Th>
                  <Table.Th>{t('jobsUi.col.kind')}</Table.Th>
                  <Table.Th>{t('jobsUi.col.when')}</Table.Th>
                  <Table.Th>{t('jobsUi.col.attempts')}</Table.Th>
                  <Table.Th>{t('jobsUi.col.error')}</Table.Th>
                  <Table.Th>{t('jobsUi.col.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {messages.map((m) => (
                  <Table.Tr key={m.id} data-testid="outbox-row">
                    <Table.Td>{m.channel}</Table.Td>
                    <Table.Td>{m.recipient}</Table.Td>
                    <Table.Td>{m.kind}</Table.Td>
                    <Table.Td>{formatDateTime(m.createdAt, lang)}</Table.Td>
                    <Table.Td>{m.attempts}</Table.Td>
                    <Table.Td>{m.lastError ?? '—'}</Table.Td>
                    <Table.Td>
                      {m.status !== 'failed' ? null : m.purged ? (
                        <Text size="sm" c="dimmed">
                          {t('jobsUi.purged')}
                        </Text>
                      ) : (
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={t('jobsUi.retryMessage', {
                            channel: m.channel,
                            recipient: m.recipient,
                          })}
                          onClick={() =>
                            ask(
                              m.id,
                              t('jobsUi.confirmMessage', {
                                channel: m.channel,
                                recipient: m.recipient,
                              }),
                            )
                          }
                        >
                          {t('jobsUi.retry')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </Listed>
      {dialog('outbox-retry-dialog')}
    </Stack>
  );
}

/**
 * /admin/jobs (the back office's jobs and outbox; admin only): failed (dead-lettered)
 * jobs and undelivered e-mail and SMS, each with a Retry behind a question. Never a payload or a
 * message text; recipients masked by the server.
 */
export function JobsScreen() {
  const t = useT();
  return (
    <Stack p="md" maw={1100} mx="auto" w="100%" data-screen="admin-jobs">
      <Title order={1} size="h2">
        {t('jobsUi.title')}
      </Title>
      <Text c="dimmed">{t('jobsUi.lead')}</Text>
      <Tabs defaultValue="failed" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="failed">{t('jobsUi.tab.failed')}</Tabs.Tab>
          <Tabs.Tab value="outbox">{t('jobsUi.tab.outbox')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="failed" pt="md">
          <FailedJobsTab />
        </Tabs.Panel>
        <Tabs.Panel value="outbox" pt="md">
          <OutboxTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
