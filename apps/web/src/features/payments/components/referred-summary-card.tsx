import { link } from '@apothecall/domain/navigation/links';
import { Button, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { countText, useT } from '../../../lib/i18n';
import { failureMessage } from '../../../lib/payments/payment-format';
import { useReferredTransactions } from '../api/get-referred-transactions';

/** A pharmacy's or rx admin's Home: how many paid visits came with their referral codes. */
export function ReferredSummaryCard() {
  const t = useT();
  const list = useReferredTransactions();
  return (
    <SectionCard
      title={t('paymentScreens.referred.title')}
      description={t('paymentScreens.referred.body')}
    >
      {list.isPending ? <Loader role="status" size="sm" aria-label={t('shell.loading')} /> : null}
      {list.isError ? (
        <Text size="sm" c="red.9" role="alert">
          {t('payments.transactionsFailed', { message: failureMessage(t, list.error) })}
        </Text>
      ) : null}
      {list.data ? (
        <Text fw={600} data-testid="referred-count">
          {countText(t, list.data.length, {
            one: 'paymentScreens.referred.count.one',
            other: 'paymentScreens.referred.count.other',
          })}
        </Text>
      ) : null}
      <Button component={Link} to={link('/referred-transactions')} variant="light" w="fit-content">
        {t('paymentScreens.referred.open')}
      </Button>
    </SectionCard>
  );
}
