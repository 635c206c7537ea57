import { mayBackOffice } from '@apothecall/domain/backoffice/backoffice.rules';
import type { PharmacyDetail } from '@apothecall/domain/backoffice/pharmacies.api';
import { formatDateAndTime } from '@apothecall/domain/dates/time-format.rules';
import { link } from '@apothecall/domain/navigation/links';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { dangerButton } from '../../../components/danger-button';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { useSession } from '../../../lib/session-store';
import {
  useAdminPharmacy,
  useInvitePharmacyAdmin,
  useRefundPharmacyFee,
  useSetPharmacyVerified,
} from '../api';
import { LoadProblem } from '../components/load-problem';

/**
 * /admin/pharmacies/:id: a pharmacy's details, its address, phone and fax against the
 * NCPDP registry's field by field (same, differs, missing in the registry), its verification
 * history (who, when, why), its administrators, and its fee account (balance and the latest
 * movements). A role that may change the area (admin) also verifies or unverifies it with a
 * reason and invites its administrator; support reads.
 */
export function AdminPharmacyScreen() {
  const t = useT();
  const { id = '' } = useParams();
  const session = useSession();
  const mayWrite = mayBackOffice(session?.profile.role, 'pharmacies', 'write');
  const page = useAdminPharmacy(id);

  return (
    <Stack p="md" maw={1080} mx="auto" w="100%" data-screen="admin-pharmacy">
      <Anchor component={Link} to={link('/admin/pharmacies')} size="sm">
        {t('backoffice.pharmacies.detail.back')}
      </Anchor>
      {page.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : page.isError ? (
        <LoadProblem error={page.error} retry={() => void page.refetch()} />
      ) : (
        <PharmacyView pharmacy={page.data} mayWrite={mayWrite} />
      )}
    </Stack>
  );
}

/**
 * A pharmacy's page as a role sees it: `mayWrite` (back-office write access to 'pharmacies')
 * adds verify/unverify and the administrator's invite; without it (support) the page only reads.
 */
export function PharmacyView({
  pharmacy,
  mayWrite,
}: {
  pharmacy: PharmacyDetail;
  mayWrite: boolean;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <Group gap="sm">
        <Title order={1} size="h2">
          {pharmacy.name}
        </Title>
        <Badge
          color={pharmacy.verified ? 'green' : 'gray'}
          c={pharmacy.verified ? 'green.9' : 'gray.8'}
          variant="light"
          data-testid="pharmacy-status"
        >
          {pharmacy.verified
            ? t('backoffice.pharmacies.detail.verified')
            : t('backoffice.pharmacies.detail.unverified')}
        </Badge>
      </Group>
      <Text>
        {t('backoffice.pharmacies.col.ncpdp')}: {pharmacy.ncpdpId} ·{' '}
        {t('backoffice.pharmacies.detail.npi')}: {pharmacy.npi || '—'}
      </Text>
      <Comparison pharmacy={pharmacy} />
      {mayWrite ? <VerificationForm pharmacy={pharmacy} /> : null}
      <SectionCard title={t('backoffice.pharmacies.history.title')} testId="pharmacy-history">
        {pharmacy.history.length === 0 ? (
          <Text>{t('backoffice.pharmacies.history.empty')}</Text>
        ) : (
          <List>
            {pharmacy.history.map((e) => (
              <List.Item key={`${e.action}-${e.at}`}>
                {t('backoffice.pharmacies.history.line', {
                  action: t(`backoffice.pharmacies.history.${e.action}`),
                  by: e.by || '—',
                  at: formatDateAndTime(e.at, lang),
                  reason: e.reason || '—',
                })}
              </List.Item>
            ))}
          </List>
        )}
      </SectionCard>
      <Admins pharmacy={pharmacy} mayWrite={mayWrite} />
      <Fees pharmacy={pharmacy} mayWrite={mayWrite} />
    </>
  );
}

