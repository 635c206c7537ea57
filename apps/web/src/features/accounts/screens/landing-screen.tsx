import { Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useBrandState } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';

/** '/' while logged out: what the product is, and the way in. */
export function LandingScreen() {
  const t = useT();
  const brand = useBrandState();
  return (
    <Stack align="center" p="xl" gap="md" maw={640} mx="auto" ta="center">
      <Image src={brand.logo} alt="" w={96} h={96} fit="contain" />
      <Title order={1}>{t('shell.landing.title')}</Title>
      <Text c="dimmed">{t('shell.landing.body')}</Text>
      <Group>
        <Button component={Link} to="/login">
          {t('accounts.login.submit')}
        </Button>
        {brand.registerEnabled ? (
          <Button component={Link} to="/register" variant="light">
            {t('accounts.login.register')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
