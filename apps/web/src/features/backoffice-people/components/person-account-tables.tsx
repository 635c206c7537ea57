import type { AccountPage } from '@apothecall/domain/backoffice/people.api';
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card';
import { StatusChip } from '../../../components/status-chip';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents, formatDateTime } from '../../../lib/payments/payment-format';

function Rows({ empty, children }: { empty: boolean; children: ReactNode }) {
  const t = useT();
  return empty ? <Text size="sm">{t('peopleUi.account.none')}</Text> : children;
}

/** The family on the account. */
export function FamilyCard({ page: data }: { page: AccountPage }) {
  const t = useT();
  return (
    <SectionCard title={t('peopleUi.account.family')}>
      <Rows empty={data.family.length === 0}>
        <Table data-testid="person-family">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('peopleUi.col.name')}</Table.Th>
              <Table.Th>{t('peopleUi.account.relation')}</Table.Th>
              <Table.Th>{t('peopleUi.col.dob')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.family.map((p) => (
              <Table.Tr key={p.personId}>
                <Table.Td>{`${p.firstName} ${p.lastName}`}</Table.Td>
                <Table.Td>{p.relation}</Table.Td>
                <Table.Td>{p.dob}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Rows>
    </SectionCard>
  );
}

/** The sessions (never a token), a live one marked. */
export function SessionsCard({ page: data }: { page: AccountPage }) {
  const t = useT();
  const lang = useLang();
  return (
    <SectionCard title={t('peopleUi.account.sessions')}>
      <Rows empty={data.sessions.length === 0}>
        <Table data-testid="person-sessions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('peopleUi.account.sessionStarted')}</Table.Th>
              <Table.Th>{t('peopleUi.account.sessionLastActive')}</Table.Th>
              <Table.Th>{t('peopleUi.account.platform')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.sessions.map((s) => (
              <Table.Tr key={`${s.startedAt}-${s.platform}`}>
                <Table.Td>{formatDateTime(s.startedAt, lang)}</Table.Td>
                <Table.Td>{formatDateTime(s.lastActiveAt, lang)}</Table.Td>
                <Table.Td>
                  {`${s.platform} ${s.version}`}{' '}
                  {s.live ? (
                    <StatusChip label={t('peopleUi.status.active')} colour="#2f9e44" />
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Rows>
    </SectionCard>
  );
}

/** The visits, by short reference. */
export function VisitsCard({ page: data }: { page: AccountPage }) {
  const t = useT();
  const lang = useLang();
  return (
    <SectionCard title={t('peopleUi.account.visits')}>
      <Rows empty={data.visits.length === 0}>
        <Table data-testid="person-visits">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('peopleUi.account.ref')}</Table.Th>
              <Table.Th>{t('peopleUi.account.kind')}</Table.Th>
              <Table.Th>{t('peopleUi.account.visitStatus')}</Table.Th>
              <Table.Th>{t('peopleUi.account.date')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.visits.map((v) => (
              <Table.Tr key={`${v.ref}-${v.createdAt}`}>
                <Table.Td>{v.ref}</Table.Td>
                <Table.Td>{v.kind}</Table.Td>
                <Table.Td>{v.outcome ? `${v.status} (${v.outcome})` : v.status}</Table.Td>
                <Table.Td>{formatDateTime(v.createdAt, lang)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Rows>
    </SectionCard>
  );
}

/** The payments (card brand and last four). */
export function PaymentsCard({ page: data }: { page: AccountPage }) {
  const t = useT();
  const lang = useLang();
  return (
    <SectionCard title={t('peopleUi.account.payments')}>
      <Rows empty={data.payments.length === 0}>
        <Table data-testid="person-payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('peopleUi.account.date')}</Table.Th>
              <Table.Th>{t('peopleUi.account.kind')}</Table.Th>
              <Table.Th>{t('peopleUi.account.amount')}</Table.Th>
              <Table.Th>{t('peopleUi.account.card')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.payments.map((p) => (
              <Table.Tr key={`${p.at}-${p.kind}-${p.amountCents}`}>
                <Table.Td>{formatDateTime(p.at, lang)}</Table.Td>
                <Table.Td>{p.kind}</Table.Td>
                <Table.Td>{formatCents(p.amountCents, lang)}</Table.Td>
                <Table.Td>{`${p.cardBrand} ···· ${p.cardLast4}`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Rows>
    </SectionCard>
  );
}

/** The push devices (never a token). */
export function DevicesCard({ page: data }: { page: AccountPage }) {
  const t = useT();
  const lang = useLang();
  return (
    <SectionCard title={t('peopleUi.account.devices')}>
      <Rows empty={data.devices.length === 0}>
        <Table data-testid="person-devices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('peopleUi.account.platform')}</Table.Th>
              <Table.Th>{t('peopleUi.account.added')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.devices.map((d) => (
              <Table.Tr key={`${d.platform}-${d.addedAt}`}>
                <Table.Td>{d.platform}</Table.Td>
                <Table.Td>{formatDateTime(d.addedAt, lang)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Rows>
    </SectionCard>
  );
}

/** The consents accepted. */
export function ConsentsCard({ page: data }: { page: AccountPage }) {
  const t = useT();
  const lang = useLang();
  return (
    <SectionCard title={t('peopleUi.account.consents')}>
      <Rows empty={data.consents.length === 0}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('peopleUi.account.document')}</Table.Th>
              <Table.Th>{t('peopleUi.account.version')}</Table.Th>
              <Table.Th>{t('peopleUi.account.acceptedAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.consents.map((c) => (
              <Table.Tr key={`${c.document}-${c.version}-${c.acceptedAt}`}>
                <Table.Td>{c.document}</Table.Td>
                <Table.Td>{c.version}</Table.Td>
                <Table.Td>{formatDateTime(c.acceptedAt, lang)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Rows>
    </SectionCard>
  );
}
