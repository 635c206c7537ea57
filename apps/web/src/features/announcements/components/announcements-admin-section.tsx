import {
  type AnnouncementStatus,
  type ManagedAnnouncement,
  maxAnnouncementBody,
  maxAnnouncementTitle,
} from '@apothecall/domain/announcements/announcements.api';
import { languages } from '@apothecall/domain/i18n/i18n.rules';
import { usStates } from '@apothecall/domain/places/places.rules';
import {
  Alert,
  Button,
  Card,
  Fieldset,
  Group,
  Loader,
  MultiSelect,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Form } from '../../../components/form';
import { SectionCard } from '../../../components/section-card';
import { StatusChip } from '../../../components/status-chip';
import { errorText } from '../../../lib/api-client';
import { useBrandState } from '../../../lib/brand-store';
import { isMessageKey, type Translate, useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/payments/payment-format';
import { createAnnouncement } from '../api/create-announcement';
import {
  getManagedAnnouncements,
  managedAnnouncementsQueryKey,
} from '../api/get-managed-announcements';
import { announcementsQueryKey } from '../api/get-pharmacy-announcements';
import { withdrawAnnouncement } from '../api/withdraw-announcement';
import {
  type AnnouncementDraft,
  type AnnouncementField,
  checkAnnouncement,
  emptyAnnouncementDraft,
} from './announcement-form';

const statusColour: Record<AnnouncementStatus, string> = {
  current: '#2f9e44',
  expired: '#868e96',
  withdrawn: '#c92a2a',
};

/** Today on this device's calendar, YYYY-MM-DD. */
function today(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function statesText(t: Translate, states: readonly string[]): string {
  if (states.length === 0) return t('announcementsUi.list.allStates');
  return t('announcementsUi.list.states', { states: states.join(', ') });
}

function AnnouncementForm({ onPosted }: { onPosted: () => void }) {
  const t = useT();
  const [draft, setDraft] = useState<AnnouncementDraft>(emptyAnnouncementDraft);
  const [errors, setErrors] = useState<Partial<Record<AnnouncementField, string>>>({});
  const post = useMutation({
    mutationFn: createAnnouncement,
    onSuccess: () => {
      setDraft(emptyAnnouncementDraft);
      notifications.show({ color: 'green', message: t('announcementsUi.form.posted') });
      onPosted();
    },
  });
  const other = draft.language === 'en' ? 'es' : 'en';
  const otherName = t(`shell.language.${other}`);
  const set = <K extends AnnouncementField>(field: K, value: AnnouncementDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  return (
    <Form
      aria-label={t('announcementsUi.form.submit')}
      onSubmit={() => {
        const checked = checkAnnouncement(draft, today(), isMessageKey);
        if (!checked.ok) {
          setErrors(
            Object.fromEntries(Object.entries(checked.errors).map(([k, key]) => [k, t(key)])),
          );
          return;
        }
        post.mutate(checked.request);
      }}
      data-testid="announcement-form"
    >
      <Stack gap="sm">
        <NativeSelect
          label={t('announcementsUi.form.language')}
          value={draft.language}
          onChange={(event) => set('language', event.currentTarget.value === 'es' ? 'es' : 'en')}
          data={languages.map((code) => ({ value: code, label: t(`shell.language.${code}`) }))}
          error={errors.language}
          w="fit-content"
          data-testid="announcement-language"
        />
        <TextInput
          label={t('announcementsUi.form.title')}
          value={draft.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          maxLength={maxAnnouncementTitle}
          withAsterisk
          error={errors.title}
          autoComplete="off"
          data-testid="announcement-title"
        />
        <Textarea
          label={t('announcementsUi.form.body')}
          description={t('announcementsUi.form.bodyHint')}
          value={draft.body}
          onChange={(event) => set('body', event.currentTarget.value)}
          maxLength={maxAnnouncementBody}
          withAsterisk
          autosize
          minRows={3}
          error={errors.body}
          data-testid="announcement-body"
        />
        <Fieldset
          legend={t('announcementsUi.form.translation', { language: otherName })}
          variant="unstyled"
        >
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('announcementsUi.form.translationHint', { language: otherName })}
            </Text>
            <TextInput
              label={t('announcementsUi.form.translationTitle', { language: otherName })}
              lang={other}
              value={draft.translationTitle}
              onChange={(event) => set('translationTitle', event.currentTarget.value)}
              maxLength={maxAnnouncementTitle}
              error={errors.translationTitle}
              autoComplete="off"
              data-testid="announcement-translation-title"
            />
            <Textarea
              label={t('announcementsUi.form.translationBody', { language: otherName })}
              lang={other}
              value={draft.translationBody}
              onChange={(event) => set('translationBody', event.currentTarget.value)}
              maxLength={maxAnnouncementBody}
              autosize
              minRows={3}
              error={errors.translationBody}
              data-testid="announcement-translation-body"
            />
          </Stack>
        </Fieldset>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label={t('announcementsUi.form.expiresOn')}
            description={t('announcementsUi.form.expiresOnHint')}
            value={draft.expiresOn}
            min={today()}
            onChange={(event) => set('expiresOn', event.currentTarget.value)}
            error={errors.expiresOn}
            maw={320}
            data-testid="announcement-expires"
          />
          <MultiSelect
            label={t('announcementsUi.form.states')}
            description={t('announcementsUi.form.statesHint')}
            data={usStates.map((s) => ({ value: s.code, label: t(s.nameKey) }))}
            value={draft.states}
            onChange={(value) => set('states', value)}
            error={errors.states}
            searchable
            clearable
            style={{ flex: '1 1 260px' }}
            data-testid="announcement-states"
          />
        </Group>
        {post.isError ? (
          <Alert color="red" role="alert" data-testid="announcement-error">
            {t('announcementsUi.form.failed', { message: errorText(t, post.error) })}
          </Alert>
        ) : null}
        <Button
          type="submit"
          loading={post.isPending}
          w="fit-content"
          data-testid="announcement-submit"
        >
          {t('announcementsUi.form.submit')}
        </Button>
      </Stack>
    </Form>
  );
}

function AnnouncementItem({
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
        {announcement.translation ? (
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
        ) : null}
        <Text size="sm" c="dimmed">
          {t('announcementsUi.list.posted', { date: formatDateTime(announcement.createdAt, lang) })}{' '}
          ·{' '}
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

/**
 * Announcements to pharmacies (issue 20), where their writers work: the rx administrator's
 * /rxadmin and the platform admin's Home. A form (title, message, optional last day, optional
 * states) and what was posted, newest first, with its status, audience and dismissals, and
 * Withdraw (asked first) while it is current.
 */
export function AnnouncementsAdminSection() {
  const t = useT();
  const brand = useBrandState();
  const queryClient = useQueryClient();
  const listId = useId();
  const list = useQuery({
    queryKey: managedAnnouncementsQueryKey,
    queryFn: getManagedAnnouncements,
  });
  const [withdrawing, setWithdrawing] = useState<ManagedAnnouncement | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: announcementsQueryKey });
  const withdraw = useMutation({
    mutationFn: (id: string) => withdrawAnnouncement(id),
    onSuccess: () => {
      setWithdrawing(null);
      notifications.show({ color: 'green', message: t('announcementsUi.withdrawn') });
      refresh();
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
          <AnnouncementForm onPosted={refresh} />
          <Title order={3} size="h5" id={listId}>
            {t('announcementsUi.list.title')}
          </Title>
          {list.data.announcements.length === 0 ? (
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
              {list.data.announcements.map((a) => (
                <AnnouncementItem
                  key={a.id}
                  announcement={a}
                  onWithdraw={() => {
                    withdraw.reset();
                    setWithdrawing(a);
                  }}
                />
              ))}
            </Stack>
          )}
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
