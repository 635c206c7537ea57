import type { PaymentProfilesResponse } from '@apothecall/domain/payments/payments.api';
import { Alert, Button, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../api-client';
import { useT } from '../i18n';
import { type CardChoiceApi, useHandedAddCard, useHandedCards } from './api/cards';
import { CardForm } from './card-form';
import { maskedCard } from './payment-format';

export type { CardChoiceApi } from './api/cards';

/**
 * Which saved card pays, or a new one added on the spot: the stored cards (the first usable
 * one chosen), the add-card form's state, and the card it adds chosen at once. One piece for
 * every payment step (Get Care, Rx visits).
 */
export function useCardChoice(api: CardChoiceApi, options: { onAdded?: () => void } = {}) {
  const profiles = useHandedCards(api);
  const [picked, setCardId] = useState('');
  const [adding, setAdding] = useState(false);
  const cards = (profiles.data?.payProfiles ?? []).map((p) => p.card);
  const validCards = cards.filter((c) => c.paymentProfileValid);
  // The card picked while it is usable, else the first usable one: worked out as the page is
  // drawn, so the button that pays never shows before the card it pays with.
  const cardId = validCards.some((c) => c.profileID === picked)
    ? picked
    : (validCards[0]?.profileID ?? '');

  const add = useHandedAddCard(api, profiles.data, {
    onSuccess: (list: PaymentProfilesResponse) => {
      const before = new Set(cards.map((c) => c.profileID));
      const added = list.payProfiles.find((p) => !before.has(p.card.profileID));
      if (added) setCardId(added.card.profileID);
      setAdding(false);
      options.onAdded?.();
    },
  });

  return { profiles, cards, cardId, setCardId, adding, setAdding, add };
}

export type CardChoiceState = ReturnType<typeof useCardChoice>;

/** The saved cards as a choice (an unusable one shown, not choosable), and 'Add a card'. */
export function CardChoice({
  choice,
  label,
  required,
  noCardsText,
  onChange,
}: {
  choice: CardChoiceState;
  label: string;
  required: boolean;
  noCardsText: string;
  onChange?: () => void;
}) {
  const t = useT();
  const { profiles, cards, cardId, setCardId, adding, setAdding, add } = choice;
  return (
    <>
      {profiles.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : profiles.isError ? (
        <Alert color="red" role="alert">
          {t('paymentScreens.cards.loadFailed', { message: errorText(t, profiles.error) })}
        </Alert>
      ) : cards.length > 0 ? (
        <Radio.Group
          label={label}
          value={cardId}
          onChange={(value) => {
            setCardId(value);
            onChange?.();
          }}
          withAsterisk={required}
        >
          <Stack gap="xs" mt="xs">
            {cards.map((card) => (
              <Radio
                key={card.profileID}
                value={card.profileID}
                disabled={!card.paymentProfileValid}
                label={maskedCard(t, { brand: card.cardType, last4: card.last4 })}
                description={
                  card.paymentProfileValid
                    ? t('paymentScreens.cards.expires', { expiration: card.expiration })
                    : t('paymentScreens.cards.invalidHint')
                }
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Text size="sm">{noCardsText}</Text>
      )}
      {adding ? (
        <>
          {add.isError ? (
            <Alert color="red" role="alert" title={t('paymentScreens.cardForm.failedTitle')}>
              {errorText(t, add.error)}
            </Alert>
          ) : null}
          <CardForm
            pending={add.isPending}
            onCancel={() => {
              setAdding(false);
              add.reset();
            }}
            onSubmit={(card) => add.mutate(card)}
          />
        </>
      ) : profiles.isSuccess ? (
        <Group>
          <Button variant="light" onClick={() => setAdding(true)}>
            {t('paymentScreens.cards.add')}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
