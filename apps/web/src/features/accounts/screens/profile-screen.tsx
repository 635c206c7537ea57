import { workspaceOf } from '@apothecall/domain/navigation/role-navigation.rules';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useT } from '../../../lib/i18n';
import { isNative } from '../../../lib/native/runtime';
import { currentPerson, type StoredSession, useSession } from '../../../lib/session-store';
import { useDependents } from '../api/get-dependents';
import { DeviceCredentials } from '../components/device-credentials';
import { ChangePassword } from '../components/profile-change-password';
import { failureMessage } from '../components/profile-errors';
import { PersonDetails } from '../components/profile-person-details';
import { RecordArchive } from '../components/profile-record-archive';
import { RemoveAccount } from '../components/profile-remove-account';
import { ProfileSettings } from '../components/profile-settings';

/** Biometric login on or off (native apps only). */
const BiometricSetting = lazy(() =>
  import('../components/biometric-setting').then((m) => ({ default: m.BiometricSetting })),
);

function ProfileContent({ session }: { session: StoredSession }) {
  const t = useT();
  const member = currentPerson(session);
  const isHolder = member.id === session.profile.users[0]?.id;
  const family = useDependents();
  const person = family.data?.find((p) => p.id === member.id);
  return (
    <Stack p="md" maw={760} mx="auto" w="100%" data-screen="profile">
      <Title order={1} size="h2">
        {t('profileScreens.profile.title')}
      </Title>
      <Text c="dimmed">{t('profileScreens.profile.subtitle', { name: member.name })}</Text>
      {family.isPending ? <Loader role="status" size="sm" aria-label={t('shell.loading')} /> : null}
      {family.isError ? (
        <Alert color="red" role="alert">
          {t('accountActions.loadFailed.dependents', {
            message: failureMessage(t, family.error),
          })}
        </Alert>
      ) : null}
      {family.isSuccess && !person ? (
        <Alert color="yellow">{t('profileScreens.profile.notFound')}</Alert>
      ) : null}
      {person ? (
        <PersonDetails key={`${person.id}:${person.name}`} person={person} isHolder={isHolder} />
      ) : null}
      {workspaceOf(session.profile.role) === 'patient' ? <RecordArchive /> : null}
      <ChangePassword />
      {isNative() ? (
        <Suspense fallback={null}>
          <BiometricSetting />
        </Suspense>
      ) : null}
      <DeviceCredentials />
      <ProfileSettings />
      <RemoveAccount />
    </Stack>
  );
}

/**
 * Profile (spec section 2): the current person's details, the record download (patients),
 * password, settings, removal.
 */
export function ProfileScreen() {
  const session = useSession();
  return session ? <ProfileContent session={session} /> : null;
}
