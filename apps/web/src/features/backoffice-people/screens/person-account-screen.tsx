import { mayBackOffice } from '@apothecall/domain/backoffice/backoffice.rules';
import type { AccountPage, PeopleAction } from '@apothecall/domain/backoffice/people.api';
import { link } from '@apothecall/domain/navigation/links';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SectionCard } from '../../../components/section-card';
import { StatusChip } from '../../../components/status-chip';
import { errorText } from '../../../lib/api-client';
import { type Translate, useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/payments/payment-format';
import { useSession } from '../../../lib/session-store';
import { useAccountPage, useActOnAccount } from '../api/people-api';
import {
  ConsentsCard,
  DevicesCard,
  FamilyCard,
  PaymentsCard,
  SessionsCard,
  VisitsCard,
} from '../components/person-account-tables';

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

/** The actions the account's state offers (enable or disable; two-factor reset when on). */
function actionsOf(data: AccountPage): PeopleAction[] {
  return [
    'unlock',
    'end-sessions',
    data.account.disabledAt ? 'enable' : 'disable',
    'reset-link',
    ...(data.account.twoFactor === 'off' ? [] : (['reset-two-factor'] as const)),
  ];
}

/** Opens the accounting of disclosures of this record (the account in the state, not the address). */
function DisclosuresButton({ accountId }: { accountId: string }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Button
      variant="default"
      onClick={() => navigate(link('/admin/disclosures'), { state: { accountId } })}
      data-testid="person-disclosures"
    >
      {t('peopleUi.action.disclosures')}
    </Button>
  );
}

/**
 * /admin/people/:id (People and support): one account's profile, family, sessions
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
  const session = useSession();
  const role = session?.profile.role;
  const [asking, setAsking] = useState<PeopleAction | null>(null);
  const page = useAccountPage(id, { staleTime: 0 });
  const act = useActOnAccount({
    onSuccess: (_done, { action }) => {
      setAsking(null);
      notifications.show({ color: 'green', message: t(doneKey[action]) });
    },
    onError: (error) => {
      if (asking === null) notifications.show({ color: 'red', message: errorText(t, error) });
    },
  });
  const run = (action: PeopleAction) => {
    if (confirmKey[action]) {
      act.reset();
      setAsking(action);
    } else act.mutate({ id, action });
  };
  const mayWrite = mayBackOffice(role, 'people', 'write');
  const mayDisclosures = mayBackOffice(role, 'disclosures', 'read');
  const data = page.data;
  const holderName = data?.family[0]
    ? `${data.family[0].firstName} ${data.family[0].lastName}`
    : (data?.account.loginId ?? '');
  const actions = data ? actionsOf(data) : [];
  const confirming = asking ? confirmKey[asking] : undefined;
  return (
    <Stack p="md" maw={1100} mx="auto" w="100%" data-screen="adminPerson">
      <Button component={Link} to={link('/admin/people')} variant="subtle" w="fit-content">
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
                    loading={act.isPending && act.variables?.action === action && asking === null}
                    onClick={() => run(action)}
                    data-testid={`person-action-${action}`}
                  >
                    {t(actionKey[action])}
                  </Button>
                ))
              : null}
            {mayDisclosures ? <DisclosuresButton accountId={id} /> : null}
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Profile page={data} t={t} lang={lang} />
            <FamilyCard page={data} />
            <SessionsCard page={data} />
            <VisitsCard page={data} />
            <PaymentsCard page={data} />
            <DevicesCard page={data} />
            <ConsentsCard page={data} />
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
        onConfirm={() => asking && act.mutate({ id, action: asking })}
        onClose={() => setAsking(null)}
        testId="person-confirm"
      />
    </Stack>
  );
}
