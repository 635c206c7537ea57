import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { link } from '@apothecall/domain/navigation/links';
import { validatePaymentForm } from '@apothecall/domain/payments/cards.rules';
import { paymentErrorCodes } from '@apothecall/domain/payments/payments.api';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorText } from '../api-client';
import { useLang, useT } from '../i18n';
import {
  useCheckoutCache,
  useCheckoutQueries,
  useCheckoutStart,
  type VisitCheckoutApi,
} from './api/checkout';
import { CardChoice, useCardChoice } from './card-choice';
import { attemptMayHaveRun } from './idempotency';
import { planPriceLabelKeys, planPriceLoading, visitPricing } from './member-price';
import { formatCents } from './payment-format';
import { PriceDisplay } from './price-display';
import { clearStoredPrice, type StoredPrice, setStoredPrice, useStoredPrice } from './price-store';

export type { VisitCheckoutApi } from './api/checkout';

/** The payment part of a start's body (POST /visit-start/, POST /appointments-start/{id}). */
export interface CheckoutPayment {
  profileID: string | null;
  signature: string | null;
  payProfileID: string | null;
  priceToken: string;
  /** A plan price comes with the plan's token; null for the normal price. */
  subscriptionToken: string | null;
  /** 'member' or 'nonmember' for a plan price, else the normal price's source. */
  pricingChoice: string;
}

/**
 * A visit's checkout (Get Care's payment step, an appointment's start): the price (default,
 * coupon or referral, from the price store or the account; or the member or non-member price
 * of the account's visit plan), the credit, the form of payment (a saved card or a
 * new one; none when the price is zero or credit covers it), and the start itself (`start`,
 * sent with the payment fields). A stale price answers PRICE_TOKEN_STALE: the new price is
 * shown and the patient confirms again. `onNewAttempt`: the attempt ended without a visit, so
 * the next try needs a new idempotency key. `onRefused`: any other refusal, before its text is
 * shown.
 */
export function useVisitCheckout({
  api,
  patientId,
  start,
  onStarted,
  onNewAttempt,
  onRefused,
}: {
  api: VisitCheckoutApi;
  patientId: string;
  start: (payment: CheckoutPayment) => Promise<PatientVisit>;
  onStarted: (visit: PatientVisit) => void;
  onNewAttempt: () => void;
  onRefused?: (error: ApiError) => void;
}) {
  const t = useT();
  const stored = useStoredPrice();
  const { accountPrice, balance, subscription, planInForce, planPrice } = useCheckoutQueries(
    api,
    patientId,
    stored !== null,
  );
  const cache = useCheckoutCache(api, patientId);
  const [problem, setProblem] = useState<string | null>(null);
  const [priceChanged, setPriceChanged] = useState<string | null>(null);

  const normalPrice: StoredPrice | null = stored ?? accountPrice.data ?? null;
  const pricing = planPriceLoading({ isPending: subscription.isPending, planInForce }, planPrice)
    ? null
    : visitPricing(normalPrice, planInForce ? planPrice.data : null);
  const price: StoredPrice | null = pricing?.price ?? null;
  const credit = balance.data ?? 0;
  const free = price?.price === 0;
  const cardNeeded = price !== null && price.price > credit;

  const choice = useCardChoice(api.cards, { onAdded: () => setProblem(null) });
  const { profiles, cardId, adding } = choice;

  const mutation = useCheckoutStart(
    api,
    async () => {
      if (!price || !pricing) throw new Error('no price');
      const payWithCard = !free && cardId !== '';
      return start({
        profileID: payWithCard ? (profiles.data?.payProfileID ?? null) : null,
        signature: payWithCard ? (profiles.data?.payProfileSignature ?? null) : null,
        payProfileID: payWithCard ? cardId : null,
        priceToken: price.priceToken,
        subscriptionToken: pricing.subscriptionToken,
        pricingChoice: pricing.pricingChoice,
      });
    },
    {
      onSuccess: (visit) => {
        // A coupon pays once; the next visit starts from the default price. A plan price left
        // the coupon unused.
        if (price?.source === 'coupon' && !pricing?.planPricing) clearStoredPrice();
        onStarted(visit);
      },
      onError: async (error) => {
        if (!attemptMayHaveRun(error)) onNewAttempt();
        if (!(error instanceof ApiError)) {
          setProblem(errorText(t, error));
          return;
        }
        if (error.errorCode === 'SUBSCRIPTION_NOT_ACTIVE') {
          // The plan ended meanwhile: ask again (no plan price: the normal price applies).
          cache.planEnded();
        }
        if (error.errorCode === paymentErrorCodes.priceTokenStale) {
          // A plan price's token lasts 30 minutes like any other: quote it again too.
          cache.planPriceStale();
          // The error body carries the default price (spec section 7), but a coupon the account
          // applied and has not paid with still holds after its token expired: the account's
          // price (GET /account/price) is the default one only when no coupon is applied.
          try {
            const fresh = await api.accountPrice.load();
            cache.setAccountPrice(fresh);
            setStoredPrice(fresh);
            setPriceChanged(error.message);
          } catch (refetchError) {
            setProblem(errorText(t, refetchError));
          }
          return;
        }
        if (error.errorCode === paymentErrorCodes.idempotencyMismatch) {
          // An earlier try of this attempt went through: the visit is already in the queue.
          const active = await api.activeVisits.load().catch(() => []);
          const visit = active.find((v) => v.patientId === patientId);
          if (visit) {
            cache.setActiveVisits(active);
            onStarted(visit);
            return;
          }
        }
        if (
          error.errorCode === paymentErrorCodes.declined ||
          error.errorCode === paymentErrorCodes.avs ||
          error.errorCode === paymentErrorCodes.invalid
        ) {
          // A declined card is marked invalid by the server: show the fresh list.
          cache.cardsChanged();
        }
        onRefused?.(error);
        setProblem(errorText(t, error));
      },
    },
  );

  const submit = () => {
    setProblem(null);
    setPriceChanged(null);
    if (!price) return;
    if (cardNeeded && !validatePaymentForm(cardId).ok) {
      setProblem(t('validation.card.paymentFormRequired'));
      return;
    }
    mutation.mutate();
  };

  return {
    accountPrice,
    pricing,
    price,
    credit,
    free,
    cardNeeded,
    choice,
    problem,
    setProblem,
    priceChanged,
    submit,
    pending: mutation.isPending,
    /** No price yet, or a card being added. */
    submitDisabled: !price || adding,
  };
}

