import { link } from '@apothecall/domain/navigation/links';
import { Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useBrandState } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';

/**
 * '/' while logged out: what the product is, and the ways in: log in, register (when the brand
 * offers it) and a prescription visit. The Rx catalogue (/rx) is public
 * while logged out and every brand offers it (the treatments are the platform's, and a
 * prepaid-only brand's visits are Rx visits), so the way to it is always there; choosing a
 * treatment there asks for a login or an account.
 */
export function LandingScreen() {
  const t = useT();
  const brand = useBrandState();
  return (
    <Stack align="center" p="xl" gap="md" maw={640} mx="auto" ta="center">
      <Image src={brand.logo} alt="" w={96} h={96} fit="contain" />
      <Title order={1}>{t('shell.landing.title')}</Title>
      <Text c="dimmed">{t('shell.landing.body')}</Text>
      <Group>
        <Button component={Link} to={link('/login')}>
          {t('accounts.login.submit')}
        </Button>
        {brand.registerEnabled ? (
          <Button component={Link} to={link('/register')} variant="light">
            {t('accounts.login.register')}
          </Button>
        ) : null}
        <Button component={Link} to={link('/rx')} variant="default" data-testid="landing-rx">
          {t('shell.landing.rx')}
        </Button>
      </Group>
    </Stack>
  );
}
