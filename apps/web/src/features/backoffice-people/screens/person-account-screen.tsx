import { mayBackOffice } from '@apothecall/domain/backoffice/backoffice.rules';
import type { AccountPage, PeopleAction } from '@apothecall/domain/backoffice/people.api';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SectionCard } from '../../../components/section-card';
import { StatusChip } from '../../../components/status-chip';
import { errorText } from '../../../lib/api-client';
import { type Translate, useLang, useT } from '../../../lib/i18n';
import { formatCents, formatDateTime } from '../../../lib/payments/payment-format';
import { useSession } from '../../../lib/session-store';
import { actOnAccount, getAccountPage, peopleQueryKey } from '../api/people-api';

const doneKey = {
  unlock: 'peopleUi.done.unlock',
  'end-sessions': 'peopleUi.done.endSessions',
  disable: 'peopleUi.done.disable',
  enable: 'peopleUi.done.enable',
  'reset-link': 'peopleUi.done.resetLink',
  'reset-two-factor': 'peopleUi.done.resetTwoFactor',
} as const;

const actionKey = {
  unlock: 'peopleUi.action.unlock',
  'end-sessions': 'peopleUi.action.endSessions',
  disable: 'peopleUi.action.disable',
  enable: 'peopleUi.action.enable',
  'reset-link': 'peopleUi.action.resetLink',
  'reset-two-factor': 'peopleUi.action.resetTwoFactor',
} as const;

/** The actions that cannot be taken back by the same button: asked first. */
const confirmKey: Partial<
  Record<
    PeopleAction,
    'peopleUi.confirm.endSessions' | 'peopleUi.confirm.disable' | 'peopleUi.confirm.resetTwoFactor'
  >
> = {
  'end-sessions': 'peopleUi.confirm.endSessions',
  disable: 'peopleUi.confirm.disable',
  'reset-two-factor': 'peopleUi.confirm.resetTwoFactor',
};

function Rows({ empty, children }: { empty: boolean; children: ReactNode }) {
  const t = useT();
  return empty ? <Text size="sm">{t('peopleUi.account.none')}</Text> : children;
}

