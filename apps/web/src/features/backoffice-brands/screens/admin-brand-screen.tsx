import { mayBackOffice } from '@apothecall/domain/backoffice/backoffice.rules';
import { link } from '@apothecall/domain/navigation/links';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import { useAdminBrand } from '../api';
import { BrandEditor } from '../components/brand-editor';

/**
 * /admin/brands/new and /admin/brands/:id: a brand's name and company key, host
 * names and aliases, logo and colours (each with its contrast on white, by the domain's rule:
 * a colour that does not read is refused by the server, and the screen offers the nearest that
 * does), app settings, and the states and hours of its care. An admin saves after confirming
 * the list of what changed (the changes apply at once); support reads, nothing to save.
 */
export function AdminBrandScreen() {
  const t = useT();
  const { id } = useParams();
  const session = useSession();
  const mayWrite = mayBackOffice(session?.profile.role, 'brands', 'write');
  const page = useAdminBrand(id);

  return (
    <Stack p="md" maw={1080} mx="auto" w="100%" data-screen="admin-brand">
      <Group justify="space-between">
        <Anchor component={Link} to={link('/admin/brands')} size="sm">
          {t('backoffice.brands.back')}
        </Anchor>
        {id === undefined ? null : (
          <Anchor
            component={Link}
            to={link('/admin/brands/:id/offers', { id })}
            size="sm"
            data-testid="brand-offers-link"
          >
            {t('backoffice.brands.offersLink')}
          </Anchor>
        )}
      </Group>
      {id === undefined ? (
        <BrandEditor brand={undefined} mayWrite={mayWrite} />
      ) : page.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : page.isError ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t('backoffice.brands.loadFailed', { message: errorText(t, page.error) })}
            </Text>
            <Button size="xs" variant="default" onClick={() => void page.refetch()}>
              {t('backoffice.brands.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <BrandEditor key={JSON.stringify(page.data)} brand={page.data} mayWrite={mayWrite} />
      )}
    </Stack>
  );
}
