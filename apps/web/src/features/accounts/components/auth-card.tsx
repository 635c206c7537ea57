import { Card, Group, Image, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useBrandState } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';

/** The centred card of the public account screens: brand logo, a title, then the content. */
export function AuthCard({
  title,
  children,
  maw = 420,
  screen,
}: {
  title: string;
  children: ReactNode;
  maw?: number;
  screen?: string;
}) {
  const t = useT();
  const brand = useBrandState();
  return (
    <Stack align="center" py={{ base: 'md', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
      <Card
        withBorder
        shadow="sm"
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        w="100%"
        maw={maw}
        data-screen={screen}
      >
        <Stack>
          <Group justify="center">
            <Image
              src={brand.logo}
              alt={brand.name ?? t('shell.appName')}
              w={64}
              h={64}
              fit="contain"
            />
          </Group>
          <Title order={1} size="h2" ta="center">
            {title}
          </Title>
          {children}
        </Stack>
      </Card>
    </Stack>
  );
}
