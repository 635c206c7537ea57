import { Alert, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/payments/payment-format';
import { getRxMessages, rxMessagesQueryKey } from '../api/get-rx-messages';
import { sendRxMessage } from '../api/send-rx-message';
import { errorText } from './rx-format';

/** A visit's messages with the prescriber, and a box to write (opened on demand). */
export function RxVisitMessages({ visitId }: { visitId: string }) {
  const t = useT();
  const lang = useLang();
  const queryClient = useQueryClient();
  const key = rxMessagesQueryKey(visitId);
  const messages = useQuery({ queryKey: key, queryFn: () => getRxMessages(visitId) });
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () => sendRxMessage(visitId, text),
    onSuccess: (list) => {
      queryClient.setQueryData(key, list);
      setText('');
    },
  });
  return (
    <Stack gap="xs">
      {messages.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : messages.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, messages.error)}
        </Alert>
      ) : messages.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('rxScreens.visits.messagesEmpty')}
        </Text>
      ) : (
        <Stack component="ul" gap={4} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {messages.data.map((m) => (
            <li key={m.id}>
              <Text size="sm">
                <Text span fw={700}>
                  {m.from === 'patient'
                    ? t('rxScreens.visits.fromYou')
                    : t('rxScreens.visits.fromPrescriber')}
                </Text>{' '}
                <Text span size="xs" c="dimmed">
                  {formatDateTime(m.sent, lang)}
                </Text>
              </Text>
              <Text size="sm">{m.text}</Text>
            </li>
          ))}
        </Stack>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) send.mutate();
        }}
      >
        <Stack gap={6}>
          <Textarea
            label={t('rxScreens.visits.message')}
            placeholder={t('rxUi.visits.messagePlaceholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={2000}
          />
          <Group>
            <Button type="submit" size="xs" loading={send.isPending} disabled={!text.trim()}>
              {t('rxUi.visits.send')}
            </Button>
          </Group>
          {send.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, send.error)}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}
