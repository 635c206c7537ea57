import type { RxMessage } from '@apothecall/domain/rx/rx-visits.api';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/payments/payment-format';
import { errorText } from './rx-format';

/**
 * An Rx visit's messages between its patient and its prescriber, oldest first, and a box to
 * write; `self` says which side reads it (whose messages are "You").
 */
export function RxMessageThread({
  messages,
  self,
  placeholder,
  send,
  onSent,
}: {
  messages: readonly RxMessage[];
  self: RxMessage['from'];
  placeholder: string;
  send: (text: string) => Promise<RxMessage[]>;
  onSent: (messages: RxMessage[]) => void;
}) {
  const t = useT();
  const lang = useLang();
  const [text, setText] = useState('');
  const mutation = useMutation({
    mutationFn: () => send(text),
    onSuccess: (list) => {
      onSent(list);
      setText('');
    },
  });
  const author = (from: RxMessage['from']) =>
    from === self
      ? t('rxScreens.visits.fromYou')
      : from === 'prescriber'
        ? t('rxScreens.visits.fromPrescriber')
        : t('rxClinic.review.patient');
  return (
    <Stack gap="xs">
      {messages.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('rxScreens.visits.messagesEmpty')}
        </Text>
      ) : (
        <Stack component="ul" gap={4} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {messages.map((m) => (
            <li key={m.id}>
              <Text size="sm">
                <Text span fw={700}>
                  {author(m.from)}
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
          if (text.trim()) mutation.mutate();
        }}
      >
        <Stack gap={6}>
          <Textarea
            label={t('rxScreens.visits.message')}
            placeholder={placeholder}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={2000}
          />
          <Group>
            <Button type="submit" size="xs" loading={mutation.isPending} disabled={!text.trim()}>
              {t('rxUi.visits.send')}
            </Button>
          </Group>
          {mutation.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, mutation.error)}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}
