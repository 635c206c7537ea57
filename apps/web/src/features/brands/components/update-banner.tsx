import { link } from '@apothecall/domain/navigation/links';
import { Alert, Button, Group, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useBrandState } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';
import { isNewer, useLatestVersion } from '../version-store';

/** Above every screen while a newer version is deployed: the way to /update. */
export function UpdateBanner() {
  const t = useT();
  const latest = useLatestVersion();
  const brand = useBrandState();
  const { pathname } = useLocation();
  if (!isNewer(latest) || pathname === '/update') return null;
  return (
    <Alert color="blue" radius={0} py="xs" data-testid="update-banner">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('brands.update.available', { brand: brand.name ?? t('shell.appName') })}
        </Text>
        <Button component={Link} to={link('/update')} size="xs">
          {t('brands.update.open')}
        </Button>
      </Group>
    </Alert>
  );
}
