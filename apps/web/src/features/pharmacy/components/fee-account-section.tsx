import { pharmacyFundsRange } from '@apothecall/domain/pharmacy/fee-account.rules';
import type { PharmacyStatement } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { Alert, Button, Group, Loader, NumberInput, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { useAddPharmacyFunds, usePharmacyStatement } from '../api/pharmacy-fees';
import { shortVisitId } from './pharmacy-dashboard';
import { formatDay } from './pharmacy-format';

/**
 * The pharmacy's fee account: the balance claim fees come from, "Add
 * funds" by the admin's card on file (one idempotency key per attempt), and the statement.
 */
export function FeeAccountSection() {
  const t = useT();
  const lang = useLang();
  const statement = usePharmacyStatement();
  const [amount, setAmount] = useState<number>(pharmacyFundsRange.minDollars * 2);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const add = useAddPharmacyFunds({
    onSuccess: (next) => {
      setKey(crypto.randomUUID());
      notifications.show({
        color: 'green',
        message: t('pharmacyScreens.fees.added', { balance: formatCents(next.balance, lang) }),
      });
    },
  });
  const inRange =
    Number.isInteger(amount) &&
    amount >= pharmacyFundsRange.minDollars &&
    amount <= pharmacyFundsRange.maxDollars;
  const data = statement.data;
  return (
    <SectionCard
      title={t('pharmacyScreens.fees.title')}
      description={t('pharmacyScreens.fees.lead')}
      testId="pharmacy-fee-account"
    >
      {statement.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : statement.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, statement.error)}
        </Alert>
      ) : data ? (
        <Stack gap="sm">
          <Text fw={600} data-testid="pharmacy-fee-balance">
            {t('pharmacyScreens.claim.balance', { balance: formatCents(data.balance, lang) })}
          </Text>
          {data.balance < data.lowBalanceAt ? (
            <Alert color="yellow" role="status">
              {t('pharmacyScreens.fees.low', { fee: formatCents(data.claimFee, lang) })}
            </Alert>
          ) : null}
          <Group align="flex-end">
            <NumberInput
              label={t('pharmacyScreens.fees.amount')}
              description={t('pharmacyScreens.fees.range', {
                min: formatCents(pharmacyFundsRange.minDollars * 100, lang),
                max: formatCents(pharmacyFundsRange.maxDollars * 100, lang),
              })}
              min={pharmacyFundsRange.minDollars}
              max={pharmacyFundsRange.maxDollars}
              allowDecimal={false}
              prefix="$"
              value={amount}
              onChange={(v) => setAmount(typeof v === 'number' ? v : Number(v))}
              error={
                inRange
                  ? undefined
                  : t('pharmacyScreens.fees.range', {
                      min: formatCents(pharmacyFundsRange.minDollars * 100, lang),
                      max: formatCents(pharmacyFundsRange.maxDollars * 100, lang),
                    })
              }
            />
            <Button
              onClick={() => add.mutate({ amount, payProfileID: null, idempotencyKey: key })}
              loading={add.isPending}
              disabled={!inRange}
              data-testid="pharmacy-add-funds"
            >
              {t('pharmacyScreens.fees.add')}
            </Button>
          </Group>
          {add.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, add.error)}
            </Alert>
          ) : null}
          <FeeStatement entries={data.entries} />
        </Stack>
      ) : null}
    </SectionCard>
  );
}

/** The statement: each movement's day, what it was (and its visit), amount and balance after. */
function FeeStatement({ entries }: { entries: PharmacyStatement['entries'] }) {
  const t = useT();
  const lang = useLang();
  return entries.length === 0 ? (
    <Text c="dimmed">{t('pharmacyScreens.fees.empty')}</Text>
  ) : (
    // The visit as the dashboard shows it (its first 8 characters, which its search
    // finds); at phone width the table scrolls inside the card instead of touching its edge,
    // in a named region that takes the keyboard's focus, so it can be scrolled without a
    // pointer (axe: scrollable-region-focusable).
    <ScrollRegion label={t('pharmacyScreens.fees.title')} minWidth={420}>
      <Table data-testid="pharmacy-fee-statement">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('pharmacyScreens.fees.date')}</Table.Th>
            <Table.Th>{t('pharmacyScreens.fees.what')}</Table.Th>
            <Table.Th>{t('pharmacyScreens.fees.amountCol')}</Table.Th>
            <Table.Th>{t('pharmacyScreens.fees.balanceAfter')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{formatDay(e.at, lang)}</Table.Td>
              <Table.Td>
                {t(`pharmacyScreens.fees.kind.${e.kind}`)}
                {e.visitId
                  ? ` · ${t('pharmacyScreens.fees.visit', { id: shortVisitId(e.visitId) })}`
                  : ''}
              </Table.Td>
              <Table.Td>{formatCents(e.amount, lang)}</Table.Td>
              <Table.Td>{formatCents(e.balanceAfter, lang)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
