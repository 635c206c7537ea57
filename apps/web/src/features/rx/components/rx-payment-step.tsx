import { validatePaymentForm } from '@apothecall/domain/payments/cards.rules';
import { paymentErrorCodes } from '@apothecall/domain/payments/payments.api';
import type { RxVisitView } from '@apothecall/domain/rx/rx-visits.api';
import { Alert, Card, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { CardChoice, useCardChoice } from '../../../lib/payments/card-choice';
import { formatCents } from '../../../lib/payments/payment-format';
import { clearHeldPrepayCodeIf } from '../../../lib/prepay-code-store';
import { addCard } from '../../payments/api/add-card';
import {
  getPaymentProfiles,
  paymentProfilesQueryKey,
} from '../../payments/api/get-payment-profiles';
import { useRxPrice } from '../api/get-rx-price';
import { refusesPrepay, useSubmitRxPayment } from '../api/submit-rx-payment';
import { errorText, newIdempotencyKey } from './rx-format';
import { RxPrepayBox } from './rx-prepay-box';
import { RxStepFrame } from './rx-step-frame';
import { type RxPrepayCodeState, useRxPrepayCode } from './use-rx-prepay-code';

/** Errors after which the same attempt may be sent again with the same key (it may have run). */
function attemptMayHaveRun(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.errorCode === 'IN_PROGRESS';
}

/**
 * Paying a visit (GET /rx/visits/:id/price, POST /submit-rx-payment): the amount, a saved card
 * or a new one (the card pieces of lib/payments and the payments feature, as Get Care's
 * payment step), then 'Pay'. The visit then waits for medical review.
 *
 * An access token or program code (the held one is applied at once) prices the visit
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
  const price = useRxPrice(visit.id);
  const [problem, setProblem] = useState<string | null>(null);
  const code = useRxPrepayCode(visit.id, () => setProblem(null));
  const { prepay } = code;

  const amount = prepay ? prepay.price : (price.data?.price ?? null);
  const free = amount === 0;

  const choice = useCardChoice(
    { queryKey: paymentProfilesQueryKey, load: getPaymentProfiles, add: addCard },
    { onAdded: () => setProblem(null) },
  );
  const { cardId, adding } = choice;

  const pay = useRxPay({ visit, price, code, cardId, free, setProblem, onPaid });

  const amountText = amount === null ? '' : formatCents(amount, lang);

  return (
    <RxStepFrame
      index={index}
      total={total}
      title={t('rxUi.pay.title')}
      testId="rx-step-payment"
      onBack={onBack}
      onContinue={pay.submit}
      continueLabel={
        prepay ? t('prepayRedeem.pay.confirm') : t('rxUi.pay.submit', { price: amountText })
      }
      continueLoading={pay.pending}
      continueDisabled={(!price.data && !prepay) || adding || code.checking}
      // The card form is a form of its own, and forms cannot nest.
      asForm={false}
    >
      <RxPaymentSummary summary={summary} />
      <RxPaymentAmount price={price} prepaid={prepay !== null} amountText={amountText} />
      <RxPrepayCodeBox code={code} />
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

/** What is paid for: the patient, the treatment, the state and the pharmacy. */
function RxPaymentSummary({ summary }: { summary: readonly [string, string][] }) {
  return (
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
  );
}

/** The amount (the program's when a code pays), or the price's loader or failure. */
function RxPaymentAmount({
  price,
  prepaid,
  amountText,
}: {
  price: ReturnType<typeof useRxPrice>;
  prepaid: boolean;
  amountText: string;
}) {
  const t = useT();
  return prepaid ? (
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
  );
}

/**
 * 'Pay' (or 'Confirm visit' when a code pays): the applied code pays from its program, else the
 * price's token and the chosen card (none when free); one idempotency key per attempt, a new one
 * once an attempt ended. A refused code goes back to the card payment, a stale price is asked
 * again, and any other refusal is the step's problem.
 */
function useRxPay({
  visit,
  price,
  code,
  cardId,
  free,
  setProblem,
  onPaid,
}: {
  visit: RxVisitView;
  price: ReturnType<typeof useRxPrice>;
  code: RxPrepayCodeState;
  cardId: string;
  free: boolean;
  setProblem: (problem: string | null) => void;
  onPaid: (visit: RxVisitView) => void;
}) {
  const t = useT();
  const [attempt, setAttempt] = useState(newIdempotencyKey);
  const { prepay, appliedCode } = code;
  const pay = useSubmitRxPayment({
    onSuccess: (paid, { prepayCode }) => {
      // The code paid this visit: it is spent, so the tab forgets it.
      if (prepayCode) clearHeldPrepayCodeIf(prepayCode);
      onPaid(paid);
    },
    onError: (error, { prepayCode }) => {
      if (!attemptMayHaveRun(error)) setAttempt(newIdempotencyKey());
      if (prepayCode && refusesPrepay(error)) {
        // The program no longer pays (used meanwhile, a limit): said under the field, the
        // visit's price by this code forgotten, and the card payment offered again.
        code.refused(error.message);
        return;
      }
      if (error instanceof ApiError && error.errorCode === paymentErrorCodes.priceTokenStale) {
        void price.refetch();
        setProblem(t('rxScreens.pay.priceChanged', { message: error.message }));
        return;
      }
      setProblem(t('rxScreens.pay.failed', { message: errorText(t, error) }));
    },
  });

  const submit = () => {
    setProblem(null);
    if (prepay && appliedCode) {
      // The applied code pays the visit (no price token, no card).
      pay.mutate({
        visitId: visit.id,
        priceToken: '',
        payProfileID: null,
        idempotencyKey: attempt,
        prepayCode: appliedCode,
      });
      return;
    }
    if (!price.data) return;
    if (!free && !validatePaymentForm(cardId).ok) {
      setProblem(t('validation.card.paymentFormRequired'));
      return;
    }
    pay.mutate({
      visitId: visit.id,
      priceToken: price.data.priceToken,
      payProfileID: free ? null : cardId,
      idempotencyKey: attempt,
    });
  };
  return { submit, pending: pay.isPending };
}

/** The access token box, for the code's state. */
function RxPrepayCodeBox({ code }: { code: RxPrepayCodeState }) {
  const { prepay, appliedCode } = code;
  return (
    <RxPrepayBox
      value={code.codeInput}
      onChange={code.type}
      onApply={code.apply}
      onRemove={code.remove}
      checking={code.checking}
      error={code.error}
      applied={prepay && appliedCode ? { code: appliedCode, offer: prepay.offer } : null}
      removable={appliedCode ?? code.held?.code ?? null}
    />
  );
}
