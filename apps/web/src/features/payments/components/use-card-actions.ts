import type { CardEntry, StoredCard } from '@apothecall/domain/payments/payments.schemas';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { type Translate, useT } from '../../../lib/i18n';
import { failureMessage } from '../../../lib/payments/payment-format';
import { useAddCard } from '../api/add-card';
import { useDeleteCard } from '../api/delete-card';
import { usePaymentProfiles } from '../api/get-payment-profiles';
import type { DialogContent } from './result-dialog';

/** 'Card add error: message plus 'Payment information is not valid.'' (spec section 8). */
function addFailedDialog(t: Translate, error: unknown): DialogContent {
  const invalid = t('validation.card.invalid');
  const message = error instanceof ApiError && error.status !== 0 ? error.message : null;
  // The card is fine, it is simply saved already: no 'not valid' line.
  if (error instanceof ApiError && error.errorCode === 'CARD_ON_FILE' && message) {
    return { title: t('paymentScreens.cardForm.failedTitle'), lines: [message], tone: 'error' };
  }
  const lines = message
    ? message === invalid
      ? [invalid]
      : [message, invalid]
    : [t('errors.network'), invalid];
  return { title: t('paymentScreens.cardForm.failedTitle'), lines, tone: 'error' };
}

/**
 * The credit cards screen's state and actions: the stored cards, the add form open or not, the
 * card to delete, the dialog shown; adding and deleting a card.
 */
export function useCardActions() {
  const t = useT();
  const profiles = usePaymentProfiles();
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<StoredCard | null>(null);
  const [dialog, setDialog] = useState<DialogContent | null>(null);

  const add = useAddCard({
    onSuccess: () => {
      setAdding(false);
      setDialog({
        title: t('payments.cardAdded.title'),
        lines: [t('payments.cardAdded.body')],
        tone: 'success',
      });
    },
    onError: (error) => setDialog(addFailedDialog(t, error)),
  });

  const remove = useDeleteCard({
    onSuccess: () => {
      setToDelete(null);
      notifications.show({ color: 'green', message: t('payments.cardDeleted') });
    },
    onError: (error) => {
      setToDelete(null);
      notifications.show({
        color: 'red',
        message: t('payments.cardDeleteFailed', { message: failureMessage(t, error) }),
      });
    },
  });

  const addCard = (card: CardEntry) =>
    add.mutate(
      {
        profileID: profiles.data?.payProfileID ?? null,
        signature: profiles.data?.payProfileSignature ?? null,
        card,
      },
      { onSettled: () => add.reset() },
    );
  const deleteCard = (card: StoredCard) => {
    const { payProfileID, payProfileSignature } = profiles.data ?? {};
    remove.mutate(
      !payProfileID || !payProfileSignature
        ? new ApiError(404, 'NOT_FOUND', t('paymentScreens.cards.empty'))
        : { profileID: payProfileID, signature: payProfileSignature, paymentID: card.profileID },
    );
  };
  return {
    profiles,
    adding,
    setAdding,
    toDelete,
    setToDelete,
    dialog,
    setDialog,
    add,
    remove,
    addCard,
    deleteCard,
  };
}
