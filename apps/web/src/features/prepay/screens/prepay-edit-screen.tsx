import { link } from '@apothecall/domain/navigation/links';
import type { PrepayProgramView } from '@apothecall/domain/prepay/prepay.api';
import { Alert, Anchor, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Facts } from '../../../components/facts';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { AuthorizedUsersSection } from '../components/authorized-users-section';
import { ProgramSettingsSection } from '../components/program-settings-section';
import { ProgramSummary } from '../components/program-summary';
import { TokensSection } from '../components/tokens-section';
import { useRouteProgram } from '../hooks/use-route-program';

/** What an authorized user (not the holder) sees: the program and its code, read-only. */
function AuthorizedView({ program }: { program: PrepayProgramView }) {
  const t = useT();
  const lang = useLang();
  const rows = [
    ...(program.description
      ? [
          {
            key: 'description',
            label: t('prepayUi.settings.description'),
            value: program.description,
          },
        ]
      : []),
    ...(program.patientAmt > 0
      ? [
          {
            key: 'patientAmt',
            label: t('prepayUi.settings.patientAmt'),
            value: formatCents(program.patientAmt, lang),
          },
        ]
      : []),
    ...(program.checkoutMessage
      ? [
          {
            key: 'checkout',
            label: t('prepayUi.settings.checkoutMessage'),
            value: program.checkoutMessage,
          },
        ]
      : []),
  ];
  return (
    <SectionCard title={t('prepayUi.role.authorized')} testId="prepay-authorized-view">
      <Text size="sm">{t('prepayUi.edit.readOnlyLead')}</Text>
      {rows.length > 0 ? <Facts labelWidth={180} rows={rows} /> : null}
    </SectionCard>
  );
}

/**
 * /prepay-edit/{id}: a program's page. Its holder sees the balance, the visits
 * bought and used and the program code at the top, then the settings, the authorized users
 * and the access tokens; an authorized user sees a read-only summary with the code to use.
 */
export function PrepayEditScreen() {
  const t = useT();
  const { program } = useRouteProgram();
  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="prepay-edit">
      <Anchor component={Link} to={link('/prepay-select')} size="sm">
        {t('prepayUi.backToList')}
      </Anchor>
      {program.isPending ? (
        <>
          <Title order={1} size="h2">
            {t('prepayUi.edit.title')}
          </Title>
          <Loader role="status" size="sm" aria-label={t('shell.loading')} />
        </>
      ) : program.isError ? (
        <>
          <Title order={1} size="h2">
            {t('prepayUi.edit.title')}
          </Title>
          <Alert color="red" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {t('prepayUi.loadFailed', { message: errorText(t, program.error) })}
              </Text>
              <Button size="xs" variant="default" onClick={() => void program.refetch()}>
                {t('prepayUi.retry')}
              </Button>
            </Stack>
          </Alert>
        </>
      ) : (
        <>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }} data-testid="prepay-name">
            {program.data.name}
          </Title>
          <ProgramSummary program={program.data} />
          {program.data.owner ? (
            <>
              <ProgramSettingsSection key={program.data.id} program={program.data} />
              <AuthorizedUsersSection
                key={`users-${program.data.id}`}
                programId={program.data.id}
              />
              <TokensSection key={`tokens-${program.data.id}`} programId={program.data.id} />
            </>
          ) : (
            <AuthorizedView program={program.data} />
          )}
        </>
      )}
    </Stack>
  );
}
