import { mayBackOffice } from '@apothecall/domain/backoffice/backoffice.rules';
import { link } from '@apothecall/domain/navigation/links';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import { useAdminPharmacies, useOnboardPharmacy, useSearchRegistry } from '../api';
import { LoadProblem } from '../components/load-problem';

/**
 * /admin/pharmacies: every pharmacy (name, NCPDP ID, state, verified, its
 * administrator), each opening its page; and, for a role that may change the area (admin),
 * "Onboard from the registry": search the NCPDP registry by NCPDP ID or name and onboard a row
 * (the pharmacy is created unverified and its page opens). Support reads the list only.
 */
export function AdminPharmaciesScreen() {
  const t = useT();
  const session = useSession();
  const mayWrite = mayBackOffice(session?.profile.role, 'pharmacies', 'write');
  const list = useAdminPharmacies();

  return (
    <Stack p="md" maw={1080} mx="auto" w="100%" data-screen="admin-pharmacies">
      <Title order={1} size="h2">
        {t('backoffice.pharmacies.title')}
      </Title>
      {mayWrite ? <OnboardSection /> : null}
      {list.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : list.isError ? (
        <LoadProblem error={list.error} retry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Text>{t('backoffice.pharmacies.empty')}</Text>
      ) : (
        <Table striped withTableBorder data-testid="admin-pharmacies-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('backoffice.pharmacies.col.name')}</Table.Th>
              <Table.Th>{t('backoffice.pharmacies.col.ncpdp')}</Table.Th>
              <Table.Th>{t('backoffice.pharmacies.col.state')}</Table.Th>
              <Table.Th>{t('backoffice.pharmacies.col.verified')}</Table.Th>
              <Table.Th>{t('backoffice.pharmacies.col.admin')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((p) => (
              <Table.Tr key={p.id} data-testid={`admin-pharmacy-row-${p.ncpdpId}`}>
                <Table.Td>
                  <Anchor component={Link} to={link('/admin/pharmacies/:id', { id: p.id })}>
                    {p.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{p.ncpdpId}</Table.Td>
                <Table.Td>{p.state}</Table.Td>
                <Table.Td>
                  <Badge
                    color={p.verified ? 'green' : 'gray'}
                    c={p.verified ? 'green.9' : 'gray.8'}
                    variant="light"
                  >
                    {p.verified ? t('backoffice.pharmacies.yes') : t('backoffice.pharmacies.no')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {p.admin ? `${p.admin.name} (${p.admin.email})` : t('backoffice.pharmacies.none')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** Search the registry and onboard a row (admin). */
function OnboardSection() {
  const t = useT();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const search = useSearchRegistry();
  const onboard = useOnboardPharmacy({
    onSuccess: (pharmacy) => {
      notifications.show({
        color: 'green',
        message: t('backoffice.pharmacies.onboard.done', { name: pharmacy.name }),
      });
      void navigate(link('/admin/pharmacies/:id', { id: pharmacy.id }));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onboard.reset();
    search.mutate(query);
  };

  return (
    <SectionCard title={t('backoffice.pharmacies.onboard.title')} testId="admin-pharmacies-onboard">
      <form onSubmit={submit}>
        <Group align="flex-end">
          <TextInput
            label={t('backoffice.pharmacies.onboard.query')}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            data-testid="registry-query"
          />
          <Button type="submit" loading={search.isPending}>
            {t('backoffice.pharmacies.onboard.search')}
          </Button>
        </Group>
      </form>
      {search.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, search.error)}
        </Alert>
      ) : null}
      {onboard.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, onboard.error)}
        </Alert>
      ) : null}
      {search.data && search.data.length === 0 ? (
        <Text>{t('backoffice.pharmacies.onboard.noResults')}</Text>
      ) : null}
      {search.data && search.data.length > 0 ? (
        <Table withTableBorder data-testid="registry-results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('backoffice.pharmacies.col.name')}</Table.Th>
              <Table.Th>{t('backoffice.pharmacies.col.ncpdp')}</Table.Th>
              <Table.Th>{t('backoffice.pharmacies.compare.address')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {search.data.map((row) => (
              <Table.Tr key={row.ncpdpId} data-testid={`registry-row-${row.ncpdpId}`}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{row.ncpdpId}</Table.Td>
                <Table.Td>
                  {[row.address1, row.address2, row.city, `${row.state} ${row.zip}`]
                    .filter((part) => part.trim() !== '')
                    .join(', ')}
                </Table.Td>
                <Table.Td>
                  {row.onboardedAs ? (
                    <Anchor
                      component={Link}
                      to={link('/admin/pharmacies/:id', { id: row.onboardedAs })}
                    >
                      {t('backoffice.pharmacies.onboard.onboarded')}
                    </Anchor>
                  ) : (
                    <Button
                      size="xs"
                      loading={onboard.isPending && onboard.variables?.ncpdpId === row.ncpdpId}
                      onClick={() => onboard.mutate(row)}
                    >
                      {t('backoffice.pharmacies.onboard.button')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </SectionCard>
  );
}
