import type { ScheduledAppointment } from '@apothecall/domain/appointments/appointments.schemas';
import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { validatePaymentForm } from '@apothecall/domain/payments/cards.rules';
import { paymentErrorCodes } from '@apothecall/domain/payments/payments.api';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Dialog, DialogActions } from '../../../components/dialog';
import { Facts } from '../../../components/facts';
import { ApiError, errorText } from '../../../lib/api-client';
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
import { activeVisitsQueryKey, getActiveVisits } from '../../care/api/get-active-visits';
import { addCard } from '../../payments/api/add-card';
import { accountPriceQueryKey, getAccountPrice } from '../../payments/api/get-account-price';
import {
  getPaymentProfiles,
  paymentProfilesQueryKey,
} from '../../payments/api/get-payment-profiles';
import { getRewardBalance, rewardBalanceQueryKey } from '../../payments/api/get-reward-balance';
import {
  getSubscriptionPrice,
  subscriptionPriceQueryKey,
} from '../../subscriptions/api/get-subscription-price';
import {
  getSubscriptionPricing,
  subscriptionPricingQueryKey,
} from '../../subscriptions/api/get-subscription-pricing';
import { scheduledAppointmentsQueryKey } from '../api/get-scheduled-appointments';
import { startAppointment } from '../api/start-appointment';
import { formatWhen } from './appointment-format';
import {
  appointmentPricing,
  attemptMayHaveRun,
  newIdempotencyKey,
  planPriceLabelKeys,
  planPriceLoading,
} from './appointment-pricing';
import { reasonLabel } from './reason-label';

/** Answers that change the appointment list: it is gone, not here, or not yet. */
const appointmentCodes = new Set([
  'APPOINTMENT_EXPIRED',
  'APPOINTMENT_NOT_IN_LOCATION',
  'APPOINTMENT_TOO_EARLY',
  'NOT_FOUND',
]);

/**
 * Paying to start an appointment, as Get Care's payment step does: the price (the coupon or
 * account price, or the plan's member price for the appointment's patient), credit first, a
 * saved card or a new one, then 'Pay and start' (POST /appointments-start/{id}) and the waiting
 * room, where the call follows.
 */
