import { Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useLang, useT } from '../../../lib/i18n';
import { failureMessage, formatCents, formatDateTime } from '../../../lib/payments/payment-format';
import { useReferredTransactions } from '../api/get-referred-transactions';

/**
 * Referred transactions (spec section 2): visits paid by people who joined with the user's
 * referral code. Date, code and amount only — never who they are.
 */
export function ReferredTransactionsScreen() {
  const t = useT();
  const lang = useLang();
  const list = useReferredTransactions();
  return (
    <Stack p="md" maw={720} mx="auto" w="100%">
      <Title order={1} size="h2">
        {t('paymentScreens.referred.title')}
      </Title>
      <Text c="dimmed">{t('paymentScreens.referred.body')}</Text>
      {list.isPending ? (
        <Loader role="status" aria-label={t('shell.loading')} />
      ) : list.error ? (
        <Text c="red" role="alert">
          {t('payments.transactionsFailed', { message: failureMessage(t, list.error) })}
        </Text>
      ) : list.data.length === 0 ? (
        <Card withBorder radius="md" p="md">
          <Text>{t('paymentScreens.referred.empty')}</Text>
        </Card>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.data.map((entry) => (
            <Card
              key={entry.id}
              withBorder
              radius="md"
              p="md"
              component="li"
              data-testid="referred-transaction"
            >
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Text fw={600}>{t('paymentScreens.referred.code', { code: entry.code })}</Text>
                  <Text size="sm" c="dimmed">
                    <time dateTime={entry.date}>{formatDateTime(entry.date, lang)}</time>
                  </Text>
                </Stack>
                <Text fw={700}>{formatCents(entry.amount, lang)}</Text>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
