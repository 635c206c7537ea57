import { mayBackOffice } from '@apothecall/domain/backoffice/backoffice.rules';
import type { AdminBrand } from '@apothecall/domain/brands/brands-admin.api';
import { link } from '@apothecall/domain/navigation/links';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { ScrollRegion } from '../../../components/scroll-region';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import { useAdminBrands } from '../api';

/**
 * /admin/brands: every white-label brand (name, company key, host names, colours as
 * swatches), each opening its page; an admin also creates one. Support reads.
 */
export function AdminBrandsScreen() {
  const t = useT();
  const session = useSession();
  const mayWrite = mayBackOffice(session?.profile.role, 'brands', 'write');
  const list = useAdminBrands();

  return (
    <Stack p="md" maw={1080} mx="auto" w="100%" data-screen="admin-brands">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('backoffice.brands.title')}
        </Title>
        {mayWrite ? (
          <Button component={Link} to={link('/admin/brands/new')} data-testid="admin-brands-new">
            {t('backoffice.brands.new')}
          </Button>
        ) : null}
      </Group>
      <Text c="dimmed">{t('backoffice.brands.lead')}</Text>
      {mayWrite ? null : <Text size="sm">{t('backoffice.brands.readOnly')}</Text>}
      {list.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t('backoffice.brands.loadFailed', { message: errorText(t, list.error) })}
            </Text>
            <Button size="xs" variant="default" onClick={() => void list.refetch()}>
              {t('backoffice.brands.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : list.data.length === 0 ? (
        <Text>{t('backoffice.brands.empty')}</Text>
      ) : (
        <ScrollRegion label={t('backoffice.brands.title')} minWidth={560}>
          <Table striped withTableBorder data-testid="admin-brands-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backoffice.brands.col.name')}</Table.Th>
                <Table.Th>{t('backoffice.brands.col.key')}</Table.Th>
                <Table.Th>{t('backoffice.brands.col.hosts')}</Table.Th>
                <Table.Th>{t('backoffice.brands.col.colors')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((b) => (
                <BrandRow key={b.id} brand={b} />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </Stack>
  );
}

function BrandRow({ brand }: { brand: AdminBrand }) {
  const t = useT();
  const swatches = [
    ['colorPrimary', brand.colorPrimary],
    ['colorAccent', brand.colorAccent],
    ['colorWarning', brand.colorWarning],
  ] as const;
  return (
    <Table.Tr data-testid={`admin-brand-row-${brand.id}`}>
      <Table.Td>
        <Group gap="xs">
          <Anchor component={Link} to={link('/admin/brands/:id', { id: brand.id })}>
            {brand.name}
          </Anchor>
          {brand.isMain ? (
            <Badge variant="light" color="gray">
              {t('backoffice.brands.main')}
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>
        <code>{brand.id}</code>
      </Table.Td>
      <Table.Td>
        {brand.hosts.length > 0 ? brand.hosts.join(', ') : t('backoffice.brands.noHosts')}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {swatches.map(([field, value]) => (
            <Box
              key={field}
              w={20}
              h={20}
              bg={value}
              style={{ borderRadius: 4, border: '1px solid var(--mantine-color-gray-5)' }}
              role="img"
              aria-label={t('backoffice.brands.swatch', {
                color: t(`backoffice.brands.label.${field}`),
                value,
              })}
              title={value}
            />
          ))}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