function Comparison({ pharmacy }: { pharmacy: PharmacyDetail }) {
  const t = useT();
  const color = { same: 'green', differs: 'red', missing: 'orange' } as const;
  return (
    <SectionCard title={t('backoffice.pharmacies.compare.title')} testId="pharmacy-comparison">
      {pharmacy.listed ? null : <Text c="red">{t('backoffice.pharmacies.detail.notListed')}</Text>}
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backoffice.pharmacies.compare.field')}</Table.Th>
            <Table.Th>{t('backoffice.pharmacies.compare.pharmacy')}</Table.Th>
            <Table.Th>{t('backoffice.pharmacies.compare.registry')}</Table.Th>
            <Table.Th>{t('backoffice.pharmacies.compare.result')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pharmacy.comparison.map((c) => (
            <Table.Tr key={c.field} data-testid={`comparison-${c.field}`}>
              <Table.Td>{t(`backoffice.pharmacies.compare.${c.field}`)}</Table.Td>
              <Table.Td>{c.pharmacy || '—'}</Table.Td>
              <Table.Td>{c.registry || '—'}</Table.Td>
              <Table.Td>
                <Badge color={color[c.result]} c={`${color[c.result]}.9`} variant="light">
                  {t(`backoffice.pharmacies.compare.${c.result}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SectionCard>
  );
}

/** Verify or unverify with a reason (admin). */
function VerificationForm({ pharmacy }: { pharmacy: PharmacyDetail }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const action = pharmacy.verified ? 'unverify' : 'verify';
  const change = useSetPharmacyVerified({
    onSuccess: (updated) => {
      setReason('');
      notifications.show({
        color: 'green',
        message: t(
          updated.verified
            ? 'backoffice.pharmacies.verify.done'
            : 'backoffice.pharmacies.unverify.done',
        ),
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ id: pharmacy.id, action, reason });
  };
  return (
    <SectionCard title={t('backoffice.pharmacies.detail.status')} testId="pharmacy-verification">
      <form onSubmit={submit}>
        <Group align="flex-end">
          <TextInput
            label={t('backoffice.pharmacies.verify.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="verification-reason"
            w={420}
          />
          <Button
            type="submit"
            {...(action === 'verify' ? { color: 'green' } : dangerButton)}
            loading={change.isPending}
          >
            {t(
              action === 'verify'
                ? 'backoffice.pharmacies.verify.button'
                : 'backoffice.pharmacies.unverify.button',
            )}
          </Button>
        </Group>
      </form>
      {change.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, change.error)}
        </Alert>
      ) : null}
    </SectionCard>
  );
}

function Admins({ pharmacy, mayWrite }: { pharmacy: PharmacyDetail; mayWrite: boolean }) {
  const t = useT();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const invite = useInvitePharmacyAdmin({
    onSuccess: () => {
      notifications.show({
        color: 'green',
        message: t('backoffice.pharmacies.admins.invited', { email }),
      });
      setName('');
      setEmail('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ id: pharmacy.id, input: { name, email } });
  };
  return (
    <SectionCard title={t('backoffice.pharmacies.admins.title')} testId="pharmacy-admins">
      {pharmacy.admins.length === 0 ? (
        <Text>{t('backoffice.pharmacies.admins.empty')}</Text>
      ) : (
        <List>
          {pharmacy.admins.map((a) => (
            <List.Item key={a.email}>
              {a.name} ({a.email})
            </List.Item>
          ))}
        </List>
      )}
      {mayWrite ? (
        <form onSubmit={submit}>
          <Group align="flex-end">
            <TextInput
              label={t('backoffice.pharmacies.admins.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              data-testid="admin-invite-name"
            />
            <TextInput
              label={t('backoffice.pharmacies.admins.email')}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              data-testid="admin-invite-email"
            />
            <Button type="submit" loading={invite.isPending}>
              {t('backoffice.pharmacies.admins.invite')}
            </Button>
          </Group>
          {invite.isError ? (
            <Alert color="red" role="alert" mt="sm">
              {errorText(t, invite.error)}
            </Alert>
          ) : null}
        </form>
      ) : null}
    </SectionCard>
  );
}

function Fees({ pharmacy, mayWrite }: { pharmacy: PharmacyDetail; mayWrite: boolean }) {
  const t = useT();
  const lang = useLang();
  const [reason, setReason] = useState('');
  const refund = useRefundPharmacyFee({
    onSuccess: () => {
      setReason('');
      notifications.show({ color: 'green', message: t('backoffice.pharmacies.fees.refunded') });
    },
  });
  const { fees } = pharmacy;
  const mayRefund = mayWrite && fees.entries.some((e) => e.kind === 'claimFee');
  return (
    <SectionCard title={t('backoffice.pharmacies.fees.title')} testId="pharmacy-fees">
      <Text>
        {t('backoffice.pharmacies.fees.balance', {
          balance: formatCents(fees.balance, lang),
          fee: formatCents(fees.claimFee, lang),
        })}
      </Text>
      {mayRefund ? (
        <TextInput
          label={t('backoffice.pharmacies.fees.refundReason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          w={420}
        />
      ) : null}
      {refund.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, refund.error)}
        </Alert>
      ) : null}
      {fees.entries.length === 0 ? (
        <Text>{t('backoffice.pharmacies.fees.empty')}</Text>
      ) : (
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('backoffice.pharmacies.fees.col.when')}</Table.Th>
              <Table.Th>{t('backoffice.pharmacies.fees.col.what')}</Table.Th>
              <Table.Th>{t('backoffice.pharmacies.fees.col.amount')}</Table.Th>
              <Table.Th>{t('backoffice.pharmacies.fees.col.after')}</Table.Th>
              {mayRefund ? <Table.Th /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fees.entries.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{formatDateAndTime(e.at, lang)}</Table.Td>
                <Table.Td>{t(`backoffice.pharmacies.fees.kind.${e.kind}`)}</Table.Td>
                <Table.Td>{formatCents(e.amount, lang)}</Table.Td>
                <Table.Td>{formatCents(e.balanceAfter, lang)}</Table.Td>
                {mayRefund ? (
                  <Table.Td>
                    {e.kind === 'claimFee' ? (
                      <Button
                        size="xs"
                        variant="light"
                        loading={refund.isPending && refund.variables?.entryId === e.id}
                        onClick={() => refund.mutate({ id: pharmacy.id, entryId: e.id, reason })}
                      >
                        {t('backoffice.pharmacies.fees.refund')}
                      </Button>
                    ) : null}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </SectionCard>
  );
}
