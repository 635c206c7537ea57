import { mayBackOffice } from '@apothecall/domain/backoffice/backoffice.rules';
import { usStates } from '@apothecall/domain/places/places.rules';
import {
  type ProviderAdminView,
  type ProviderLicenceView,
  providerPracticeSchema,
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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Facts } from '../../../components/facts';
import { ScrollRegion } from '../../../components/scroll-region';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, useLang, useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import { getProvider, providerQueryKey } from '../api/get-provider';
import { providersQueryKey } from '../api/get-providers';
import { putProviderLicence } from '../api/put-provider-licence';
import { putProviderPractice } from '../api/put-provider-practice';
import { removeProviderLicence } from '../api/remove-provider-licence';
import { deactivateProvider, reactivateProvider } from '../api/set-provider-access';
import { formatLicenceDay } from '../components/provider-format';

type LicenceField = 'state' | 'number' | 'expiresOn';
const emptyLicence: Record<LicenceField, string> = { state: '', number: '', expiresOn: '' };

function useRefresh(id: string) {
  const queryClient = useQueryClient();
  return (provider: ProviderAdminView) => {
    queryClient.setQueryData(providerQueryKey(id), provider);
    void queryClient.invalidateQueries({ queryKey: providersQueryKey });
  };
}

function LicenceForm({
  provider,
  draft,
  setDraft,
}: {
  provider: ProviderAdminView;
  draft: Record<LicenceField, string>;
  setDraft: (draft: Record<LicenceField, string>) => void;
}) {
  const t = useT();
  const refresh = useRefresh(provider.id);
  const [errors, setErrors] = useState<Partial<Record<LicenceField, string>>>({});
  const set = (field: LicenceField, value: string) => {
    setDraft({ ...draft, [field]: value });
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const save = useMutation({
    mutationFn: () =>
      putProviderLicence(provider.id, draft.state, {
        number: draft.number,
        expiresOn: draft.expiresOn,
      }),
    onSuccess: (updated) => {
      notifications.show({ color: 'green', message: t('providersUi.licences.saved') });
      setDraft(emptyLicence);
      refresh(updated);
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
          setErrors(shown);
          return;
        }
        save.mutate();
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
  const lang = useLang();
  const refresh = useRefresh(provider.id);
  const [draft, setDraft] = useState(emptyLicence);
  // The licence whose removal is being confirmed (issue 36, finding 16: it took effect on click).
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (state: string) => removeProviderLicence(provider.id, state),
    onSuccess: (updated) => {
      setRemoving(null);
      notifications.show({ color: 'green', message: t('providersUi.licences.removed') });
      refresh(updated);
    },
  });
  const edit = (l: ProviderLicenceView) =>
    setDraft({ state: l.state, number: l.number, expiresOn: l.expiresOn ?? '' });
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
                <Table.Tr key={l.state} data-testid="licence-row" data-state={l.state}>
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
                      {l.inForce
                        ? t('providersUi.licences.inForce')
                        : t('providersUi.licences.lapsed')}
                    </Badge>
                  </Table.Td>
                  {mayWrite ? (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => edit(l)}
                          aria-label={t('providersUi.licences.editLabel', { state: l.state })}
                          data-testid="licence-edit"
                        >
                          {t('providersUi.licences.edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="outline"
                          color="red"
                          onClick={() => {
                            remove.reset();
                            setRemoving(l.state);
                          }}
                          aria-label={t('providersUi.licences.removeLabel', { state: l.state })}
                          data-testid="licence-remove"
                        >
                          {t('providersUi.licences.remove')}
                        </Button>
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
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
          if (removing) remove.mutate(removing);
        }}
        onClose={() => setRemoving(null)}
        testId="licence-remove-dialog"
      />
      {mayWrite ? <LicenceForm provider={provider} draft={draft} setDraft={setDraft} /> : null}
    </SectionCard>
  );
}

type PracticeField = 'name' | 'line1' | 'line2' | 'phone' | 'fax' | 'clientNumber';
const practiceFields: readonly PracticeField[] = [
  'name',
  'line1',
  'line2',
  'phone',
  'fax',
  'clientNumber',
];
const requiredPractice: ReadonlySet<PracticeField> = new Set(['name', 'line1', 'phone']);

/**
 * The practice printed on the provider's notes and prescriptions. A provider without one cannot
 * complete a note (the clinic answers 409), so the section says so until it is entered.
 */
function Practice({ provider, mayWrite }: { provider: ProviderAdminView; mayWrite: boolean }) {
  const t = useT();
  const refresh = useRefresh(provider.id);
  const stored = provider.practice;
  const [draft, setDraft] = useState<Record<PracticeField, string>>(() => ({
    name: stored?.name ?? '',
    line1: stored?.line1 ?? '',
    line2: stored?.line2 ?? '',
    phone: stored?.phone ?? '',
    fax: stored?.fax ?? '',
    clientNumber: stored?.clientNumber ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<PracticeField, string>>>({});
  const save = useMutation({
    mutationFn: () => putProviderPractice(provider.id, draft),
    onSuccess: (updated) => {
      notifications.show({ color: 'green', message: t('providersUi.practice.saved') });
      refresh(updated);
    },
  });
  return (
    <SectionCard
      title={t('providersUi.practice.title')}
      description={t('providersUi.practice.lead')}
      testId="provider-practice"
    >
      {stored ? null : (
        <Alert color="yellow" data-testid="provider-practice-missing">
          {t('providersUi.practice.missing')}
        </Alert>
      )}
      {mayWrite ? (
        <form
          noValidate
          aria-label={t('providersUi.practice.title')}
          onSubmit={(event) => {
            event.preventDefault();
            const checked = providerPracticeSchema.safeParse(draft);
            if (!checked.success) {
              const shown: Partial<Record<PracticeField, string>> = {};
              for (const issue of checked.error.issues) {
                const name = issue.path[0] as PracticeField;
                shown[name] ??= isMessageKey(issue.message)
                  ? t(issue.message)
                  : t('common.required');
              }
              setErrors(shown);
              return;
            }
            save.mutate();
          }}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {practiceFields.map((field) => (
                <TextInput
                  key={field}
                  label={t(`providersUi.practice.${field}`)}
                  autoComplete="off"
                  inputMode={field === 'phone' || field === 'fax' ? 'tel' : undefined}
                  value={draft[field]}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setDraft((d) => ({ ...d, [field]: value }));
                    setErrors((e) => ({ ...e, [field]: undefined }));
                  }}
                  error={errors[field]}
                  withAsterisk={requiredPractice.has(field)}
                  data-testid={`practice-${field}`}
                />
              ))}
            </SimpleGrid>
            {save.isError ? (
              <Alert color="red" role="alert" data-testid="practice-error">
                {t('providersUi.practice.failed', { message: errorText(t, save.error) })}
              </Alert>
            ) : null}
            <Button
              type="submit"
              loading={save.isPending}
              w="fit-content"
              data-testid="practice-save"
            >
              {t('providersUi.practice.save')}
            </Button>
          </Stack>
        </form>
      ) : stored ? (
        <Facts
          labelWidth={160}
          rows={practiceFields.map((field) => ({
            key: field,
            label: t(`providersUi.practice.${field}`),
            value: stored[field] || '—',
          }))}
        />
      ) : null}
    </SectionCard>
  );
}

function Access({ provider }: { provider: ProviderAdminView }) {
  const t = useT();
  const refresh = useRefresh(provider.id);
  const [confirming, setConfirming] = useState(false);
  const deactivate = useMutation({
    mutationFn: () => deactivateProvider(provider.id),
    onSuccess: ({ provider: updated, released }) => {
      setConfirming(false);
      notifications.show({
        color: 'green',
        message: t('providersUi.access.deactivated', { count: released }),
      });
      refresh(updated);
    },
  });
  const reactivate = useMutation({
    mutationFn: () => reactivateProvider(provider.id),
    onSuccess: (updated) => {
      notifications.show({ color: 'green', message: t('providersUi.access.reactivated') });
      refresh(updated);
    },
  });
  return (
    <SectionCard
      title={t('providersUi.access.title')}
      description={
        provider.active ? t('providersUi.access.activeLead') : t('providersUi.access.inactiveLead')
      }
      testId="provider-access"
    >
      {provider.active ? (
        <Button
          variant="outline"
          color="red"
          w="fit-content"
          onClick={() => {
            deactivate.reset();
            setConfirming(true);
          }}
          data-testid="provider-deactivate"
        >
          {t('providersUi.access.deactivate')}
        </Button>
      ) : (
        <Button
          w="fit-content"
          loading={reactivate.isPending}
          onClick={() => reactivate.mutate()}
          data-testid="provider-reactivate"
        >
          {t('providersUi.access.reactivate')}
        </Button>
      )}
      {reactivate.isError ? (
        <Alert color="red" role="alert">
          {t('providersUi.access.failed', { message: errorText(t, reactivate.error) })}
        </Alert>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={t('providersUi.access.deactivate')}
        body={t('providersUi.access.deactivateConfirm', { name: provider.name })}
        confirmLabel={t('providersUi.access.deactivate')}
        cancelLabel={t('providersUi.access.cancel')}
        pending={deactivate.isPending}
        error={deactivate.isError ? errorText(t, deactivate.error) : null}
        onConfirm={() => deactivate.mutate()}
        onClose={() => setConfirming(false)}
        testId="provider-deactivate-dialog"
      />
    </SectionCard>
  );
}

/**
 * /admin/providers/:id (issue 35): one provider's profile, licences (the admin adds, edits and
 * removes them; support reads) and access (deactivate, reactivate).
 */
export function ProviderScreen() {
  const t = useT();
  const { id = '' } = useParams();
  const session = useSession();
  const mayWrite = mayBackOffice(session?.profile.role, 'providers', 'write');
  const provider = useQuery({ queryKey: providerQueryKey(id), queryFn: () => getProvider(id) });
  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="admin-provider">
      <Anchor component={Link} to="/admin/providers" size="sm">
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
          <Group gap="sm">
            <Title order={1} size="h2">
              {provider.data.credentials
                ? `${provider.data.name}, ${provider.data.credentials}`
                : provider.data.name}
            </Title>
            <Badge
              color={provider.data.onDuty ? 'green' : 'gray'}
              c={provider.data.onDuty ? 'green.9' : 'gray.8'}
              variant="light"
              tt="none"
            >
              {provider.data.onDuty ? t('providersUi.onDuty') : t('providersUi.offDuty')}
            </Badge>
            <Badge
              color={provider.data.active ? 'blue' : 'red'}
              c={provider.data.active ? 'blue.9' : 'red.9'}
              variant="light"
              tt="none"
            >
              {provider.data.active ? t('providersUi.active') : t('providersUi.inactive')}
            </Badge>
          </Group>
          {mayWrite ? null : <Alert color="gray">{t('providersUi.readOnly')}</Alert>}
          <SectionCard title={t('providersUi.profile.title')}>
            <Facts
              labelWidth={160}
              rows={[
                { key: 'email', label: t('providersUi.profile.email'), value: provider.data.email },
                { key: 'npi', label: t('providersUi.profile.npi'), value: provider.data.npi },
                {
                  key: 'credentials',
                  label: t('providersUi.profile.credentials'),
                  value: provider.data.credentials || '—',
                },
                {
                  key: 'dea',
                  label: t('providersUi.profile.dea'),
                  value: provider.data.dea ?? t('providersUi.profile.noDea'),
                },
              ]}
            />
          </SectionCard>
          <Practice provider={provider.data} mayWrite={mayWrite} />
          <Licences provider={provider.data} mayWrite={mayWrite} />
          {mayWrite ? <Access provider={provider.data} /> : null}
        </>
      )}
    </Stack>
  );
}
