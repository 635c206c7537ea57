import { paymentErrorCodes } from '@apothecall/domain/payments/payments.api';
import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useRefreshPaymentProfiles } from '../../payments/api/get-payment-profiles';
import { attemptMayHaveRun, newIdempotencyKey } from '../components/prepay-format';

const cardRefusals: readonly string[] = [
  paymentErrorCodes.declined,
  paymentErrorCodes.avs,
  paymentErrorCodes.invalid,
];

/**
 * The idempotency key of one charge attempt (a purchase, added funds): kept while the attempt
 * may have run (no answer, a server error), so a retry cannot charge twice; renewed after a
 * refusal. A refused card refreshes the saved cards (the gateway may have marked it invalid).
 */
export function useChargeAttempt() {
  const refreshCards = useRefreshPaymentProfiles();
  const [attempt, setAttempt] = useState(newIdempotencyKey);
  const failed = useCallback(
    (error: unknown) => {
      if (!attemptMayHaveRun(error)) setAttempt(newIdempotencyKey());
      if (error instanceof ApiError && cardRefusals.includes(error.errorCode)) {
        refreshCards();
      }
    },
    [refreshCards],
  );
  return { attempt, failed };
}
