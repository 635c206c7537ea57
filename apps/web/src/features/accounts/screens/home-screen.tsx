import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import type { StoredSession } from '../../../lib/session-store';

/** Home for a signed-in user: greets them by name and offers the product's main areas. */
export function HomeScreen({ session }: { session: StoredSession }) {
  const t = useT();
  const profile = session.profile;
  const areas = [
    { to: '/care', label: t('shell.nav.care') },
    { to: '/appointment', label: t('shell.nav.appointment') },
    { to: '/notes', label: t('shell.nav.notes') },
    { to: '/docs', label: t('shell.nav.docs') },
    { to: '/payments', label: t('shell.nav.payments') },
    { to: '/profile', label: t('shell.nav.profile') },
  ];
  return (
    <Stack p="md" maw={960} mx="auto" w="100%">
      <Title order={1} size="h2">
        {t('accounts.home.welcome', { name: profile.name })}
      </Title>
      <Text c="dimmed">{t('accounts.home.subtitle')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {areas.map((area) => (
          <Card key={area.to} withBorder radius="md" p="md">
            <Button component={Link} to={area.to} variant="light" fullWidth>
              {area.label}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
