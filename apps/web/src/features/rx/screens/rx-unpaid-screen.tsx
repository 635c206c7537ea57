import { link } from '@apothecall/domain/navigation/links';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { useRefreshRxVisits } from '../api/get-rx-visits';
import { useUnpaidRxVisits } from '../api/get-unpaid-rx-visits';
import { errorText, productName, stateLabel } from '../components/rx-format';
import { RxPaymentStep } from '../components/rx-payment-step';
import { RxStatusBadge } from '../components/rx-status-badge';

/**
 * /rxvisitsUnpaid: visits waiting for payment (a refill, a flow left before paying); 'Pay now'
 * opens the payment for one of them.
 */
export function RxUnpaidScreen() {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const refreshVisits = useRefreshRxVisits();
  const [params, setParams] = useSearchParams();
  const paying = params.get('visit');
  const unpaid = useUnpaidRxVisits();
  const list = unpaid.data?.visits ?? [];
  const chosen = paying ? list.find((v) => v.id === paying) : undefined;

  return (
    <Stack p="md" maw={720} mx="auto" w="100%" data-screen="rxvisits-unpaid">
      <Title order={1} size="h2">
        {t('rxUi.visits.unpaid')}
      </Title>
      {unpaid.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : unpaid.isError ? (
        <Alert color="red" role="alert">
          {t('rxScreens.visits.loadFailed', { message: errorText(t, unpaid.error) })}
        </Alert>
      ) : chosen ? (
        <RxPaymentStep
          index={0}
          total={1}
          visit={chosen}
          summary={[
            [t('rxScreens.pay.summaryPatient'), chosen.patientName],
            [t('rxScreens.pay.summaryProduct'), productName(t, chosen.productId)],
            [t('rxScreens.pay.summaryState'), stateLabel(t, chosen.state)],
          ]}
          onBack={() => setParams({})}
          onPaid={() => {
            refreshVisits();
            navigate(link('/rxvisits'));
          }}
        />
      ) : list.length === 0 ? (
        <Text c="dimmed">{t('rxScreens.unpaid.empty')}</Text>
      ) : (
        <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((visit) => (
            <Card
              component="li"
              key={visit.id}
              withBorder
              radius="md"
              p="md"
              aria-labelledby={`unpaid-${visit.id}`}
            >
              <Group justify="space-between" gap="xs">
                <Stack gap={2}>
                  <Title order={2} size="h4" id={`unpaid-${visit.id}`}>
                    {productName(t, visit.productId)}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('rxUi.visits.for', { name: visit.patientName })} ·{' '}
                    {formatCents(visit.cost, lang)}
                  </Text>
                  <RxStatusBadge status={visit.status} />
                </Stack>
                <Button onClick={() => setParams({ visit: visit.id })}>
                  {t('rxUi.visits.pay')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
