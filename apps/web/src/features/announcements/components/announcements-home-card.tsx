import type { PharmacyAnnouncement } from '@apothecall/domain/announcements/announcements.api';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId } from 'react';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/payments/payment-format';
import { useDismissAnnouncement } from '../api/dismiss-announcement';
import { usePharmacyAnnouncements } from '../api/get-pharmacy-announcements';

function AnnouncementRow({
  announcement,
  pending,
  onDismiss,
}: {
  announcement: PharmacyAnnouncement;
  pending: boolean;
  onDismiss: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const titleId = useId();
  // Written in the other language only: marked so screen readers read it in its language.
  const textLang = announcement.language === lang ? undefined : announcement.language;
  return (
    <Card
      component="li"
      withBorder
      radius="sm"
      p="sm"
      aria-labelledby={titleId}
      data-testid="pharmacy-announcement"
      data-announcement-id={announcement.id}
    >
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" id={titleId} lang={textLang}>
              {announcement.title}
            </Title>
            <Text size="xs" c="dimmed">
              {t('announcementsUi.home.posted', {
                date: formatDateTime(announcement.publishedAt, lang),
              })}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="default"
            loading={pending}
            onClick={onDismiss}
            aria-label={t('announcementsUi.home.dismissLabel', { title: announcement.title })}
            data-testid="pharmacy-announcement-dismiss"
            style={{ flexShrink: 0 }}
          >
            {t('announcementsUi.home.dismiss')}
          </Button>
        </Group>
        <Text
          size="sm"
          lang={textLang}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {announcement.body}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * The pharmacy Home's first card: the announcements the rx administrator or the
 * platform admin posted to this pharmacy, newest first, each dismissable for this login only.
 * Nothing is shown when there are none.
 */
export function AnnouncementsHomeCard() {
  const t = useT();
  const list = usePharmacyAnnouncements();
  const dismiss = useDismissAnnouncement({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('announcementsUi.home.dismissed') });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: t('announcementsUi.home.dismissFailed', { message: errorText(t, error) }),
      }),
  });

  if (list.isError) {
    return (
      <Alert color="red" role="alert" data-testid="pharmacy-announcements-error">
        {t('announcementsUi.home.loadFailed', { message: errorText(t, list.error) })}
      </Alert>
    );
  }
  if (!list.data || list.data.length === 0) return null;
  return (
    <SectionCard title={t('announcementsUi.home.title')} testId="pharmacy-announcements">
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.data.map((a) => (
          <AnnouncementRow
            key={a.id}
            announcement={a}
            pending={dismiss.isPending && dismiss.variables === a.id}
            onDismiss={() => dismiss.mutate(a.id)}
          />
        ))}
      </Stack>
    </SectionCard>
  );
}
