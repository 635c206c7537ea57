import { formatClockTime } from '@apothecall/domain/dates/time-format.rules';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { VisitRole } from '@apothecall/domain/realtime/realtime.events';
import { Button, Group, Paper, ScrollArea, Stack, Text, Textarea, Title } from '@mantine/core';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLang, useT } from '../../../lib/i18n';
import { type ChatItem, chatMaxLength } from '../hooks/use-chat';

/** The message's clock time in the reader's language (no longer the browser's locale). */
function timeOf(iso: string, lang: Lang): string {
  return Number.isNaN(Date.parse(iso)) ? '' : formatClockTime(iso, lang);
}

/**
 * The chat of a visit: the conversation as a live log and a send box (Enter sends, Shift+Enter
 * starts a new line). Read-only when `onSend` is absent (a finished visit's transcript).
 */
export function ChatPanel(props: {
  items: readonly ChatItem[];
  /** The other side's role, to name their messages. */
  otherRole: VisitRole;
  /** The other side's name (and credential) when known; else their role. */
  otherName?: string | null;
  onSend?: (text: string) => boolean;
  onRetry?: (clientId: string) => void;
  /** Sending is possible now (in the room); messages typed meanwhile wait. */
  online?: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const { items, otherRole, otherName, onSend, onRetry, online = true } = props;
  const viewport = useRef<HTMLDivElement>(null);
  const titleId = useId();

  // Keep the newest message in view.
  const count = items.length;
  useEffect(() => {
    void count;
    const el = viewport.current;
    if (el) el.scrollTo({ top: el.scrollHeight });
  }, [count]);

  const statusText = (item: ChatItem): string | null => {
    switch (item.status) {
      case 'sending':
        return t('call.chat.status.sending');
      case 'sent':
        return t('call.chat.status.sent');
      case 'delivered':
        return t('call.chat.status.delivered');
      case 'failed':
        return t('call.chat.status.failed');
      default:
        return null;
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-labelledby={titleId}
      data-testid="chat-panel"
    >
      <Stack gap="xs">
        <Title order={3} size="h5" id={titleId}>
          {t('call.chat.title')}
        </Title>
        <ScrollArea.Autosize mah={360} viewportRef={viewport} type="auto">
          {/* The live region wraps the list: a role on the <ol> itself would hide its items'
              list semantics (axe: listitem). */}
          <div role="log" aria-live="polite" aria-label={t('call.chat.log')}>
            <Stack gap={6} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {items.length === 0 ? (
                <Text component="li" size="sm" c="dimmed">
                  {t('call.chat.empty')}
                </Text>
              ) : (
                items.map((item) => {
                  const status = statusText(item);
                  return (
                    <li
                      key={item.key}
                      data-testid="chat-message"
                      data-status={item.status}
                      data-own={item.own ? 'true' : 'false'}
                      style={{ alignSelf: item.own ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
                    >
                      <Paper
                        radius="md"
                        px="sm"
                        py={6}
                        bg={
                          item.own
                            ? 'var(--mantine-primary-color-light)'
                            : 'var(--mantine-color-default-hover)'
                        }
                      >
                        <Text size="xs" c="dimmed">
                          {item.own
                            ? t('call.chat.you')
                            : (otherName ?? t(`call.chat.them.${otherRole}`))}
                          {' · '}
                          <time dateTime={item.at}>{timeOf(item.at, lang)}</time>
                        </Text>
                        <Text
                          size="sm"
                          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                        >
                          {item.text}
                        </Text>
                        {status ? (
                          <Group gap={6} justify="flex-end">
                            <Text
                              size="xs"
                              c={item.status === 'failed' ? 'red' : 'dimmed'}
                              data-testid="chat-message-status"
                            >
                              {item.status === 'delivered'
                                ? '✓✓ '
                                : item.status === 'sent'
                                  ? '✓ '
                                  : ''}
                              {status}
                              {item.error ? ` — ${item.error}` : ''}
                            </Text>
                            {item.status === 'failed' && item.clientId && onRetry ? (
                              <Button
                                size="compact-xs"
                                variant="subtle"
                                onClick={() => onRetry(item.clientId as string)}
                              >
                                {t('call.chat.retry')}
                              </Button>
                            ) : null}
                          </Group>
                        ) : null}
                      </Paper>
                    </li>
                  );
                })
              )}
            </Stack>
          </div>
        </ScrollArea.Autosize>
        {onSend ? <ChatForm onSend={onSend} online={online} /> : null}
      </Stack>
    </Paper>
  );
}

/** The message box: Enter sends (Shift+Enter a new line), too long is said under it. */
function ChatForm({ onSend, online }: { onSend: (text: string) => boolean; online: boolean }) {
  const t = useT();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const text = draft.trim();
    if (text === '') return;
    if (text.length > chatMaxLength) {
      setError(t('care.message.tooLong'));
      return;
    }
    if (onSend(text)) {
      setDraft('');
      setError(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap={4}>
        <Textarea
          label={t('call.chat.input')}
          placeholder={t('call.chat.placeholder')}
          description={t('call.chat.hint')}
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          autosize
          minRows={1}
          maxRows={4}
          error={error}
        />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" role="status">
            {online ? '' : t('call.chat.offline')}
          </Text>
          <Button type="submit" disabled={draft.trim() === ''}>
            {t('call.chat.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
