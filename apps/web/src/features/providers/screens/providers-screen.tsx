import { mayBackOffice } from '@apothecall/domain/backoffice/backoffice.rules';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { link } from '@apothecall/domain/navigation/links';
import {
  inviteProviderRequestSchema,
  type ProviderAdminView,
} from '@apothecall/domain/providers/providers.api';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { ScrollRegion } from '../../../components/scroll-region';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, useLang, useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import { useDraft } from '../../../lib/use-draft';
import { useProviders } from '../api/get-providers';
import { useInviteProvider } from '../api/invite-provider';
import { licenceText } from '../components/provider-format';

type InviteField = 'firstName' | 'lastName' | 'email' | 'npi' | 'credentials' | 'dea';
const emptyDraft: Record<InviteField, string> = {
  firstName: '',
  lastName: '',
  email: '',
  npi: '',
  credentials: '',
  dea: '',
};

function InviteForm() {
  const t = useT();
  const form = useDraft<Record<InviteField, string>>(emptyDraft);
  const { draft, errors, set } = form;
  const invite = useInviteProvider({
    onSuccess: (provider) => {
      notifications.show({
        color: 'green',
        message: t('providersUi.invite.sent', { email: provider.email }),
      });
      form.reset();
    },
  });
  const field = (name: InviteField, label: MessageKey, extra: { type?: string } = {}) => (
    <TextInput
      label={t(label)}
      autoComplete="off"
      value={draft[name]}
      onChange={(event) => set(name, event.currentTarget.value)}
      error={errors[name]}
      withAsterisk={name !== 'dea'}
      data-testid={`provider-invite-${name}`}
      {...extra}
    />
  );
  return (
    <SectionCard
      title={t('providersUi.invite.title')}
      description={t('providersUi.invite.lead')}
      testId="provider-invite-form"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const body = { ...draft, ...(draft.dea.trim() ? {} : { dea: undefined }) };
          const checked = inviteProviderRequestSchema.safeParse(body);
          if (!checked.success) {
            const shown: Partial<Record<InviteField, string>> = {};
            for (const issue of checked.error.issues) {
              const name = issue.path[0] as InviteField;
              shown[name] ??= isMessageKey(issue.message) ? t(issue.message) : t('common.required');
            }
            form.refuse(shown);
            return;
          }
          invite.mutate(body);
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {field('firstName', 'providersUi.invite.firstName')}
            {field('lastName', 'providersUi.invite.lastName')}
          </SimpleGrid>
          {field('email', 'providersUi.invite.email', { type: 'email' })}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {field('npi', 'providersUi.invite.npi')}
            {field('credentials', 'providersUi.invite.credentials')}
            {field('dea', 'providersUi.invite.dea')}
          </SimpleGrid>
          {invite.isError ? (
            <Alert color="red" role="alert" data-testid="provider-invite-error">
              {t('providersUi.invite.failed', { message: errorText(t, invite.error) })}
            </Alert>
          ) : null}
          <Button
            type="submit"
            loading={invite.isPending}
            w="fit-content"
            data-testid="provider-invite-submit"
          >
            {t('providersUi.invite.submit')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

function ProvidersTable({ providers }: { providers: readonly ProviderAdminView[] }) {
  const t = useT();
  const lang = useLang();
  return (
    <ScrollRegion label={t('providersUi.title')} minWidth={640}>
      <Table striped highlightOnHover data-testid="providers-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('providersUi.col.name')}</Table.Th>
            <Table.Th>{t('providersUi.col.npi')}</Table.Th>
            <Table.Th>{t('providersUi.col.states')}</Table.Th>
            <Table.Th>{t('providersUi.col.onDuty')}</Table.Th>
            <Table.Th>{t('providersUi.col.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {providers.map((p) => (
            <Table.Tr key={p.id} data-testid="provider-row" data-provider-id={p.id}>
              <Table.Td>
                <Anchor component={Link} to={link('/admin/providers/:id', { id: p.id })}>
                  {p.credentials ? `${p.name}, ${p.credentials}` : p.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{p.npi}</Table.Td>
              <Table.Td data-testid="provider-licences">
                {p.licences.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('providersUi.noLicences')}
                  </Text>
                ) : (
                  <Stack gap={2}>
                    {p.licences.map((l) => (
                      <Text key={l.state} size="sm" c={l.inForce ? undefined : 'red'}>
                        {licenceText(t, l, lang)}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Table.Td>
              <Table.Td>
                <Badge
                  color={p.onDuty ? 'green' : 'gray'}
                  c={p.onDuty ? 'green.9' : 'gray.8'}
                  variant="light"
                  tt="none"
                >
                  {p.onDuty ? t('providersUi.onDuty') : t('providersUi.offDuty')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Badge
                  color={p.active ? 'blue' : 'red'}
                  c={p.active ? 'blue.9' : 'red.9'}
                  variant="light"
                  tt="none"
                >
                  {p.active ? t('providersUi.active') : t('providersUi.inactive')}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/**
 * /admin/providers (the back office's providers area): every provider with their
 * NPI, licences by state and expiry, whether they are on duty now (a "Who is on duty" filter)
 * and their access; the invitation form for whoever may change the area (the admin; support
 * reads only).
 */
export function ProvidersScreen() {
  const t = useT();
  const session = useSession();
  const mayWrite = mayBackOffice(session?.profile.role, 'providers', 'write');
  const [filter, setFilter] = useState<'all' | 'onDuty'>('all');
  const providers = useProviders({ refetchInterval: 30_000 });
  const shown = (providers.data ?? []).filter((p) => filter === 'all' || p.onDuty);
  return (
    <Stack p="md" maw={1100} mx="auto" w="100%" data-screen="admin-providers">
      <Title order={1} size="h2">
        {t('providersUi.title')}
      </Title>
      <Text c="dimmed">{t('providersUi.lead')}</Text>
      {mayWrite ? null : (
        <Alert color="gray" data-testid="providers-read-only">
          {t('providersUi.readOnly')}
        </Alert>
      )}
      <Group>
        <SegmentedControl
          aria-label={t('providersUi.filter.label')}
          value={filter}
          onChange={(value) => setFilter(value === 'onDuty' ? 'onDuty' : 'all')}
          data={[
            { value: 'all', label: t('providersUi.filter.all') },
            { value: 'onDuty', label: t('providersUi.filter.onDuty') },
          ]}
          data-testid="providers-filter"
        />
      </Group>
      {providers.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : providers.isError ? (
        <Alert color="red" role="alert" data-testid="providers-error">
          <Stack gap="xs">
            <Text size="sm">
              {t('providersUi.loadFailed', { message: errorText(t, providers.error) })}
            </Text>
            <Button
              size="xs"
              variant="light"
              w="fit-content"
              onClick={() => void providers.refetch()}
            >
              {t('providersUi.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : shown.length === 0 ? (
        <Text c="dimmed" data-testid="providers-empty">
          {filter === 'onDuty' ? t('providersUi.emptyOnDuty') : t('providersUi.empty')}
        </Text>
      ) : (
        <ProvidersTable providers={shown} />
      )}
      {mayWrite ? <InviteForm /> : null}
    </Stack>
  );
}
