import type { FamilyMember } from '@apothecall/domain/accounts/accounts.schemas';
import { link } from '@apothecall/domain/navigation/links';
import { isUsStateCode, stateNameKey, usStates } from '@apothecall/domain/places/places.rules';
import { Alert, Button, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import type { StoredSession } from '../../../lib/session-store';
import { useConsultLocation } from '../api/get-consult-location';
import { type SetConsultLocationResult, useSetConsultLocation } from '../api/set-consult-location';

/** 'I am in' a state (spec section 2): the current person's confirmed location, and a change. */
export function LocationCard({ ptId, name }: { ptId: string; name: string }) {
  const t = useT();
  const location = useConsultLocation(ptId);
  const confirmed = location.data?.state ?? null;
  // The state chosen, else the confirmed one (the card is keyed by person). Worked out while
  // drawing: an effect that copied the confirmed state once it loaded replaced a state chosen
  // while it was loading.
  const [chosen, setSelected] = useState<string | null>(null);
  const selected = chosen ?? confirmed ?? '';
  const [result, setResult] = useState<SetConsultLocationResult | null>(null);

  const stateName = (code: string) => (isUsStateCode(code) ? t(stateNameKey(code)) : code);

  const mutation = useSetConsultLocation({
    onSuccess: (answer) => {
      setResult(answer);
      if (answer.available) {
        notifications.show({
          color: 'green',
          message: t('profileScreens.location.confirmed', { state: stateName(answer.state) }),
        });
      }
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        message: t('accountActions.setConsultLocationFailed', {
          message: error instanceof ApiError ? error.message : t('errors.network'),
        }),
      });
    },
  });

  return (
    <SectionCard
      title={t('profileScreens.location.title')}
      description={t('profileScreens.location.body', { name })}
      testId="location-card"
    >
      {location.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : (
        <Text size="sm" fw={600} role="status">
          {confirmed
            ? t('profileScreens.location.current', { state: stateName(confirmed) })
            : t('profileScreens.location.none')}
        </Text>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (isUsStateCode(selected)) mutation.mutate({ ptId, state: selected });
        }}
      >
        <Group align="flex-end" gap="xs" wrap="wrap">
          <NativeSelect
            label={t('profileScreens.location.state')}
            value={selected}
            onChange={(event) => setSelected(event.currentTarget.value)}
            data={[
              { value: '', label: '—' },
              ...usStates.map((s) => ({ value: s.code, label: t(s.nameKey) })),
            ]}
            style={{ flex: '1 1 180px' }}
          />
          <Button type="submit" disabled={!isUsStateCode(selected)} loading={mutation.isPending}>
            {t('profileScreens.location.confirm')}
          </Button>
        </Group>
      </form>
      {result && !result.available && result.reason ? (
        <Alert color="yellow" role="alert">
          {result.reason}
        </Alert>
      ) : null}
    </SectionCard>
  );
}

/** A patient's Home: the current person and their dependents. */
export function FamilyCard({ person }: { person: FamilyMember }) {
  const t = useT();
  return (
    <SectionCard
      title={t('profileScreens.home.family')}
      description={t('profileScreens.switcher.active', { name: person.name })}
    >
      <Button component={Link} to={link('/add-dependent')} variant="light" w="fit-content">
        {t('profileScreens.home.addDependent')}
      </Button>
    </SectionCard>
  );
}

/** Every role's Home: the account itself (name, contact, language, password). */
export function AccountCard() {
  const t = useT();
  return (
    <SectionCard
      title={t('profileScreens.home.account.title')}
      description={t('profileScreens.home.account.body')}
    >
      <Button component={Link} to={link('/profile')} variant="light" w="fit-content">
        {t('profileScreens.home.account.open')}
      </Button>
    </SectionCard>
  );
}

/**
 * Home for a signed-in user: greets them by name over what their role needs first (the app
 * shell composes each role's cards, app/role-home.tsx). `staffOf` names the brand a staff
 * member works for.
 */
export function HomeScreen({
  session,
  staffOf,
  children,
}: {
  session: StoredSession;
  staffOf?: string | undefined;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="home">
      <Title order={1} size="h2">
        {t('accounts.home.welcome', { name: session.profile.name })}
      </Title>
      <Text c="dimmed">
        {staffOf
          ? t('profileScreens.home.staffSubtitle', { brand: staffOf })
          : t('accounts.home.subtitle')}
      </Text>
      {children}
    </Stack>
  );
}
