import type { InboxThreadSummary, InboxThreadsResponse } from '@apothecall/domain/inbox/inbox.api';
import {
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { keepPreviousData, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { useInboxThreads } from '../api/get-inbox-threads';
import { formatWhen, messageCountText, pageCount } from '../components/inbox-format';
import { InboxThreadView } from '../components/inbox-thread-view';

/** How often the open list asks again for new mail (no socket event carries it yet). */
const refreshMs = 60_000;

function AddressCard({ address }: { address: string | null }) {
  const t = useT();
  return (
    <SectionCard title={t('inboxUi.addressLabel')} testId="inbox-address-card">
      {address ? (
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            aria-label={t('inboxUi.addressLabel')}
            value={address}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: '1 1 240px' }}
            data-testid="inbox-address"
          />
          <CopyButton value={address}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'green' : undefined}
                onClick={copy}
                aria-label={t('inboxUi.copyLabel', { address })}
              >
                {copied ? t('inboxUi.copied') : t('inboxUi.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      ) : (
        <Text c="dimmed">{t('inboxUi.noAddress')}</Text>
      )}
    </SectionCard>
  );
}

function ThreadRow({ row, onOpen }: { row: InboxThreadSummary; onOpen: () => void }) {
  const t = useT();
  const lang = useLang();
  const subject = row.subject || t('inboxUi.noSubject');
  return (
    <Card component="li" withBorder radius="md" p={0}>
      <UnstyledButton
        onClick={onOpen}
        p="sm"
        w="100%"
        data-testid="inbox-thread"
        data-thread-id={row.threadId}
        style={{ display: 'block', borderRadius: 'var(--mantine-radius-md)' }}
      >
        <Stack gap={2}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={600} truncate style={{ minWidth: 0 }}>
              {row.counterpartName || row.counterpart}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              <time dateTime={row.lastTimeStamp}>{formatWhen(row.lastTimeStamp, lang)}</time>
            </Text>
          </Group>
          <Text size="sm" truncate data-testid="inbox-thread-subject-line">
            {subject}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {row.lastDirection === 'out'
              ? t('inboxUi.lastOut', { snippet: row.lastSnippet })
              : row.lastSnippet}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color="gray" tt="none" radius="sm">
              {messageCountText(t, row.messageCount)}
            </Badge>
            {row.hasAttachments ? (
              <Badge variant="light" color="blue" tt="none" radius="sm">
                {t('inboxUi.hasAttachments')}
              </Badge>
            ) : null}
          </Group>
        </Stack>
      </UnstyledButton>
    </Card>
  );
}

/** The page's threads, or why there are none to show. */
function ThreadsList({
  threads,
  onOpen,
}: {
  threads: UseQueryResult<InboxThreadsResponse>;
  onOpen: (threadId: string) => void;
}) {
  const t = useT();
  if (threads.isPending) {
    return <Loader role="status" size="sm" aria-label={t('shell.loading')} />;
  }
  if (threads.isError) {
    return (
      <Alert color="red" role="alert" data-testid="inbox-error">
        <Stack gap="xs">
          <Text size="sm">{t('inboxUi.loadFailed', { message: errorText(t, threads.error) })}</Text>
          <Button size="xs" variant="light" w="fit-content" onClick={() => void threads.refetch()}>
            {t('inboxUi.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (threads.data.threads.length === 0) {
    return (
      <Text c="dimmed" data-testid="inbox-empty">
        {t('inboxUi.empty')}
      </Text>
    );
  }
  return (
    <Stack
      component="ul"
      gap="xs"
      aria-labelledby="inbox-threads-title"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
      data-testid="inbox-threads"
    >
      {threads.data.threads.map((row) => (
        <ThreadRow key={row.threadId} row={row} onOpen={() => onOpen(row.threadId)} />
      ))}
    </Stack>
  );
}

/** Newer and older pages of the threads (`?page=`; the first page has none). */
function InboxPaging({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (params: Record<string, string>) => void;
}) {
  const t = useT();
  return (
    <Group justify="space-between" gap="xs" data-testid="inbox-paging">
      <Button
        variant="default"
        disabled={page <= 1}
        onClick={() => onPage(page - 1 > 1 ? { page: String(page - 1) } : {})}
      >
        {t('inboxUi.newer')}
      </Button>
      <Text size="sm" c="dimmed">
        {t('inboxUi.pageOf', { page, pages })}
      </Text>
      <Button
        variant="default"
        disabled={page >= pages}
        onClick={() => onPage({ page: String(page + 1) })}
      >
        {t('inboxUi.older')}
      </Button>
    </Group>
  );
}

/** The address and the threads, newest first, a page at a time. */
function InboxList({ onOpen }: { onOpen: (threadId: string) => void }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const threads = useInboxThreads(page, {
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
  const data = threads.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;

  return (
    <Stack gap="md">
      {data ? <AddressCard address={data.address} /> : null}
      <Stack gap="xs" component="section" aria-labelledby="inbox-threads-title">
        <Title order={2} size="h4" id="inbox-threads-title">
          {t('inboxUi.threadsHeading')}
        </Title>
        <Stack gap="md" aria-busy={threads.isFetching}>
          <ThreadsList threads={threads} onOpen={onOpen} />
        </Stack>
        {data && pages > 1 ? <InboxPaging page={page} pages={pages} onPage={setParams} /> : null}
      </Stack>
    </Stack>
  );
}

/**
 * /inbox: the pharmacy's e-mail inbox. Its address (mail sent there arrives here),
 * the threads newest first, and a thread opened under the title (`?thread=<id>`, so Back
 * works) with its e-mails as text, attachments to download and a reply form. Pharmacy staff
 * only: anyone else is answered by the server's refusal.
 */
export function InboxScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const openId = params.get('thread');
  const lastOpened = useRef<string | null>(null);

  // Back from a thread: focus returns to the row it was opened from.
  useEffect(() => {
    if (openId !== null || lastOpened.current === null) return;
    const id = lastOpened.current;
    lastOpened.current = null;
    document.querySelector<HTMLElement>(`[data-thread-id="${CSS.escape(id)}"]`)?.focus();
  }, [openId]);

  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="inbox">
      <Title order={1} size="h2">
        {t('inboxUi.heading')}
      </Title>
      <Text c="dimmed">{t('inboxUi.intro')}</Text>
      {openId ? (
        <InboxThreadView
          key={openId}
          threadId={openId}
          onBack={() => {
            lastOpened.current = openId;
            const page = params.get('page');
            setParams(page ? { page } : {});
          }}
        />
      ) : (
        <InboxList
          onOpen={(threadId) => {
            const page = params.get('page');
            setParams(page ? { page, thread: threadId } : { thread: threadId });
          }}
        />
      )}
    </Stack>
  );
}
