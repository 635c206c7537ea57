import {
  type InboxAttachmentView,
  type InboxEmailView,
  inboxReplyRequestSchema,
} from '@apothecall/domain/inbox/inbox.api';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client';
import { isMessageKey, useLang, useT } from '../../../lib/i18n';
import { saveBlob } from '../../../lib/save-blob';
import { useDownloadInboxAttachment } from '../api/download-inbox-attachment';
import { useInboxThread } from '../api/get-inbox-thread';
import { useReplyInboxThread } from '../api/reply-inbox-thread';
import { formatPerson, formatWhen, messageCountText, refusalText } from './inbox-format';

function AttachmentItem({ attachment }: { attachment: InboxAttachmentView }) {
  const t = useT();
  const download = useDownloadInboxAttachment({
    onSuccess: (blob) => saveBlob(blob, attachment.name),
  });
  if (!attachment.id) {
    return (
      <Text component="li" size="sm" c="dimmed" data-testid="inbox-attachment-refused">
        {refusalText(t, attachment)}
      </Text>
    );
  }
  const id = attachment.id;
  return (
    <li>
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          variant="light"
          loading={download.isPending}
          onClick={() =>
            download.mutate({ attachmentId: id, offlineMessage: t('inboxUi.offline') })
          }
          aria-label={t('inboxUi.downloadLabel', { name: attachment.name })}
          data-testid="inbox-attachment"
          data-attachment-id={id}
          style={{ maxWidth: '100%' }}
        >
          <Text span size="xs" truncate>
            {attachment.name}
          </Text>
        </Button>
        {download.isError ? (
          <Text size="sm" c="red" role="alert">
            {t('inboxUi.downloadFailed', { message: errorText(t, download.error) })}
          </Text>
        ) : null}
      </Group>
    </li>
  );
}

function EmailCard({ email }: { email: InboxEmailView }) {
  const t = useT();
  const lang = useLang();
  const titleId = useId();
  const outgoing = email.direction === 'out';
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      data-testid="inbox-email"
      data-direction={email.direction}
      bg={outgoing ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Text fw={600} id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {outgoing ? t('inboxUi.sentByPharmacy') : formatPerson(email.from, email.fromName)}
          </Text>
          <Text size="sm" c="dimmed">
            <time dateTime={email.timeStamp}>{formatWhen(email.timeStamp, lang)}</time>
          </Text>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('inboxUi.to')}: {email.to.join(', ')}
        </Text>
        {/* Text only: an e-mail's HTML is never rendered. */}
        <Text
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="inbox-email-text"
        >
          {email.text}
        </Text>
        {email.attachments.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('inboxUi.attachments')}
            </Text>
            <Stack
              component="ul"
              gap={4}
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
              aria-label={t('inboxUi.attachments')}
            >
              {email.attachments.map((attachment, index) => (
                <AttachmentItem key={attachment.id ?? `refused-${index}`} attachment={attachment} />
              ))}
            </Stack>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

function ReplyForm({ threadId, to }: { threadId: string; to: string }) {
  const t = useT();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useReplyInboxThread({
    onSuccess: () => {
      setText('');
      notifications.show({ color: 'green', message: t('inboxUi.reply.sent') });
    },
  });
  const titleId = useId();
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={titleId}
      data-testid="inbox-reply-form"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = inboxReplyRequestSchema.safeParse({ text });
          if (!parsed.success) {
            const key = parsed.error.issues[0]?.message ?? '';
            setError(isMessageKey(key) ? t(key) : t('inbox.replyRequired'));
            return;
          }
          setError(null);
          send.mutate({ threadId, body: { text: parsed.data.text } });
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h5" id={titleId}>
            {t('inboxUi.reply.heading')}
          </Title>
          <Textarea
            label={t('inboxUi.reply.label')}
            description={t('inboxUi.reply.hint', { to })}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(null);
            }}
            autosize
            minRows={3}
            maxRows={12}
            maxLength={20_000}
            error={error}
            withAsterisk
            data-testid="inbox-reply-text"
          />
          {send.isError ? (
            <Alert color="red" role="alert" data-testid="inbox-reply-error">
              {t('inboxUi.reply.failed', { message: errorText(t, send.error) })}
            </Alert>
          ) : null}
          <Button
            type="submit"
            loading={send.isPending}
            w="fit-content"
            data-testid="inbox-reply-send"
          >
            {t('inboxUi.reply.send')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** One thread: its e-mails oldest first (text only, attachments as downloads) and a reply. */
export function InboxThreadView({ threadId, onBack }: { threadId: string; onBack: () => void }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const thread = useInboxThread(threadId);
  const loaded = thread.data !== undefined;
  // The opened thread's title takes the focus, so a screen reader starts there.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  let body: ReactNode;
  if (thread.isPending) {
    body = <Loader role="status" size="sm" aria-label={t('shell.loading')} />;
  } else if (thread.isError) {
    const gone = thread.error instanceof ApiError && thread.error.status === 404;
    body = (
      <Alert color={gone ? 'yellow' : 'red'} role="alert" data-testid="inbox-thread-error">
        {gone
          ? t('inboxUi.threadNotFound')
          : t('inboxUi.threadLoadFailed', { message: errorText(t, thread.error) })}
      </Alert>
    );
  } else {
    const data = thread.data;
    body = (
      <Stack gap="md" data-testid="inbox-thread-view" data-open-thread-id={data.threadId}>
        <Stack gap={4}>
          <Title
            order={2}
            size="h3"
            ref={heading}
            tabIndex={-1}
            style={{ overflowWrap: 'anywhere', outline: 'none' }}
            data-testid="inbox-thread-subject"
          >
            {data.subject || t('inboxUi.noSubject')}
          </Title>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {formatPerson(data.counterpart, data.counterpartName)}
            </Text>
            <Badge variant="light" color="gray" tt="none" radius="sm">
              {messageCountText(t, data.emails.length)}
            </Badge>
          </Group>
        </Stack>
        <Stack component="ol" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {data.emails.map((email) => (
            <li key={email.emailId}>
              <EmailCard email={email} />
            </li>
          ))}
        </Stack>
        <ReplyForm threadId={data.threadId} to={data.counterpart} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Anchor
        component="button"
        type="button"
        onClick={onBack}
        w="fit-content"
        data-testid="inbox-back"
      >
        ← {t('inboxUi.back')}
      </Anchor>
      {body}
    </Stack>
  );
}