export type VisitCheckoutState = ReturnType<typeof useVisitCheckout>;

/** The screen's own texts of the checkout (`newPrice` takes {price}, `credit` takes {amount}). */
export interface VisitCheckoutTexts {
  price: MessageKey;
  coupon: MessageKey;
  newPrice: MessageKey;
  free: MessageKey;
  credit: MessageKey;
  payWith: MessageKey;
  noCards: MessageKey;
}

/** The element ids the checkout's middle carries (the e2e specs find it by these test ids). */
export interface VisitCheckoutIds {
  /** The price label's element id (the amount is labelled by it). */
  priceLabel: string;
  /** Test ids: the amount, its source line, the new-price alert, the 'free' line. */
  price: string;
  source: string;
  priceChanged: string;
  free: string;
}

/**
 * The checkout's middle: the price (and a link to the coupon screen), the new price after a
 * stale one, then 'free', or the credit that pays first and the card choice.
 */
export function VisitCheckoutPayment({
  checkout,
  texts,
  ids,
}: {
  checkout: VisitCheckoutState;
  texts: VisitCheckoutTexts;
  ids: VisitCheckoutIds;
}) {
  const t = useT();
  const lang = useLang();
  const { accountPrice, pricing, price, credit, free, cardNeeded, choice, priceChanged } = checkout;
  return (
    <>
      <Stack gap={4}>
        <PriceDisplay
          label={t(texts.price)}
          labelId={ids.priceLabel}
          testIds={{ price: ids.price, source: ids.source }}
          price={price}
          sourceText={pricing?.planPricing ? t(planPriceLabelKeys[pricing.planPricing]) : undefined}
          error={accountPrice.isError ? errorText(t, accountPrice.error) : null}
          lang={lang}
        />
        <Anchor component={Link} to={link('/coupon')} size="sm" w="fit-content">
          {t(texts.coupon)}
        </Anchor>
      </Stack>
      {priceChanged && price ? (
        <Alert color="yellow" role="alert" data-testid={ids.priceChanged}>
          <Text size="sm">{priceChanged}</Text>
          <Text size="sm" fw={700}>
            {t(texts.newPrice, { price: formatCents(price.price, lang) })}
          </Text>
        </Alert>
      ) : null}
      {free ? (
        <Text size="sm" fw={600} data-testid={ids.free}>
          {t(texts.free)}
        </Text>
      ) : (
        <Stack gap="xs">
          {credit > 0 && price ? (
            <Text size="sm">
              {t(texts.credit, { amount: formatCents(Math.min(credit, price.price), lang) })}
            </Text>
          ) : null}
          <CardChoice
            choice={choice}
            label={t(texts.payWith)}
            required={cardNeeded}
            noCardsText={t(texts.noCards)}
            onChange={() => checkout.setProblem(null)}
          />
        </Stack>
      )}
    </>
  );
}
