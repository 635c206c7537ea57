import type { FamilyMember } from '@apothecall/domain/accounts/accounts.schemas';
import { AppShell, Avatar, Button, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import { useAutoLogout } from '../features/accounts/hooks/use-auto-logout';
import { useLogout } from '../features/accounts/hooks/use-logout';
import { useRelationLabel } from '../features/accounts/hooks/use-relation-label';
import { useSessionCheck } from '../features/accounts/hooks/use-session-check';
import { BrandFooter } from '../features/brands/components/brand-footer';
import { BrandLogo } from '../features/brands/components/brand-logo';
import { useBrandState } from '../lib/brand-store';
import { useT } from '../lib/i18n';
import {
  currentPerson,
  type StoredSession,
  setCurrentPerson,
  useSession,
} from '../lib/session-store';

function initials(member: FamilyMember): string {
  const first = member.firstName || member.name;
  return `${first.charAt(0)}${member.lastName.charAt(0)}`.toUpperCase();
}

/**
 * The profile switcher (spec section 6: the holder switches the current profile among their
 * users): shows whose profile is active and lists the family with each relation.
 */
function ProfileSwitcher({ session }: { session: StoredSession }) {
  const t = useT();
  const relationLabel = useRelationLabel();
  const active = currentPerson(session);
  const activeLabel = t('profileScreens.switcher.active', { name: active.name });
  return (
    <Menu position="bottom-end" width={260} withinPortal shadow="md">
      <Menu.Target>
        <UnstyledButton
          aria-label={`${t('profileScreens.switcher.label')}. ${activeLabel}`}
          title={activeLabel}
          data-testid="profile-switcher"
          style={{ minWidth: 0 }}
        >
          <Group gap={6} wrap="nowrap">
            <Avatar size={28} radius="xl" color="brand" variant="filled">
              {initials(active)}
            </Avatar>
            <Text size="sm" fw={600} truncate="end" maw={{ base: 64, xs: 160 }}>
              {active.firstName || active.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('profileScreens.switcher.title')}</Menu.Label>
        {session.profile.users.map((member) => {
          const isActive = member.id === active.id;
          return (
            <Menu.Item
              key={member.id}
              aria-current={isActive ? 'true' : undefined}
              leftSection={
                <Avatar size={24} radius="xl" color="brand" variant={isActive ? 'filled' : 'light'}>
                  {initials(member)}
                </Avatar>
              }
              rightSection={
                isActive ? (
                  <Text size="sm" c="brand" aria-hidden>
                    ✓
                  </Text>
                ) : null
              }
              onClick={() => {
                if (isActive) return;
                setCurrentPerson(member.id);
                notifications.show({
                  id: 'profile-switched',
                  color: 'green',
                  message: t('profileScreens.switcher.switched', { name: member.name }),
                });
              }}
            >
              <Stack gap={0}>
                <Text size="sm" fw={isActive ? 700 : 400}>
                  {member.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {relationLabel(member.relation)}
                </Text>
              </Stack>
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile">
          {t('profileScreens.switcher.openProfile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/add-dependent">
          {t('profileScreens.switcher.addDependent')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function AppLayout() {
  const t = useT();
  const session = useSession();
  const brand = useBrandState();
  const logout = useLogout();
  useSessionCheck();
  useAutoLogout();
  const background = brand.whiteLabel?.backgroundImage;
  return (
    <AppShell header={{ height: 56 }} padding={0}>
      <AppShell.Header>
        <Group
          h="100%"
          px={{ base: 'xs', xs: 'md' }}
          justify="space-between"
          wrap="nowrap"
          gap="xs"
        >
          <UnstyledButton component={Link} to="/" aria-label={t('shell.home')}>
            <Group gap="xs" wrap="nowrap">
              <BrandLogo size={32} />
              <Text fw={700} visibleFrom="sm">
                {brand.name ?? t('shell.appName')}
              </Text>
            </Group>
          </UnstyledButton>
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            {session ? <ProfileSwitcher session={session} /> : null}
            <LanguageSwitch />
            {session ? (
              <Button size="xs" variant="subtle" px={6} onClick={() => void logout()}>
                {t('shell.logout')}
              </Button>
            ) : null}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main
        style={{
          display: 'flex',
          flexDirection: 'column',
          ...(background
            ? {
                backgroundImage: `url("${encodeURI(background)}")`,
                backgroundSize: 'cover',
                backgroundPosition: 'center',
                backgroundAttachment: 'fixed',
              }
            : {}),
        }}
      >
        <div style={{ flex: 1 }}>
          <Outlet />
        </div>
        <BrandFooter />
      </AppShell.Main>
    </AppShell>
  );
}