export function StartDialog({
  appointment,
  onClose,
}: {
  appointment: ScheduledAppointment;
  onClose: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const stored = useStoredPrice();
  const accountPrice = useQuery({
    queryKey: accountPriceQueryKey,
    queryFn: getAccountPrice,
    enabled: stored === null,
  });
  const balance = useQuery({ queryKey: rewardBalanceQueryKey, queryFn: getRewardBalance });
  const subscription = useQuery({
    queryKey: subscriptionPricingQueryKey,
    queryFn: getSubscriptionPricing,
  });
  const planInForce = subscription.data?.session?.active === true;
  const planPrice = useQuery({
    queryKey: subscriptionPriceQueryKey(appointment.patientId),
    queryFn: () => getSubscriptionPrice(appointment.patientId),
    enabled: planInForce,
    staleTime: 0,
    retry: false,
  });
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [priceChanged, setPriceChanged] = useState<string | null>(null);

  const normalPrice: StoredPrice | null = stored ?? accountPrice.data ?? null;
  const pricing = planPriceLoading({ isPending: subscription.isPending, planInForce }, planPrice)
    ? null
    : appointmentPricing(normalPrice, planInForce ? planPrice.data : null);
  const price = pricing?.price ?? null;
  const credit = balance.data ?? 0;
  const free = price?.price === 0;
  const cardNeeded = price !== null && price.price > credit;

  const choice = useCardChoice(
    { queryKey: paymentProfilesQueryKey, load: getPaymentProfiles, add: addCard },
    { onAdded: () => setProblem(null) },
  );
  const { profiles, cardId, adding } = choice;

  const started = (visit: PatientVisit) => {
    queryClient.setQueryData<PatientVisit[]>(activeVisitsQueryKey, (list = []) => [
      ...list.filter((v) => v.visitId !== visit.visitId),
      visit,
    ]);
    void queryClient.invalidateQueries({ queryKey: activeVisitsQueryKey });
    void queryClient.invalidateQueries({ queryKey: scheduledAppointmentsQueryKey });
    onClose();
    navigate('/waiting');
  };

  const start = useMutation({
    mutationFn: () => {
      if (!price || !pricing) throw new Error('no price');
      const payWithCard = !free && cardId !== '';
      return startAppointment(appointment.appointmentId, {
        profileID: payWithCard ? (profiles.data?.payProfileID ?? null) : null,
        signature: payWithCard ? (profiles.data?.payProfileSignature ?? null) : null,
        payProfileID: payWithCard ? cardId : null,
        priceToken: price.priceToken,
        subscriptionToken: pricing.subscriptionToken,
        pricingChoice: pricing.pricingChoice,
        visitScreenResult: null,
        idempotencyKey,
      });
    },
    onSuccess: (visit) => {
      if (price?.source === 'coupon' && !pricing?.planPricing) clearStoredPrice();
      void queryClient.invalidateQueries({ queryKey: accountPriceQueryKey });
      void queryClient.invalidateQueries({ queryKey: rewardBalanceQueryKey });
      started(visit);
    },
    onError: async (error) => {
      if (!attemptMayHaveRun(error)) setIdempotencyKey(newIdempotencyKey());
      if (!(error instanceof ApiError)) {
        setProblem(errorText(t, error));
        return;
      }
      if (error.errorCode === 'SUBSCRIPTION_NOT_ACTIVE') {
        void queryClient.invalidateQueries({ queryKey: subscriptionPricingQueryKey });
        void queryClient.invalidateQueries({
          queryKey: subscriptionPriceQueryKey(appointment.patientId),
        });
      }
      if (error.errorCode === paymentErrorCodes.priceTokenStale) {
        void queryClient.invalidateQueries({
          queryKey: subscriptionPriceQueryKey(appointment.patientId),
        });
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
      if (error.errorCode === paymentErrorCodes.idempotencyMismatch) {
        // An earlier try went through: the visit is already in the queue.
        const active = await getActiveVisits().catch(() => []);
        const visit = active.find((v) => v.patientId === appointment.patientId);
        if (visit) {
          queryClient.setQueryData(activeVisitsQueryKey, active);
          started(visit);
          return;
        }
      }
      if (
        error.errorCode === paymentErrorCodes.declined ||
        error.errorCode === paymentErrorCodes.avs ||
        error.errorCode === paymentErrorCodes.invalid
      ) {
        void queryClient.invalidateQueries({ queryKey: paymentProfilesQueryKey });
      }
      if (appointmentCodes.has(error.errorCode)) {
        void queryClient.invalidateQueries({ queryKey: scheduledAppointmentsQueryKey });
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

  return (
    <Dialog
      opened
      onClose={start.isPending ? () => undefined : onClose}
      title={t('appointmentUi.start.title')}
      size="lg"
    >
      <Stack data-testid="appointment-start-dialog">
        <Facts
          labelWidth={140}
          rows={[
            {
              key: 'when',
              label: t('appointmentUi.field.when'),
              value: formatWhen(appointment.startTime, lang),
            },
            {
              key: 'provider',
              label: t('appointmentUi.field.provider'),
              value: appointment.providerName,
            },
            {
              key: 'patient',
              label: t('appointmentUi.field.patient'),
              value: appointment.patientName,
            },
            {
              key: 'reason',
              label: t('appointmentUi.field.reason'),
              value: reasonLabel(t, appointment.concerns1),
            },
          ]}
        />
        <Stack gap={4}>
          <PriceDisplay
            label={t('appointmentUi.start.price')}
            labelId="appointment-price-label"
            testIds={{ price: 'appointment-price', source: 'appointment-price-source' }}
            price={price}
            sourceText={
              pricing?.planPricing ? t(planPriceLabelKeys[pricing.planPricing]) : undefined
            }
            error={accountPrice.isError ? errorText(t, accountPrice.error) : null}
            lang={lang}
          />
          <Anchor component={Link} to="/coupon" size="sm" w="fit-content">
            {t('appointmentUi.start.coupon')}
          </Anchor>
        </Stack>
        {priceChanged && price ? (
          <Alert color="yellow" role="alert" data-testid="appointment-price-changed">
            <Text size="sm">{priceChanged}</Text>
            <Text size="sm" fw={700}>
              {t('appointmentUi.start.newPrice', { price: formatCents(price.price, lang) })}
            </Text>
          </Alert>
        ) : null}
        {free ? (
          <Text size="sm" fw={600} data-testid="appointment-free">
            {t('appointmentUi.start.free')}
          </Text>
        ) : (
          <Stack gap="xs">
            {credit > 0 && price ? (
              <Text size="sm">
                {t('appointmentUi.start.credit', {
                  amount: formatCents(Math.min(credit, price.price), lang),
                })}
              </Text>
            ) : null}
            <CardChoice
              choice={choice}
              label={t('appointmentUi.start.payWith')}
              required={cardNeeded}
              noCardsText={t('appointmentUi.start.noCards')}
              onChange={() => setProblem(null)}
            />
          </Stack>
        )}
        <DialogActions
          error={problem}
          errorTestId="appointment-error"
          pending={start.isPending}
          cancelLabel={t('appointmentUi.cancel')}
          onCancel={onClose}
        >
          <Button
            onClick={submit}
            loading={start.isPending}
            disabled={!price || adding}
            data-testid="appointment-pay-start"
          >
            {t('appointmentUi.start.submit')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
