import { validatePaymentForm } from '@apothecall/domain/payments/cards.rules';
import { paymentErrorCodes } from '@apothecall/domain/payments/payments.api';
import type { RxVisitView } from '@apothecall/domain/rx/rx-visits.api';
import { Alert, Card, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { CardChoice, useCardChoice } from '../../../lib/payments/card-choice';
import { formatCents } from '../../../lib/payments/payment-format';
import { addCard } from '../../payments/api/add-card';
import {
  getPaymentProfiles,
  paymentProfilesQueryKey,
} from '../../payments/api/get-payment-profiles';
import { getRxPrice, rxPriceQueryKey } from '../api/get-rx-price';
import { submitRxPayment } from '../api/submit-rx-payment';
import { errorText, newIdempotencyKey } from './rx-format';
import { RxStepFrame } from './rx-step-frame';

/** Errors after which the same attempt may be sent again with the same key (it may have run). */
function attemptMayHaveRun(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.errorCode === 'IN_PROGRESS';
}

/**
 * Paying a visit (GET /rx/visits/:id/price, POST /submit-rx-payment): the amount, a saved card
 * or a new one (the card pieces of lib/payments and the payments feature, as Get Care's
 * payment step), then 'Pay'. The visit then waits for medical review.
 */
export function RxPaymentStep({
  index,
  total,
  visit,
  summary,
  onBack,
  onPaid,
}: {
  index: number;
  total: number;
  visit: RxVisitView;
  summary: readonly [string, string][];
  onBack?: (() => void) | undefined;
  onPaid: (visit: RxVisitView) => void;
}) {
  const t = useT();
  const lang = useLang();
  const queryClient = useQueryClient();
  const price = useQuery({
    queryKey: rxPriceQueryKey(visit.id),
    queryFn: () => getRxPrice(visit.id),
    staleTime: 0,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(newIdempotencyKey);

  const amount = price.data?.price ?? null;
  const free = amount === 0;

  const choice = useCardChoice(
    { queryKey: paymentProfilesQueryKey, load: getPaymentProfiles, add: addCard },
    { onAdded: () => setProblem(null) },
  );
  const { cardId, adding } = choice;

  const pay = useMutation({
    mutationFn: () => {
      if (!price.data) throw new Error('no price');
      return submitRxPayment({
        visitId: visit.id,
        priceToken: price.data.priceToken,
        payProfileID: free ? null : cardId,
        idempotencyKey: attempt,
      });
    },
    onSuccess: (paid) => onPaid(paid),
    onError: (error) => {
      if (!attemptMayHaveRun(error)) setAttempt(newIdempotencyKey());
      if (error instanceof ApiError && error.errorCode === paymentErrorCodes.priceTokenStale) {
        void price.refetch();
        setProblem(t('rxScreens.pay.priceChanged', { message: error.message }));
        return;
      }
      if (
        error instanceof ApiError &&
        (error.errorCode === paymentErrorCodes.declined ||
          error.errorCode === paymentErrorCodes.avs ||
          error.errorCode === paymentErrorCodes.invalid)
      ) {
        void queryClient.invalidateQueries({ queryKey: paymentProfilesQueryKey });
      }
      setProblem(t('rxScreens.pay.failed', { message: errorText(t, error) }));
    },
  });

  const submit = () => {
    setProblem(null);
    if (!price.data) return;
    if (!free && !validatePaymentForm(cardId).ok) {
      setProblem(t('validation.card.paymentFormRequired'));
      return;
    }
    pay.mutate();
  };

  const amountText = amount === null ? '' : formatCents(amount, lang);

  return (
    <RxStepFrame
      index={index}
      total={total}
      title={t('rxUi.pay.title')}
      testId="rx-step-payment"
      onBack={onBack}
      onContinue={submit}
      continueLabel={t('rxUi.pay.submit', { price: amountText })}
      continueLoading={pay.isPending}
      continueDisabled={!price.data || adding}
      // The card form is a form of its own, and forms cannot nest.
      asForm={false}
    >
      <Card withBorder radius="md" p="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} verticalSpacing={6}>
          {summary.map(([label, value]) => (
            <Stack key={label} gap={0}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text size="sm" fw={600}>
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Card>
      {price.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : price.isError ? (
        <Alert color="red" role="alert">
          {t('rxScreens.pay.loadFailed', { message: errorText(t, price.error) })}
        </Alert>
      ) : (
        <Text fw={700} size="lg" data-testid="rx-price">
          {t('rxUi.pay.amount', { price: amountText })}
        </Text>
      )}
      {free ? null : (
        <Stack gap="xs">
          <CardChoice
            choice={choice}
            label={t('rxScreens.pay.payWith')}
            required
            noCardsText={t('rxScreens.pay.noCards')}
            onChange={() => setProblem(null)}
          />
        </Stack>
      )}
      {problem ? (
        <Alert color="red" role="alert" data-testid="rx-pay-error">
          {problem}
        </Alert>
      ) : null}
    </RxStepFrame>
  );
}
