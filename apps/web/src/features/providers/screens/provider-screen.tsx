import { mayBackOffice } from '@apothecall/domain/backoffice/backoffice.rules';
import { link } from '@apothecall/domain/navigation/links';
import { usStates } from '@apothecall/domain/places/places.rules';
import {
  type ProviderAdminView,
  type ProviderLicenceView,
  putLicenceRequestSchema,
} from '@apothecall/domain/providers/providers.api';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ScrollRegion } from '../../../components/scroll-region';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, useLang, useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import { useDraft } from '../../../lib/use-draft';
import { useProvider } from '../api/get-provider';
import { usePutProviderLicence } from '../api/put-provider-licence';
import { useRemoveProviderLicence } from '../api/remove-provider-licence';
import { Access } from '../components/provider-access';
import { formatLicenceDay } from '../components/provider-format';
import { Practice } from '../components/provider-practice';
import { ProviderHeading, ProviderProfile } from '../components/provider-profile';

type LicenceField = 'state' | 'number' | 'expiresOn';
type LicenceDraft = Record<LicenceField, string>;
const emptyLicence: LicenceDraft = { state: '', number: '', expiresOn: '' };

/** The licence form's state: held by the licences, whose Edit buttons fill the draft in. */
type LicenceFormState = ReturnType<typeof useDraft<LicenceDraft>>;

