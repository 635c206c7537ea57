import { link } from '@apothecall/domain/navigation/links';
import type { TransactionEntry } from '@apothecall/domain/payments/payments.api';
import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useLang, useT } from '../../../lib/i18n';
import {
  failureMessage,
  formatCents,
  formatDateTime,
  maskedCard,
  statusLabel,
} from '../../../lib/payments/payment-format';
import { useTransactions } from '../api/get-transactions';

function TransactionItem({ entry }: { entry: TransactionEntry }) {
  const t = useT();
  const lang = useLang();
  const date = formatDateTime(entry.date, lang);
  const refund = entry.kind === 'refund';
  return (
    <Card withBorder radius="md" p="md" component="li" data-testid="transaction">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {entry.description}
            </Text>
            <Text size="sm" c="dimmed">
              <time dateTime={entry.date}>{date}</time>
            </Text>
          </Stack>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {refund ? '−' : ''}
            {formatCents(entry.amount, lang)}
          </Text>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color={refund ? 'gray' : 'brand'}>
            {t(`paymentScreens.kind.${entry.kind}`)}
          </Badge>
          <Badge variant="outline" color="gray">
            {statusLabel(t, entry.transactionStatus)}
          </Badge>
          <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
            {maskedCard(t, entry.card)}
          </Text>
        </Group>
        {entry.creditCents > 0 ? (
          <Text size="sm">
            {t('paymentScreens.transactions.credit', {
              amount: formatCents(entry.creditCents, lang),
            })}
          </Text>
        ) : null}
        <Button
          component={Link}
          to={link('/transactions/receipt')}
          state={{ id: entry.id }}
          variant="light"
          size="xs"
          w="fit-content"
          aria-label={t('paymentScreens.transactions.receiptLabel', {
            description: entry.description,
            date,
          })}
        >
          {t('paymentScreens.transactions.viewReceipt')}
        </Button>
      </Stack>
    </Card>
  );
}

/** Transactions (spec sections 2, 3 and 8): the account's payments, each with its receipt. */
export function TransactionsScreen() {
  const t = useT();
  // A payment made elsewhere in the app must show at once: always refetch on opening.
  const transactions = useTransactions({ staleTime: 0 });
  const error = transactions.error;

  useEffect(() => {
    if (!error) return;
    notifications.show({
      id: 'transactions-failed',
      color: 'red',
      message: t('payments.transactionsFailed', { message: failureMessage(t, error) }),
    });
  }, [error, t]);

  return (
    <Stack p="md" maw={720} mx="auto" w="100%" data-screen="transactions">
      <Title order={1} size="h2">
        {t('paymentScreens.transactions.title')}
      </Title>
      <Text c="dimmed">{t('paymentScreens.transactions.subtitle')}</Text>
      <Group gap="xs">
        <Button component={Link} to={link('/payments')} variant="light" size="xs">
          {t('paymentScreens.nav.cards')}
        </Button>
        <Button component={Link} to={link('/coupon')} variant="light" size="xs">
          {t('paymentScreens.nav.coupon')}
        </Button>
      </Group>
      {transactions.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : null}
      {transactions.isSuccess && transactions.data.length === 0 ? (
        <Text>{t('paymentScreens.transactions.empty')}</Text>
      ) : null}
      {transactions.isSuccess && transactions.data.length > 0 ? (
        <Stack
          component="ul"
          gap="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('paymentScreens.transactions.title')}
        >
          {transactions.data.map((entry) => (
            <TransactionItem key={entry.id} entry={entry} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
