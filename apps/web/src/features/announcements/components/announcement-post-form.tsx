import {
  maxAnnouncementBody,
  maxAnnouncementTitle,
} from '@apothecall/domain/announcements/announcements.api';
import { languages } from '@apothecall/domain/i18n/i18n.rules';
import { usStates } from '@apothecall/domain/places/places.rules';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Form } from '../../../components/form';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, useT } from '../../../lib/i18n';
import { useDraft } from '../../../lib/use-draft';
import { useCreateAnnouncement } from '../api/create-announcement';
import {
  type AnnouncementDraft,
  type AnnouncementField,
  checkAnnouncement,
  emptyAnnouncementDraft,
} from './announcement-form';

type FieldErrors = Partial<Record<AnnouncementField, string>>;
type SetField = <K extends AnnouncementField>(field: K, value: AnnouncementDraft[K]) => void;

/** Today on this device's calendar, YYYY-MM-DD. */
function today(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The form that posts an announcement (its list is refreshed by the call's hook). */
export function AnnouncementForm() {
  const t = useT();
  const form = useDraft<AnnouncementDraft>(emptyAnnouncementDraft);
  const { draft, errors, set } = form;
  const post = useCreateAnnouncement({
    onSuccess: () => {
      form.reset();
      notifications.show({ color: 'green', message: t('announcementsUi.form.posted') });
    },
  });
  return (
    <Form
      aria-label={t('announcementsUi.form.submit')}
      onSubmit={() => {
        const checked = checkAnnouncement(draft, today(), isMessageKey);
        if (!checked.ok) {
          form.refuse(
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
        <TranslationFields draft={draft} errors={errors} set={set} />
        <AudienceFields draft={draft} errors={errors} set={set} />
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

/** The optional translation into the other language. */
function TranslationFields({
  draft,
  errors,
  set,
}: {
  draft: AnnouncementDraft;
  errors: FieldErrors;
  set: SetField;
}) {
  const t = useT();
  const other = draft.language === 'en' ? 'es' : 'en';
  const otherName = t(`shell.language.${other}`);
  return (
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
  );
}

/** The last day shown and the states written to. */
function AudienceFields({
  draft,
  errors,
  set,
}: {
  draft: AnnouncementDraft;
  errors: FieldErrors;
  set: SetField;
}) {
  const t = useT();
  return (
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
  );
}
