import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { validatePaymentForm } from '@apothecall/domain/payments/cards.rules';
import { paymentErrorCodes } from '@apothecall/domain/payments/payments.api';
import { useCallback, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useCardChoice } from '../../../lib/payments/card-choice';
import { addCard } from '../../payments/api/add-card';
import {
  getPaymentProfiles,
  paymentProfilesQueryKey,
  useRefreshPaymentProfiles,
} from '../../payments/api/get-payment-profiles';
import { attemptMayHaveRun, newIdempotencyKey } from '../components/subscription-format';

const cardRefusals: readonly string[] = [
  paymentErrorCodes.declined,
  paymentErrorCodes.avs,
  paymentErrorCodes.invalid,
];

/**
 * What a subscription charge needs (a visit plan, a medication): the card that pays (a saved
 * one, or one added on the spot, as in prepay's purchase and the Get Care payment step), the
 * attempt's idempotency key (kept while the attempt may have run, so a retry cannot charge
 * twice; renewed after a refusal), and the problem said above the pay button.
 */
export function useSubscriptionCharge() {
  const t = useT();
  const refreshCards = useRefreshPaymentProfiles();
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(newIdempotencyKey);
  const choice = useCardChoice(
    { queryKey: paymentProfilesQueryKey, load: getPaymentProfiles, add: addCard },
    { onAdded: () => setProblem(null) },
  );
  const chargeFailed = useCallback(
    (error: unknown, failedKey: MessageKey) => {
      if (!attemptMayHaveRun(error)) setAttempt(newIdempotencyKey());
      if (error instanceof ApiError && cardRefusals.includes(error.errorCode)) {
        // A refused card may be marked invalid by the gateway: show the fresh list.
        refreshCards();
      }
      setProblem(t(failedKey, { message: errorText(t, error) }));
    },
    [refreshCards, t],
  );
  return {
    choice,
    attempt,
    problem,
    setProblem,
    /** The charge failed: the attempt is kept or renewed, and `failedKey` says why. */
    chargeFailed,
    /** Whether a card is chosen; when not, the problem says so. */
    cardChosen: () => {
      if (validatePaymentForm(choice.cardId).ok) return true;
      setProblem(t('validation.card.paymentFormRequired'));
      return false;
    },
  };
}

export type SubscriptionCharge = ReturnType<typeof useSubscriptionCharge>;
