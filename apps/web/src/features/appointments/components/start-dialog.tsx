import type { ScheduledAppointment } from '@apothecall/domain/appointments/appointments.schemas';
import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { link } from '@apothecall/domain/navigation/links';
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { reasonLabel } from '../../../components/care-reason-choice';
import { Dialog, DialogActions } from '../../../components/dialog';
import { Facts } from '../../../components/facts';
import { useLang, useT } from '../../../lib/i18n';
import { newIdempotencyKey } from '../../../lib/payments/idempotency';
import {
  useVisitCheckout,
  type VisitCheckoutApi,
  VisitCheckoutPayment,
} from '../../../lib/payments/visit-checkout';
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
import { useRefreshScheduledAppointments } from '../api/get-scheduled-appointments';
import { startAppointment, useAppointmentStarted } from '../api/start-appointment';
import { formatWhen } from './appointment-format';

/** The calls the checkout makes (lib/payments/visit-checkout). */
const checkoutApi: VisitCheckoutApi = {
  accountPrice: { queryKey: accountPriceQueryKey, load: getAccountPrice },
  credit: { queryKey: rewardBalanceQueryKey, load: getRewardBalance },
  cards: { queryKey: paymentProfilesQueryKey, load: getPaymentProfiles, add: addCard },
  plan: { queryKey: subscriptionPricingQueryKey, load: getSubscriptionPricing },
  planPrice: { queryKey: subscriptionPriceQueryKey, load: getSubscriptionPrice },
  activeVisits: { queryKey: activeVisitsQueryKey, load: getActiveVisits },
};

/** Answers that change the appointment list: it is gone, not here, or not yet. */
const appointmentCodes = new Set([
  'APPOINTMENT_EXPIRED',
  'APPOINTMENT_NOT_IN_LOCATION',
  'APPOINTMENT_TOO_EARLY',
  'NOT_FOUND',
]);

/**
 * Paying to start an appointment, as Get Care's payment step does (lib/payments/visit-checkout:
 * the coupon or account price, or the plan's member price for the appointment's patient, credit
 * first, a saved card or a new one), then 'Pay and start' (POST /appointments-start/{id}) and
 * the waiting room, where the call follows.
 */
export function StartDialog({
  appointment,
  onClose,
}: {
  appointment: ScheduledAppointment;
  onClose: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const appointmentStarted = useAppointmentStarted();
  const refreshAppointments = useRefreshScheduledAppointments();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const started = (visit: PatientVisit) => {
    appointmentStarted(visit);
    onClose();
    navigate(link('/waiting'));
  };

  const pay = useVisitCheckout({
    api: checkoutApi,
    patientId: appointment.patientId,
    start: (payment) =>
      startAppointment(appointment.appointmentId, {
        ...payment,
        visitScreenResult: null,
        idempotencyKey,
      }),
    onStarted: started,
    onNewAttempt: () => setIdempotencyKey(newIdempotencyKey()),
    onRefused: (error) => {
      if (appointmentCodes.has(error.errorCode)) {
        refreshAppointments();
      }
    },
  });

  return (
    <Dialog
      opened
      onClose={pay.pending ? () => undefined : onClose}
      title={t('appointmentUi.start.title')}
      size="lg"
    >
      <Stack data-testid="appointment-start-dialog">
        <AppointmentFacts appointment={appointment} />
        <AppointmentPayment checkout={pay} />
        <DialogActions
          error={pay.problem}
          errorTestId="appointment-error"
          pending={pay.pending}
          cancelLabel={t('appointmentUi.cancel')}
          onCancel={onClose}
        >
          <Button
            onClick={pay.submit}
            loading={pay.pending}
            disabled={pay.submitDisabled}
            data-testid="appointment-pay-start"
          >
            {t('appointmentUi.start.submit')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}

/** When, with whom, for whom and why. */
function AppointmentFacts({ appointment }: { appointment: ScheduledAppointment }) {
  const t = useT();
  const lang = useLang();
  return (
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
  );
}

/** The price, coupon, credit and card, in the appointment's words. */
function AppointmentPayment({ checkout }: { checkout: ReturnType<typeof useVisitCheckout> }) {
  return (
    <VisitCheckoutPayment
      checkout={checkout}
      texts={{
        price: 'appointmentUi.start.price',
        coupon: 'appointmentUi.start.coupon',
        newPrice: 'appointmentUi.start.newPrice',
        free: 'appointmentUi.start.free',
        credit: 'appointmentUi.start.credit',
        payWith: 'appointmentUi.start.payWith',
        noCards: 'appointmentUi.start.noCards',
      }}
      ids={{
        priceLabel: 'appointment-price-label',
        price: 'appointment-price',
        source: 'appointment-price-source',
        priceChanged: 'appointment-price-changed',
        free: 'appointment-free',
      }}
    />
  );
}