function Profile({ page, t, lang }: { page: AccountPage; t: Translate; lang: 'en' | 'es' }) {
  const { account } = page;
  const holder = page.family[0];
  const line = (label: string, value: ReactNode) => (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
  return (
    <SectionCard title={t('peopleUi.account.profile')}>
      {line(t('peopleUi.account.login'), account.loginId)}
      {line(t('peopleUi.account.role'), account.role)}
      {holder ? line(t('peopleUi.col.dob'), holder.dob) : null}
      {holder?.phone ? line(t('peopleUi.col.phone'), holder.phone) : null}
      {line(t('peopleUi.account.created'), formatDateTime(account.createdAt, lang))}
      {line(t('peopleUi.account.language'), account.language)}
      {line(t('peopleUi.account.twoFactor'), account.twoFactor)}
      <Group gap="xs">
        <StatusChip
          label={t(account.disabledAt ? 'peopleUi.status.disabled' : 'peopleUi.status.active')}
          colour={account.disabledAt ? '#c92a2a' : '#2f9e44'}
          data-testid="person-status"
        />
        <StatusChip
          label={t(account.locked ? 'peopleUi.account.locked' : 'peopleUi.account.notLocked')}
          colour={account.locked ? '#e8590c' : '#868e96'}
          data-testid="person-locked"
        />
      </Group>
    </SectionCard>
  );
}

/**
 * /admin/people/:id (issue 35, People and support): one account's profile, family, sessions
 * (started, last active, platform; never a token), visits (short reference), payments (card
 * brand and last four), push devices (never a token) and consents, with the actions the role may
 * take (write access): unlock the login, end all sessions, disable or re-enable, resend the
 * password link; ending sessions and disabling are confirmed first. Each action answers with a
 * toast. 'Disclosures' opens the accounting of this record, the account handed over in the
 * screen's state (not the address).
 */
export function PersonAccountScreen() {
  const t = useT();
  const lang = useLang();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const role = session?.profile.role;
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<PeopleAction | null>(null);
  const page = useQuery({
    queryKey: [...peopleQueryKey, id],
    queryFn: () => getAccountPage(id),
    staleTime: 0,
  });
  const act = useMutation({
    mutationFn: (action: PeopleAction) => actOnAccount(id, action),
    onSuccess: async (_done, action) => {
      setAsking(null);
      notifications.show({ color: 'green', message: t(doneKey[action]) });
      await queryClient.invalidateQueries({ queryKey: [...peopleQueryKey, id] });
    },
    onError: (error) => {
      if (asking === null) notifications.show({ color: 'red', message: errorText(t, error) });
    },
  });
  const run = (action: PeopleAction) => {
    if (confirmKey[action]) {
      act.reset();
      setAsking(action);
    } else act.mutate(action);
  };
  const mayWrite = mayBackOffice(role, 'people', 'write');
  const mayDisclosures = mayBackOffice(role, 'disclosures', 'read');
  const data = page.data;
  const holderName = data?.family[0]
    ? `${data.family[0].firstName} ${data.family[0].lastName}`
    : (data?.account.loginId ?? '');
  const actions: PeopleAction[] = data
    ? [
        'unlock',
        'end-sessions',
        data.account.disabledAt ? 'enable' : 'disable',
        'reset-link',
        ...(data.account.twoFactor === 'off' ? [] : (['reset-two-factor'] as const)),
      ]
    : [];
  const confirming = asking ? confirmKey[asking] : undefined;
  return (
    <Stack p="md" maw={1100} mx="auto" w="100%" data-screen="adminPerson">
      <Button component={Link} to="/admin/people" variant="subtle" w="fit-content">
        {t('peopleUi.account.back')}
      </Button>
      {page.isPending ? <Loader aria-label={t('shell.loading')} /> : null}
      {page.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, page.error)}
        </Alert>
      ) : null}
      {data ? (
        <>
          <Title order={1} size="h2">
            {t('peopleUi.account.title', { name: holderName })}
          </Title>
          <Group gap="xs">
            {mayWrite
              ? actions.map((action) => (
                  <Button
                    key={action}
                    variant={confirmKey[action] ? 'outline' : 'light'}
                    color={confirmKey[action] ? 'red' : undefined}
                    loading={act.isPending && act.variables === action && asking === null}
                    onClick={() => run(action)}
                    data-testid={`person-action-${action}`}
                  >
                    {t(actionKey[action])}
                  </Button>
                ))
              : null}
            {mayDisclosures ? (
              <Button
                variant="default"
                onClick={() => navigate('/admin/disclosures', { state: { accountId: id } })}
                data-testid="person-disclosures"
              >
                {t('peopleUi.action.disclosures')}
              </Button>
            ) : null}
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Profile page={data} t={t} lang={lang} />
            <SectionCard title={t('peopleUi.account.family')}>
              <Rows empty={data.family.length === 0}>
                <Table data-testid="person-family">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('peopleUi.col.name')}</Table.Th>
                      <Table.Th>{t('peopleUi.account.relation')}</Table.Th>
                      <Table.Th>{t('peopleUi.col.dob')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.family.map((p) => (
                      <Table.Tr key={p.personId}>
                        <Table.Td>{`${p.firstName} ${p.lastName}`}</Table.Td>
                        <Table.Td>{p.relation}</Table.Td>
                        <Table.Td>{p.dob}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Rows>
            </SectionCard>
            <SectionCard title={t('peopleUi.account.sessions')}>
              <Rows empty={data.sessions.length === 0}>
                <Table data-testid="person-sessions">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('peopleUi.account.sessionStarted')}</Table.Th>
                      <Table.Th>{t('peopleUi.account.sessionLastActive')}</Table.Th>
                      <Table.Th>{t('peopleUi.account.platform')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.sessions.map((s) => (
                      <Table.Tr key={`${s.startedAt}-${s.platform}`}>
                        <Table.Td>{formatDateTime(s.startedAt, lang)}</Table.Td>
                        <Table.Td>{formatDateTime(s.lastActiveAt, lang)}</Table.Td>
                        <Table.Td>
                          {`${s.platform} ${s.version}`}{' '}
                          {s.live ? (
                            <StatusChip label={t('peopleUi.status.active')} colour="#2f9e44" />
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Rows>
            </SectionCard>
            <SectionCard title={t('peopleUi.account.visits')}>
              <Rows empty={data.visits.length === 0}>
                <Table data-testid="person-visits">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('peopleUi.account.ref')}</Table.Th>
                      <Table.Th>{t('peopleUi.account.kind')}</Table.Th>
                      <Table.Th>{t('peopleUi.account.visitStatus')}</Table.Th>
                      <Table.Th>{t('peopleUi.account.date')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.visits.map((v) => (
                      <Table.Tr key={`${v.ref}-${v.createdAt}`}>
                        <Table.Td>{v.ref}</Table.Td>
                        <Table.Td>{v.kind}</Table.Td>
                        <Table.Td>{v.outcome ? `${v.status} (${v.outcome})` : v.status}</Table.Td>
                        <Table.Td>{formatDateTime(v.createdAt, lang)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Rows>
            </SectionCard>
            <SectionCard title={t('peopleUi.account.payments')}>
              <Rows empty={data.payments.length === 0}>
                <Table data-testid="person-payments">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('peopleUi.account.date')}</Table.Th>
                      <Table.Th>{t('peopleUi.account.kind')}</Table.Th>
                      <Table.Th>{t('peopleUi.account.amount')}</Table.Th>
                      <Table.Th>{t('peopleUi.account.card')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.payments.map((p) => (
                      <Table.Tr key={`${p.at}-${p.kind}-${p.amountCents}`}>
                        <Table.Td>{formatDateTime(p.at, lang)}</Table.Td>
                        <Table.Td>{p.kind}</Table.Td>
                        <Table.Td>{formatCents(p.amountCents, lang)}</Table.Td>
                        <Table.Td>{`${p.cardBrand} ···· ${p.cardLast4}`}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Rows>
            </SectionCard>
            <SectionCard title={t('peopleUi.account.devices')}>
              <Rows empty={data.devices.length === 0}>
                <Table data-testid="person-devices">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('peopleUi.account.platform')}</Table.Th>
                      <Table.Th>{t('peopleUi.account.added')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.devices.map((d) => (
                      <Table.Tr key={`${d.platform}-${d.addedAt}`}>
                        <Table.Td>{d.platform}</Table.Td>
                        <Table.Td>{formatDateTime(d.addedAt, lang)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Rows>
            </SectionCard>
            <SectionCard title={t('peopleUi.account.consents')}>
              <Rows empty={data.consents.length === 0}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('peopleUi.account.document')}</Table.Th>
                      <Table.Th>{t('peopleUi.account.version')}</Table.Th>
                      <Table.Th>{t('peopleUi.account.acceptedAt')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.consents.map((c) => (
                      <Table.Tr key={`${c.document}-${c.version}-${c.acceptedAt}`}>
                        <Table.Td>{c.document}</Table.Td>
                        <Table.Td>{c.version}</Table.Td>
                        <Table.Td>{formatDateTime(c.acceptedAt, lang)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Rows>
            </SectionCard>
          </SimpleGrid>
        </>
      ) : null}
      <ConfirmDialog
        opened={confirming !== undefined}
        title={asking ? t(actionKey[asking]) : ''}
        body={confirming ? t(confirming) : ''}
        confirmLabel={t('peopleUi.confirm.yes')}
        cancelLabel={t('peopleUi.confirm.cancel')}
        pending={act.isPending}
        error={act.isError ? errorText(t, act.error) : null}
        onConfirm={() => asking && act.mutate(asking)}
        onClose={() => setAsking(null)}
        testId="person-confirm"
      />
    </Stack>
  );
}
