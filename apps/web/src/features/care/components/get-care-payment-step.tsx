import type { PharmacyChoice } from '@apothecall/domain/care/care.schemas';
import type { VisitScreenResult } from '@apothecall/domain/care/screening.evaluate';
import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { validatePaymentForm } from '@apothecall/domain/payments/cards.rules';
import { paymentErrorCodes } from '@apothecall/domain/payments/payments.api';
import { Alert, Anchor, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { CardChoice, useCardChoice } from '../../../lib/payments/card-choice';
import { formatCents } from '../../../lib/payments/payment-format';
import { PriceDisplay } from '../../../lib/payments/price-display';
import {
  clearStoredPrice,
  type StoredPrice,
  setStoredPrice,
  useStoredPrice,
} from '../../../lib/payments/price-store';
import { addCard } from '../../payments/api/add-card';
import { accountPriceQueryKey, getAccountPrice } from '../../payments/api/get-account-price';
import {
  getPaymentProfiles,
  paymentProfilesQueryKey,
} from '../../payments/api/get-payment-profiles';
import {
  rewardBalanceQueryKey as creditBalanceQueryKey,
  getRewardBalance as getCreditBalance,
} from '../../payments/api/get-reward-balance';
import {
  getSubscriptionPrice,
  subscriptionPriceQueryKey,
} from '../../subscriptions/api/get-subscription-price';
import {
  getSubscriptionPricing,
  subscriptionPricingQueryKey,
} from '../../subscriptions/api/get-subscription-pricing';
import { activeVisitsQueryKey, getActiveVisits } from '../api/get-active-visits';
import type { Pharmacy } from '../api/search-pharmacies';
import { startVisit } from '../api/start-visit';
import { errorText, reasonLabel, stateLabel } from './get-care-format';
import { pharmacyAddress } from './get-care-pharmacy-step';
import { GetCareStepFrame } from './get-care-step-frame';
import { planPriceLabelKeys, planPriceLoading, visitPricing } from './member-price';

/** The directory record as the visit keeps it (pharmacyChoiceSchema). */
function toChoice(p: Pharmacy | null): PharmacyChoice | null {
  if (!p) return null;
  return {
    id: p.ncpdpId,
    name: p.name.slice(0, 200),
    address: pharmacyAddress(p).slice(0, 500),
    phone: p.phone.slice(0, 32),
    fax: p.fax.slice(0, 32),
  };
}

/**
 * Errors after which the same attempt may be sent again with the same key: the server may
 * have taken it (network, 5xx, still processing). Any other answer ended the attempt, so the
 * next try is a new attempt with a new key (a declined card's key stays declined).
 */
function attemptMayHaveRun(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.errorCode === 'IN_PROGRESS';
}

export interface GetCareCheckout {
  patientId: string;
  patientName: string;
  reason: string;
  notes: string;
  state: string;
  pharmacy: Pharmacy | null;
  screenResult: VisitScreenResult;
  idempotencyKey: string;
}

/**
 * Step 7: the price (default, coupon or referral, from the price store; or the member or
 * non-member price of the account's visit plan, issue 17), the form of payment
 * (a saved card or a new one; none when the price is zero or credit covers it), then 'Start
 * visit' (POST /visit-start/). A stale price answers PRICE_TOKEN_STALE: the new price is shown
 * and the patient confirms again.
 */
export function GetCarePaymentStep({
  index,
  total,
  checkout,
  onBack,
  onNewAttempt,
  onStarted,
}: {
  index: number;
  total: number;
  checkout: GetCareCheckout;
  onBack: () => void;
  /** The attempt ended without a visit: the next try needs a new idempotency key. */
  onNewAttempt: () => void;
  onStarted: (visit: PatientVisit) => void;
}) {
  const t = useT();
  const lang = useLang();
  const queryClient = useQueryClient();
  const stored = useStoredPrice();
  // Nothing chosen in this tab: the account's price (a coupon applied earlier, on any device).
  const accountPrice = useQuery({
    queryKey: accountPriceQueryKey,
    queryFn: getAccountPrice,
    enabled: stored === null,
  });
  const balance = useQuery({ queryKey: creditBalanceQueryKey, queryFn: getCreditBalance });
  // A visit plan in force (GET /subscription-pricing: session.active) prices this person: the
  // member or non-member price (POST /subscription-price/). Either failing: the normal price.
  const subscription = useQuery({
    queryKey: subscriptionPricingQueryKey,
    queryFn: getSubscriptionPricing,
  });
  const planInForce = subscription.data?.session?.active === true;
  const planPrice = useQuery({
    queryKey: subscriptionPriceQueryKey(checkout.patientId),
    queryFn: () => getSubscriptionPrice(checkout.patientId),
    enabled: planInForce,
    staleTime: 0,
    retry: false,
  });
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

  const choice = useCardChoice(
    { queryKey: paymentProfilesQueryKey, load: getPaymentProfiles, add: addCard },
    { onAdded: () => setProblem(null) },
  );
  const { profiles, cardId, adding } = choice;

  const start = useMutation({
    mutationFn: async () => {
      if (!price || !pricing) throw new Error('no price');
      const payWithCard = !free && cardId !== '';
      return startVisit({
        patientID: checkout.patientId,
        complaint: { reason: checkout.reason, notes: checkout.notes },
        pharmacy: toChoice(checkout.pharmacy),
        states: [checkout.state],
        priceToken: price.priceToken,
        profileID: payWithCard ? (profiles.data?.payProfileID ?? null) : null,
        signature: payWithCard ? (profiles.data?.payProfileSignature ?? null) : null,
        payProfileID: payWithCard ? cardId : null,
        // A plan price comes with the plan's token (subscriptionToken) and pricingChoice
        // 'member' or 'nonmember' (issue 17); the normal price's token is sent as ever.
        subscriptionToken: pricing.subscriptionToken,
        pricingChoice: pricing.pricingChoice,
        visitScreenResult: checkout.screenResult,
        idempotencyKey: checkout.idempotencyKey,
      });
    },
    onSuccess: (visit) => {
      // A coupon pays once; the next visit starts from the default price. A plan price left
      // the coupon unused.
      if (price?.source === 'coupon' && !pricing?.planPricing) clearStoredPrice();
      void queryClient.invalidateQueries({ queryKey: accountPriceQueryKey });
      void queryClient.invalidateQueries({ queryKey: creditBalanceQueryKey });
      onStarted(visit);
    },
    onError: async (error) => {
      if (!attemptMayHaveRun(error)) onNewAttempt();
      if (error instanceof ApiError && error.errorCode === 'SUBSCRIPTION_NOT_ACTIVE') {
        // The plan ended meanwhile: ask again (no plan price: the normal price applies).
        void queryClient.invalidateQueries({ queryKey: subscriptionPricingQueryKey });
        void queryClient.invalidateQueries({
          queryKey: subscriptionPriceQueryKey(checkout.patientId),
        });
      }
      if (error instanceof ApiError && error.errorCode === paymentErrorCodes.priceTokenStale) {
        // A plan price's token lasts 30 minutes like any other: quote it again too.
        void queryClient.invalidateQueries({
          queryKey: subscriptionPriceQueryKey(checkout.patientId),
        });
        // The error body carries the default price (spec section 7), but a coupon the account
        // applied and has not paid with still holds after its token expired: the account's
        // price (GET /account/price) is the default one only when no coupon is applied.
        try {
          const fresh = await getAccountPrice();
          queryClient.setQueryData(accountPriceQueryKey, fresh);
          setStoredPrice(fresh);
          setPriceChanged(error.message);
        } catch (refetchError) {
          setProblem(errorText(t, refetchError));
        }
        return;
      }
      if (error instanceof ApiError && error.errorCode === paymentErrorCodes.idempotencyMismatch) {
        // An earlier try of this attempt went through: the visit is already in the queue.
        const active = await getActiveVisits().catch(() => []);
        const visit = active.find((v) => v.patientId === checkout.patientId);
        if (visit) {
          queryClient.setQueryData(activeVisitsQueryKey, active);
          onStarted(visit);
          return;
        }
      }
      if (
        error instanceof ApiError &&
        (error.errorCode === paymentErrorCodes.declined ||
          error.errorCode === paymentErrorCodes.avs ||
          error.errorCode === paymentErrorCodes.invalid)
      ) {
        // A declined card is marked invalid by the server: show the fresh list.
        void queryClient.invalidateQueries({ queryKey: paymentProfilesQueryKey });
      }
      setProblem(errorText(t, error));
    },
  });

  const submit = () => {
    setProblem(null);
    setPriceChanged(null);
    if (!price) return;
    if (cardNeeded && !validatePaymentForm(cardId).ok) {
      setProblem(t('validation.card.paymentFormRequired'));
      return;
    }
    start.mutate();
  };

  const summary: [string, string][] = [
    [t('careUi.summary.patient'), checkout.patientName],
    [t('careUi.summary.reason'), reasonLabel(t, checkout.reason)],
    [t('careUi.summary.location'), stateLabel(t, checkout.state)],
    [
      t('careUi.summary.pharmacy'),
      checkout.pharmacy ? checkout.pharmacy.name : t('careUi.summary.noPharmacy'),
    ],
  ];

  return (
    <GetCareStepFrame
      index={index}
      total={total}
      title={t('careUi.payment.title')}
      onBack={onBack}
      onContinue={submit}
      continueLabel={t('careUi.payment.start')}
      continueLoading={start.isPending}
      continueDisabled={!price || adding}
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
      <Stack gap={4}>
        <PriceDisplay
          label={t('careUi.payment.price')}
          labelId="care-price-label"
          testIds={{ price: 'care-price', source: 'care-price-source' }}
          price={price}
          sourceText={pricing?.planPricing ? t(planPriceLabelKeys[pricing.planPricing]) : undefined}
          error={accountPrice.isError ? errorText(t, accountPrice.error) : null}
          lang={lang}
        />
        <Anchor component={Link} to="/coupon" size="sm" w="fit-content">
          {t('careUi.payment.coupon')}
        </Anchor>
      </Stack>
      {priceChanged && price ? (
        <Alert color="yellow" role="alert" data-testid="care-price-changed">
          <Text size="sm">{priceChanged}</Text>
          <Text size="sm" fw={700}>
            {t('careUi.payment.newPrice', { price: formatCents(price.price, lang) })}
          </Text>
        </Alert>
      ) : null}
      {free ? (
        <Text size="sm" fw={600} data-testid="care-free">
          {t('careUi.payment.free')}
        </Text>
      ) : (
        <Stack gap="xs">
          {credit > 0 && price ? (
            <Text size="sm">
              {t('careUi.payment.credit', {
                amount: formatCents(Math.min(credit, price.price), lang),
              })}
            </Text>
          ) : null}
          <CardChoice
            choice={choice}
            label={t('careUi.payment.payWith')}
            required={cardNeeded}
            noCardsText={t('careUi.payment.noCards')}
            onChange={() => setProblem(null)}
          />
        </Stack>
      )}
      {problem ? (
        <Alert color="red" role="alert" data-testid="care-start-error">
          {problem}
        </Alert>
      ) : null}
    </GetCareStepFrame>
  );
}
