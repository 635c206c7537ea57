import { Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';

/** '/' while logged out: what the product is, and the way in. */
export function LandingScreen() {
  const t = useT();
  return (
    <Stack align="center" p="xl" gap="md" maw={640} mx="auto" ta="center">
      <Image src="/brand/apothecall.svg" alt="" w={96} h={96} />
      <Title order={1}>{t('shell.landing.title')}</Title>
      <Text c="dimmed">{t('shell.landing.body')}</Text>
      <Group>
        <Button component={Link} to="/login">
          {t('accounts.login.submit')}
        </Button>
        <Button component={Link} to="/register" variant="light">
          {t('accounts.login.register')}
        </Button>
      </Group>
    </Stack>
  );
}
