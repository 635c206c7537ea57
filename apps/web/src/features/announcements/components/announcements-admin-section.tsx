import type { ManagedAnnouncement } from '@apothecall/domain/announcements/announcements.api';
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useBrandState } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';
import { useManagedAnnouncements } from '../api/get-managed-announcements';
import { useWithdrawAnnouncement } from '../api/withdraw-announcement';
import { AnnouncementForm } from './announcement-post-form';
import { AnnouncementItem } from './managed-announcement-item';

/**
 * Announcements to pharmacies, where their writers work: the rx administrator's
 * /rxadmin and the platform admin's Home. A form (title, message, optional last day, optional
 * states) and what was posted, newest first, with its status, audience and dismissals, and
 * Withdraw (asked first) while it is current.
 */
export function AnnouncementsAdminSection() {
  const t = useT();
  const brand = useBrandState();
  const listId = useId();
  const list = useManagedAnnouncements();
  const [withdrawing, setWithdrawing] = useState<ManagedAnnouncement | null>(null);
  const withdraw = useWithdrawAnnouncement({
    onSuccess: () => {
      setWithdrawing(null);
      notifications.show({ color: 'green', message: t('announcementsUi.withdrawn') });
    },
  });

  const companyId = list.data?.writer.companyId;
  const company = companyId && companyId === brand.id && brand.name ? brand.name : companyId;

  return (
    <SectionCard
      title={t('announcementsUi.section.title')}
      description={
        list.data
          ? company
            ? t('announcementsUi.section.leadCompany', { company })
            : t('announcementsUi.section.leadAll')
          : undefined
      }
      testId="announcements-admin"
    >
      {list.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : list.isError ? (
        <Alert color="red" role="alert" data-testid="announcements-admin-error">
          <Stack gap="xs">
            <Text size="sm">
              {t('announcementsUi.list.loadFailed', { message: errorText(t, list.error) })}
            </Text>
            <Button size="xs" variant="light" w="fit-content" onClick={() => void list.refetch()}>
              {t('announcementsUi.list.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="md">
          <AnnouncementForm />
          <Title order={3} size="h5" id={listId}>
            {t('announcementsUi.list.title')}
          </Title>
          <ManagedList
            announcements={list.data.announcements}
            listId={listId}
            onWithdraw={(a) => {
              withdraw.reset();
              setWithdrawing(a);
            }}
          />
        </Stack>
      )}
      <ConfirmDialog
        opened={withdrawing !== null}
        title={withdrawing ? t('announcementsUi.withdrawLabel', { title: withdrawing.title }) : ''}
        body={t('announcementsUi.withdrawConfirm')}
        confirmLabel={t('announcementsUi.withdraw')}
        cancelLabel={t('announcementsUi.keep')}
        pending={withdraw.isPending}
        error={
          withdraw.isError
            ? t('announcementsUi.withdrawFailed', { message: errorText(t, withdraw.error) })
            : null
        }
        onConfirm={() => {
          if (withdrawing) withdraw.mutate(withdrawing.id);
        }}
        onClose={() => setWithdrawing(null)}
        testId="announcement-withdraw-dialog"
      />
    </SectionCard>
  );
}

/** What was posted, newest first (or that nothing was). */
function ManagedList({
  announcements,
  listId,
  onWithdraw,
}: {
  announcements: readonly ManagedAnnouncement[];
  listId: string;
  onWithdraw: (announcement: ManagedAnnouncement) => void;
}) {
  const t = useT();
  return announcements.length === 0 ? (
    <Text size="sm" c="dimmed" data-testid="managed-announcements-empty">
      {t('announcementsUi.list.empty')}
    </Text>
  ) : (
    <Stack
      component="ul"
      gap="xs"
      aria-labelledby={listId}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {announcements.map((a) => (
        <AnnouncementItem key={a.id} announcement={a} onWithdraw={() => onWithdraw(a)} />
      ))}
    </Stack>
  );
}
