import type {
  AnnouncementStatus,
  ManagedAnnouncement,
} from '@apothecall/domain/announcements/announcements.api';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { StatusChip } from '../../../components/status-chip';
import { type Translate, useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/payments/payment-format';

const statusColour: Record<AnnouncementStatus, string> = {
  current: '#2f9e44',
  expired: '#868e96',
  withdrawn: '#c92a2a',
};

function statesText(t: Translate, states: readonly string[]): string {
  if (states.length === 0) return t('announcementsUi.list.allStates');
  return t('announcementsUi.list.states', { states: states.join(', ') });
}

/** One posted announcement: its text, translation, dates, audience and Withdraw. */
export function AnnouncementItem({
  announcement,
  onWithdraw,
}: {
  announcement: ManagedAnnouncement;
  onWithdraw: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const titleId = useId();
  return (
    <Card
      component="li"
      withBorder
      radius="sm"
      p="sm"
      aria-labelledby={titleId}
      data-testid="managed-announcement"
      data-announcement-id={announcement.id}
      data-status={announcement.status}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={4} size="h5" id={titleId}>
            {announcement.title}
          </Title>
          <StatusChip
            label={t(`announcementsUi.status.${announcement.status}`)}
            colour={statusColour[announcement.status]}
            data-testid="managed-announcement-status"
          />
        </Group>
        <Text
          size="sm"
          lang={announcement.language === lang ? undefined : announcement.language}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {announcement.body}
        </Text>
        <AnnouncementTranslation announcement={announcement} />
        <AnnouncementFacts announcement={announcement} />
        {announcement.status === 'current' ? (
          <Button
            size="xs"
            variant="default"
            w="fit-content"
            onClick={onWithdraw}
            aria-label={t('announcementsUi.withdrawLabel', { title: announcement.title })}
            data-testid="managed-announcement-withdraw"
          >
            {t('announcementsUi.withdraw')}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The translation the writer added, in the other language (nothing when there is none). */
function AnnouncementTranslation({ announcement }: { announcement: ManagedAnnouncement }) {
  const t = useT();
  if (!announcement.translation) return null;
  return (
    <Stack gap={2} data-testid="managed-announcement-translation">
      <Text size="xs" c="dimmed">
        {t('announcementsUi.list.translation', {
          language: t(`shell.language.${announcement.language === 'en' ? 'es' : 'en'}`),
        })}
      </Text>
      <Text size="sm" fw={600} lang={announcement.language === 'en' ? 'es' : 'en'}>
        {announcement.translation.title}
      </Text>
      <Text
        size="sm"
        lang={announcement.language === 'en' ? 'es' : 'en'}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {announcement.translation.body}
      </Text>
    </Stack>
  );
}

/** When it was posted and until when, and whom it reaches (and how many dismissed it). */
function AnnouncementFacts({ announcement }: { announcement: ManagedAnnouncement }) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <Text size="sm" c="dimmed">
        {t('announcementsUi.list.posted', { date: formatDateTime(announcement.createdAt, lang) })} ·{' '}
        {announcement.withdrawnAt
          ? t('announcementsUi.list.withdrawnOn', {
              date: formatDateTime(announcement.withdrawnAt, lang),
            })
          : announcement.expiresAt
            ? t('announcementsUi.list.expires', {
                date: formatDateTime(announcement.expiresAt, lang),
              })
            : t('announcementsUi.list.noExpiry')}
      </Text>
      <Text size="sm" c="dimmed">
        {announcement.companyId === null
          ? t('announcementsUi.list.allPharmacies')
          : t('announcementsUi.list.companyPharmacies', {
              company: announcement.companyName ?? announcement.companyId,
            })}{' '}
        · {statesText(t, announcement.states)} ·{' '}
        {t('announcementsUi.list.dismissals', { count: announcement.dismissals })}
      </Text>
    </>
  );
}