function LicenceForm({ provider, form }: { provider: ProviderAdminView; form: LicenceFormState }) {
  const t = useT();
  const { draft, errors, set } = form;
  const save = usePutProviderLicence({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('providersUi.licences.saved') });
      form.setDraft(emptyLicence);
    },
  });
  return (
    <form
      noValidate
      aria-label={t('providersUi.licences.addTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        const shown: Partial<Record<LicenceField, string>> = {};
        if (!draft.state) shown.state = t('providers.field.state');
        const checked = putLicenceRequestSchema.safeParse(draft);
        if (!checked.success) {
          for (const issue of checked.error.issues) {
            const name = issue.path[0] as LicenceField;
            shown[name] ??= isMessageKey(issue.message) ? t(issue.message) : t('common.required');
          }
        }
        if (Object.keys(shown).length > 0) {
          form.refuse(shown);
          return;
        }
        save.mutate({
          id: provider.id,
          state: draft.state,
          body: { number: draft.number, expiresOn: draft.expiresOn },
        });
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('providersUi.licences.addTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('providersUi.licences.state')}
            data={usStates.map((s) => ({ value: s.code, label: `${s.code} · ${t(s.nameKey)}` }))}
            value={draft.state || null}
            onChange={(value) => set('state', value ?? '')}
            error={errors.state}
            searchable
            withAsterisk
            data-testid="licence-state"
          />
          <TextInput
            label={t('providersUi.licences.number')}
            autoComplete="off"
            value={draft.number}
            onChange={(event) => set('number', event.currentTarget.value)}
            error={errors.number}
            withAsterisk
            data-testid="licence-number"
          />
          <TextInput
            type="date"
            label={t('providersUi.licences.expiresOn')}
            value={draft.expiresOn}
            onChange={(event) => set('expiresOn', event.currentTarget.value)}
            error={errors.expiresOn}
            withAsterisk
            data-testid="licence-expires"
          />
        </SimpleGrid>
        {save.isError ? (
          <Alert color="red" role="alert" data-testid="licence-error">
            {t('providersUi.licences.failed', { message: errorText(t, save.error) })}
          </Alert>
        ) : null}
        <Button type="submit" loading={save.isPending} w="fit-content" data-testid="licence-save">
          {t('providersUi.licences.save')}
        </Button>
      </Stack>
    </form>
  );
}

export function Licences({
  provider,
  mayWrite,
}: {
  provider: ProviderAdminView;
  mayWrite: boolean;
}) {
  const t = useT();
  const form = useDraft<LicenceDraft>(emptyLicence);
  // The licence whose removal is being confirmed.
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useRemoveProviderLicence({
    onSuccess: () => {
      setRemoving(null);
      notifications.show({ color: 'green', message: t('providersUi.licences.removed') });
    },
  });
  // Editing fills the draft in; a refusal shown stays until its field changes.
  const edit = (l: ProviderLicenceView) =>
    form.setDraft({ state: l.state, number: l.number, expiresOn: l.expiresOn ?? '' });
  return (
    <SectionCard
      title={t('providersUi.licences.title')}
      description={t('providersUi.licences.lead')}
      testId="provider-licences"
    >
      {provider.licences.length === 0 ? (
        <Text c="dimmed">{t('providersUi.noLicences')}</Text>
      ) : (
        <ScrollRegion label={t('providersUi.licences.title')} minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('providersUi.licences.state')}</Table.Th>
                <Table.Th>{t('providersUi.licences.number')}</Table.Th>
                <Table.Th>{t('providersUi.licences.expiresOn')}</Table.Th>
                <Table.Th>{t('providersUi.licences.status')}</Table.Th>
                {mayWrite ? <Table.Th /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {provider.licences.map((l) => (
                <LicenceRow
                  key={l.state}
                  licence={l}
                  mayWrite={mayWrite}
                  onEdit={() => edit(l)}
                  onRemove={() => {
                    remove.reset();
                    setRemoving(l.state);
                  }}
                />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t('providersUi.licences.removeLabel', { state: removing ?? '' })}
        body={t('providersUi.licences.removeConfirm', {
          state: removing ?? '',
          name: provider.name,
        })}
        confirmLabel={t('providersUi.licences.remove')}
        cancelLabel={t('providersUi.access.cancel')}
        pending={remove.isPending}
        error={
          remove.isError
            ? t('providersUi.licences.failed', { message: errorText(t, remove.error) })
            : null
        }
        onConfirm={() => {
          if (removing) remove.mutate({ id: provider.id, state: removing });
        }}
        onClose={() => setRemoving(null)}
        testId="licence-remove-dialog"
      />
      {mayWrite ? <LicenceForm provider={provider} form={form} /> : null}
    </SectionCard>
  );
}

/** A licence: state, number, last day and whether it is in force; Edit and Remove for an admin. */
function LicenceRow({
  licence: l,
  mayWrite,
  onEdit,
  onRemove,
}: {
  licence: ProviderLicenceView;
  mayWrite: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <Table.Tr data-testid="licence-row" data-state={l.state}>
      <Table.Td>{l.state}</Table.Td>
      <Table.Td>{l.number || '—'}</Table.Td>
      <Table.Td>{l.expiresOn ? formatLicenceDay(l.expiresOn, lang) : '—'}</Table.Td>
      <Table.Td>
        <Badge
          color={l.inForce ? 'green' : 'red'}
          c={l.inForce ? 'green.9' : 'red.9'}
          variant="light"
          tt="none"
        >
          {l.inForce ? t('providersUi.licences.inForce') : t('providersUi.licences.lapsed')}
        </Badge>
      </Table.Td>
      {mayWrite ? (
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              onClick={onEdit}
              aria-label={t('providersUi.licences.editLabel', { state: l.state })}
              data-testid="licence-edit"
            >
              {t('providersUi.licences.edit')}
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="red"
              onClick={onRemove}
              aria-label={t('providersUi.licences.removeLabel', { state: l.state })}
              data-testid="licence-remove"
            >
              {t('providersUi.licences.remove')}
            </Button>
          </Group>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

/**
 * /admin/providers/:id: one provider's profile, licences (the admin adds, edits and
 * removes them; support reads) and access (deactivate, reactivate).
 */
export function ProviderScreen() {
  const t = useT();
  const { id = '' } = useParams();
  const session = useSession();
  const mayWrite = mayBackOffice(session?.profile.role, 'providers', 'write');
  const provider = useProvider(id);
  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="admin-provider">
      <Anchor component={Link} to={link('/admin/providers')} size="sm">
        {t('providersUi.back')}
      </Anchor>
      {provider.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : provider.isError ? (
        <Alert color="red" role="alert" data-testid="provider-error">
          <Stack gap="xs">
            <Text size="sm">
              {t('providersUi.loadFailed', { message: errorText(t, provider.error) })}
            </Text>
            <Button
              size="xs"
              variant="light"
              w="fit-content"
              onClick={() => void provider.refetch()}
            >
              {t('providersUi.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <ProviderHeading provider={provider.data} />
          {mayWrite ? null : <Alert color="gray">{t('providersUi.readOnly')}</Alert>}
          <ProviderProfile provider={provider.data} />
          <Practice provider={provider.data} mayWrite={mayWrite} />
          <Licences provider={provider.data} mayWrite={mayWrite} />
          {mayWrite ? <Access provider={provider.data} /> : null}
        </>
      )}
    </Stack>
  );
}
