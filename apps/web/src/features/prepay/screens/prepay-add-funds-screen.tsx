import { link } from '@apothecall/domain/navigation/links';
import type { PrepayProgramView } from '@apothecall/domain/prepay/prepay.api';
import { Alert, Anchor, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Form } from '../../../components/form';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useAddPrepayFunds } from '../api/add-prepay-funds';
import { balanceText, visitsText, wholeNumber } from '../components/prepay-format';
import { visitsRangeError, visitsWithin } from '../components/purchase-form';
import { VisitsCheckout } from '../components/visits-checkout';
import { useRouteProgram } from '../hooks/use-route-program';
import { useVisitsCharge } from '../hooks/use-visits-charge';

function AddFundsForm({ program }: { program: PrepayProgramView }) {
  const t = useT();
  const navigate = useNavigate();
  const charge = useVisitsCharge(program.id);
  const { pricing, setProblem } = charge;
  const [visitsValue, setVisitsValue] = useState<string | number>('');
  const [visitsError, setVisitsError] = useState<string | null>(null);
  const visits = wholeNumber(visitsValue, Number.NaN);
  const bounds = pricing.data ?? null;
  const range = visitsRangeError(bounds);

  const add = useAddPrepayFunds({
    onSuccess: (updated) => {
      notifications.show({
        color: 'green',
        message: t('prepayUi.addFunds.done', {
          visits: visitsText(t, visits),
          name: updated.name,
        }),
      });
      navigate(link('/prepay-edit/:id', { id: updated.id }));
    },
    onError: (error) => charge.chargeFailed(error, 'prepayUi.addFunds.failed'),
  });

  const submit = () => {
    setProblem(null);
    if (!visitsWithin(visits, bounds)) {
      setVisitsError(t(range.key, range.params));
      setProblem(t('prepayUi.form.fix'));
      return;
    }
    setVisitsError(null);
    if (charge.cardChosen()) {
      add.mutate({
        programId: program.id,
        visits,
        payProfileID: charge.choice.cardId,
        idempotencyKey: charge.attempt,
      });
    }
  };

  return (
    <>
      <SectionCard title={program.name} testId="prepay-add-funds-form">
        <Text size="sm" data-testid="prepay-add-funds-balance">
          {balanceText(t, program.balance)}
        </Text>
        <Form onSubmit={submit}>
          <NumberInput
            label={t('prepayUi.addFunds.visits')}
            description={t('prepayUi.purchase.visitsHint', {
              min: range.params?.min ?? 1,
              max: range.params?.max ?? 1,
            })}
            value={visitsValue}
            onChange={(value) => {
              setVisitsValue(value);
              setVisitsError(null);
            }}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            withAsterisk
            error={visitsError}
            data-testid="prepay-add-funds-visits"
          />
        </Form>
      </SectionCard>
      <VisitsCheckout
        visits={visits}
        charge={charge}
        pending={add.isPending}
        onSubmit={submit}
        submitLabel={(total) =>
          total === null
            ? t('prepayUi.addFunds.submitNoTotal')
            : t('prepayUi.addFunds.submit', { total })
        }
        testId="prepay-add-funds"
      />
    </>
  );
}

/**
 * /prepay-addFunds/{id}: more visits for a program its holder manages: the visits,
 * the price of one (GET /prepay-pricing/{id}), the total and a card; then back to the
 * program's page with a toast.
 */
export function PrepayAddFundsScreen() {
  const t = useT();
  const { id, program } = useRouteProgram();
  return (
    <Stack p="md" maw={720} mx="auto" w="100%" data-screen="prepay-add-funds">
      <Anchor component={Link} to={link('/prepay-edit/:id', { id })} size="sm">
        {t('prepayUi.backToProgram')}
      </Anchor>
      <Title order={1} size="h2">
        {t('prepayUi.addFunds.title')}
      </Title>
      {program.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : program.isError ? (
        <Alert color="red" role="alert">
          {t('prepayUi.loadFailed', { message: errorText(t, program.error) })}
        </Alert>
      ) : !program.data.owner ? (
        <Alert color="yellow" role="status" data-testid="prepay-add-funds-owner-only">
          {t('prepayUi.addFunds.ownerOnly')}
        </Alert>
      ) : (
        <>
          <Text c="dimmed">{t('prepayUi.addFunds.lead', { name: program.data.name })}</Text>
          <AddFundsForm program={program.data} />
        </>
      )}
    </Stack>
  );
}
