import { validatePaymentForm } from '@apothecall/domain/payments/cards.rules';
import { paymentErrorCodes } from '@apothecall/domain/payments/payments.api';
import type { RxVisitView } from '@apothecall/domain/rx/rx-visits.api';
import { Alert, Card, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { isMessageKey, useLang, useT } from '../../../lib/i18n';
import { CardChoice, useCardChoice } from '../../../lib/payments/card-choice';
import { formatCents } from '../../../lib/payments/payment-format';
import {
  clearHeldPrepayCode,
  clearHeldPrepayCodeIf,
  holdPrepayCode,
} from '../../../lib/prepay-code-store';
import { checkTypedCode, useHeldPrepay } from '../../../lib/prepay-offer';
import { addCard } from '../../payments/api/add-card';
import {
  getPaymentProfiles,
  paymentProfilesQueryKey,
} from '../../payments/api/get-payment-profiles';
import { getRxPrepayPrice, rxPrepayPriceQueryKey } from '../api/get-rx-prepay-price';
import { getRxPrice, rxPriceQueryKey } from '../api/get-rx-price';
import { submitRxPayment } from '../api/submit-rx-payment';
import { errorText, newIdempotencyKey } from './rx-format';
import { RxPrepayBox } from './rx-prepay-box';
import { RxStepFrame } from './rx-step-frame';

/** Errors after which the same attempt may be sent again with the same key (it may have run). */
function attemptMayHaveRun(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.errorCode === 'IN_PROGRESS';
}

/** The server refused the prepay code for this visit (its errorMsg says why). */
function refusesPrepay(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.errorCode.startsWith('PREPAY_') || error.errorCode === 'NOT_FOUND')
  );
}

/**
 * Paying a visit (GET /rx/visits/:id/price, POST /submit-rx-payment): the amount, a saved card
 * or a new one (the card pieces of lib/payments and the payments feature, as Get Care's
 * payment step), then 'Pay'. The visit then waits for medical review.
 *
 * An access token or program code (issue 16; the held one is applied at once) prices the visit
 * 0 (POST /rx/visits/:id/prepay-price): the program that pays is shown, no card is asked for,
 * and 'Confirm visit' pays it from the program (prepayCode), after which the code is spent and
 * forgotten. A refusal is said under the field and the card payment stays; removing the code
 * returns to it.
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

  // The access token: the held one applied at once, or one typed and applied here.
  const held = useHeldPrepay();
  const [codeInput, setCodeInput] = useState(held?.code ?? '');
  const [appliedCode, setAppliedCode] = useState<string | null>(held?.code ?? null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const prepayPrice = useQuery({
    queryKey: rxPrepayPriceQueryKey(visit.id, appliedCode ?? ''),
    queryFn: () => getRxPrepayPrice(visit.id, appliedCode ?? ''),
    enabled: appliedCode !== null,
    retry: false,
    staleTime: 60_000,
  });
  const prepay = appliedCode !== null && prepayPrice.data ? prepayPrice.data : null;
  const prepayChecking = appliedCode !== null && prepayPrice.isPending;
  const prepayError =
    codeError ??
    (appliedCode !== null && prepayPrice.isError ? errorText(t, prepayPrice.error) : null);
  useEffect(() => {
    // A code that priced the visit is the one held (its offer kept for the other steps).
    if (appliedCode && prepayPrice.data) holdPrepayCode(appliedCode, prepayPrice.data.offer);
  }, [appliedCode, prepayPrice.data]);
  const heldCode = held?.code ?? null;
  useEffect(() => {
    // The code was removed elsewhere (the banner over the flow): back to the card payment.
    if (heldCode === null) {
      setAppliedCode(null);
      setCodeInput('');
    }
  }, [heldCode]);

  const applyCode = () => {
    setProblem(null);
    const checked = checkTypedCode(codeInput, isMessageKey);
    if (!checked.ok) {
      setCodeError(t(checked.key));
      return;
    }
    setCodeError(null);
    setCodeInput(checked.code);
    if (checked.code === appliedCode) void prepayPrice.refetch();
    else setAppliedCode(checked.code);
  };
  const removeCode = () => {
    setProblem(null);
    setCodeError(null);
    setCodeInput('');
    setAppliedCode(null);
    clearHeldPrepayCode();
  };

  const amount = prepay ? prepay.price : (price.data?.price ?? null);
  const free = amount === 0;

  const choice = useCardChoice(
    { queryKey: paymentProfilesQueryKey, load: getPaymentProfiles, add: addCard },
    { onAdded: () => setProblem(null) },
  );
  const { cardId, adding } = choice;

  const pay = useMutation({
    /** `prepayCode`: the applied code pays the visit (no price token, no card). */
    mutationFn: (prepayCode: string | null) => {
      if (prepayCode) {
        return submitRxPayment({
          visitId: visit.id,
          priceToken: '',
          payProfileID: null,
          idempotencyKey: attempt,
          prepayCode,
        });
      }
      if (!price.data) throw new Error('no price');
      return submitRxPayment({
        visitId: visit.id,
        priceToken: price.data.priceToken,
        payProfileID: free ? null : cardId,
        idempotencyKey: attempt,
      });
    },
    onSuccess: (paid, prepayCode) => {
      // The code paid this visit: it is spent, so the tab forgets it.
      if (prepayCode) clearHeldPrepayCodeIf(prepayCode);
      onPaid(paid);
    },
    onError: (error, prepayCode) => {
      if (!attemptMayHaveRun(error)) setAttempt(newIdempotencyKey());
      if (prepayCode && refusesPrepay(error)) {
        // The program no longer pays (used meanwhile, a limit): said under the field, the
        // visit's price by this code forgotten, and the card payment offered again.
        queryClient.removeQueries({ queryKey: rxPrepayPriceQueryKey(visit.id, prepayCode) });
        setAppliedCode(null);
        setCodeError(error.message);
        return;
      }
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
    if (prepay && appliedCode) {
      pay.mutate(appliedCode);
      return;
    }
    if (!price.data) return;
    if (!free && !validatePaymentForm(cardId).ok) {
      setProblem(t('validation.card.paymentFormRequired'));
      return;
    }
    pay.mutate(null);
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
      continueLabel={
        prepay ? t('prepayRedeem.pay.confirm') : t('rxUi.pay.submit', { price: amountText })
      }
      continueLoading={pay.isPending}
      continueDisabled={(!price.data && !prepay) || adding || prepayChecking}
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
      {prepay ? (
        <Text fw={700} size="lg" data-testid="rx-price" data-price-type="prepay">
          {t('rxUi.pay.amount', { price: amountText })}
        </Text>
      ) : price.isPending ? (
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
      <RxPrepayBox
        value={codeInput}
        onChange={(next) => {
          setCodeInput(next);
          setCodeError(null);
        }}
        onApply={applyCode}
        onRemove={removeCode}
        checking={prepayChecking}
        error={prepayError}
        applied={prepay && appliedCode ? { code: appliedCode, offer: prepay.offer } : null}
        removable={appliedCode ?? held?.code ?? null}
      />
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
