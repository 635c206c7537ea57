import { AppShell, Button, Group, Image, Text, UnstyledButton } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import { useLogout } from '../features/accounts/hooks/use-logout';
import { useSessionCheck } from '../features/accounts/hooks/use-session-check';
import { useT } from '../lib/i18n';
import { useSession } from '../lib/session-store';

export function AppLayout() {
  const t = useT();
  const session = useSession();
  const logout = useLogout();
  useSessionCheck();
  return (
    <AppShell header={{ height: 56 }} padding={0}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <UnstyledButton component={Link} to="/" aria-label={t('shell.home')}>
            <Group gap="xs" wrap="nowrap">
              <Image src="/brand/apothecall.svg" alt="" w={32} h={32} />
              <Text fw={700} visibleFrom="xs">
                {t('shell.appName')}
              </Text>
            </Group>
          </UnstyledButton>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch />
            {session ? (
              <Button size="xs" variant="subtle" onClick={() => void logout()}>
                {t('shell.logout')}
              </Button>
            ) : null}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
