import { useEffect, useState } from 'react';
import { isMessageKey, useT } from '../../../lib/i18n';
import { clearHeldPrepayCode, holdPrepayCode } from '../../../lib/prepay-code-store';
import { checkTypedCode, useHeldPrepay } from '../../../lib/prepay-offer';
import { useRxPrepayPrice } from '../api/get-rx-prepay-price';
import { errorText } from './rx-format';

/**
 * The payment step's access token: the held one applied at once, or one typed and
 * applied here; the visit's price by it, its refusal, and removing it. A code that priced the
 * visit is the one held; removed elsewhere (the banner over the flow), the card payment is back.
 * `onEdit`: the code was applied or removed (the step clears its own problem).
 */
export function useRxPrepayCode(visitId: string, onEdit: () => void) {
  const t = useT();
  const held = useHeldPrepay();
  const [codeInput, setCodeInput] = useState(held?.code ?? '');
  const [appliedCode, setAppliedCode] = useState<string | null>(held?.code ?? null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const prepayPrice = useRxPrepayPrice(visitId, appliedCode ?? '', {
    enabled: appliedCode !== null,
    retry: false,
    staleTime: 60_000,
  });
  const prepay = appliedCode !== null && prepayPrice.data ? prepayPrice.data : null;
  const checking = appliedCode !== null && prepayPrice.isPending;
  const error =
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

  const apply = () => {
    onEdit();
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
  const remove = () => {
    onEdit();
    setCodeError(null);
    setCodeInput('');
    setAppliedCode(null);
    clearHeldPrepayCode();
  };

  return {
    held,
    codeInput,
    type: (next: string) => {
      setCodeInput(next);
      setCodeError(null);
    },
    appliedCode,
    prepay,
    checking,
    error,
    apply,
    remove,
    /** The program no longer pays (used meanwhile, a limit): said under the field, forgotten. */
    refused: (message: string) => {
      setAppliedCode(null);
      setCodeError(message);
    },
  };
}

export type RxPrepayCodeState = ReturnType<typeof useRxPrepayCode>;
