import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { validatePaymentForm } from '@apothecall/domain/payments/cards.rules';
import { useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useCardChoice } from '../../../lib/payments/card-choice';
import { addCard } from '../../payments/api/add-card';
import {
  getPaymentProfiles,
  paymentProfilesQueryKey,
} from '../../payments/api/get-payment-profiles';
import { usePrepayPricing } from '../api/get-prepay-pricing';
import { useChargeAttempt } from './use-charge-attempt';

/**
 * What a charge for visits needs (a purchase, added funds): the price of a visit for
 * `pricingFor` (a program's id, or 'new'), the card that pays, the attempt's idempotency key,
 * and the problem said above the pay button (cleared when a card is added or chosen).
 */
export function useVisitsCharge(pricingFor: string) {
  const t = useT();
  const pricing = usePrepayPricing(pricingFor, { staleTime: 0 });
  const [problem, setProblem] = useState<string | null>(null);
  const { attempt, failed } = useChargeAttempt();
  const choice = useCardChoice(
    { queryKey: paymentProfilesQueryKey, load: getPaymentProfiles, add: addCard },
    { onAdded: () => setProblem(null) },
  );
  return {
    pricing,
    choice,
    attempt,
    problem,
    setProblem,
    /** The charge failed: the attempt is kept or renewed, and `failedKey` says why. */
    chargeFailed: (error: unknown, failedKey: MessageKey) => {
      failed(error);
      setProblem(t(failedKey, { message: errorText(t, error) }));
    },
    /** Whether a card is chosen; when not, the problem says so. */
    cardChosen: () => {
      if (validatePaymentForm(choice.cardId).ok) return true;
      setProblem(t('validation.card.paymentFormRequired'));
      return false;
    },
  };
}

export type VisitsCharge = ReturnType<typeof useVisitsCharge>;
