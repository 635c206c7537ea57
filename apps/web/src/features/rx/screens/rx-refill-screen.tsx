import { link } from '@apothecall/domain/navigation/links';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLang, useT } from '../../../lib/i18n';
import { useRxVisits } from '../api/get-rx-visits';
import { useRequestRxRefill } from '../api/request-rx-refill';
import { errorText, formatDate, newIdempotencyKey, productName } from '../components/rx-format';

/** /rxrefill: the account's written prescriptions, each with 'Request a refill'. */
export function RxRefillScreen() {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const visits = useRxVisits();
  const [attempt] = useState(newIdempotencyKey);
  const refill = useRequestRxRefill({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('rxScreens.visits.refillRequested') });
      navigate(link('/rxvisitsUnpaid'));
    },
  });
  const written = (visits.data?.visits ?? []).filter((v) => v.status === 'rxed');

  return (
    <Stack p="md" maw={720} mx="auto" w="100%" data-screen="rxrefill">
      <Title order={1} size="h2">
        {t('rxScreens.refill.title')}
      </Title>
      <Text c="dimmed">{t('rxScreens.refill.lead')}</Text>
      {refill.isError ? (
        <Alert color="red" role="alert">
          {t('rxScreens.visits.actionFailed', { message: errorText(t, refill.error) })}
        </Alert>
      ) : null}
      {visits.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : visits.isError ? (
        <Alert color="red" role="alert">
          {t('rxScreens.visits.loadFailed', { message: errorText(t, visits.error) })}
        </Alert>
      ) : written.length === 0 ? (
        <Text>{t('rxScreens.refill.empty')}</Text>
      ) : (
        <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {written.map((visit) => (
            <Card
              component="li"
              key={visit.id}
              withBorder
              radius="md"
              p="md"
              aria-labelledby={`refill-${visit.id}`}
            >
              <Group justify="space-between" gap="xs">
                <Stack gap={2}>
                  <Title order={2} size="h4" id={`refill-${visit.id}`}>
                    {productName(t, visit.productId)}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('rxUi.visits.for', { name: visit.patientName })} ·{' '}
                    {formatDate(visit.createdAt, lang)}
                  </Text>
                  {visit.prescriptions.map((p) => (
                    <Text key={p.id} size="sm">
                      {p.medication} {p.strength} ×{p.quantity}
                    </Text>
                  ))}
                </Stack>
                <Button
                  loading={refill.isPending && refill.variables?.visitId === visit.id}
                  disabled={refill.isPending}
                  onClick={() =>
                    refill.mutate({ visitId: visit.id, idempotencyKey: `${attempt}-${visit.id}` })
                  }
                >
                  {t('rxUi.visits.refill')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
