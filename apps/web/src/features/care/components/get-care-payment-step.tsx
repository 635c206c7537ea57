import type { PharmacyChoice } from '@apothecall/domain/care/care.schemas';
import type { VisitScreenResult } from '@apothecall/domain/care/screening.evaluate';
import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { Alert, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import {
  useVisitCheckout,
  type VisitCheckoutApi,
  VisitCheckoutPayment,
} from '../../../lib/payments/visit-checkout';
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
import { activeVisitsQueryKey, getActiveVisits } from '../api/get-active-visits';
import type { Pharmacy } from '../api/search-pharmacies';
import { startVisit } from '../api/start-visit';
import { reasonLabel, stateLabel } from './get-care-format';
import { pharmacyAddress } from './get-care-pharmacy-step';
import { GetCareStepFrame } from './get-care-step-frame';

/** The calls the checkout makes (lib/payments/visit-checkout). */
const checkoutApi: VisitCheckoutApi = {
  accountPrice: { queryKey: accountPriceQueryKey, load: getAccountPrice },
  credit: { queryKey: rewardBalanceQueryKey, load: getRewardBalance },
  cards: { queryKey: paymentProfilesQueryKey, load: getPaymentProfiles, add: addCard },
  plan: { queryKey: subscriptionPricingQueryKey, load: getSubscriptionPricing },
  planPrice: { queryKey: subscriptionPriceQueryKey, load: getSubscriptionPrice },
  activeVisits: { queryKey: activeVisitsQueryKey, load: getActiveVisits },
};

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
 * Step 7: what the visit is, then the checkout (lib/payments/visit-checkout: the price, the
 * member price of the account's visit plan, credit, a saved card or a new one, a stale price
 * shown again) and 'Start visit' (POST /visit-start/).
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
  const pay = useVisitCheckout({
    api: checkoutApi,
    patientId: checkout.patientId,
    start: (payment) =>
      startVisit({
        patientID: checkout.patientId,
        complaint: { reason: checkout.reason, notes: checkout.notes },
        pharmacy: toChoice(checkout.pharmacy),
        states: [checkout.state],
        ...payment,
        visitScreenResult: checkout.screenResult,
        idempotencyKey: checkout.idempotencyKey,
      }),
    onStarted,
    onNewAttempt,
  });

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
      onContinue={pay.submit}
      continueLabel={t('careUi.payment.start')}
      continueLoading={pay.pending}
      continueDisabled={pay.submitDisabled}
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
      <VisitCheckoutPayment
        checkout={pay}
        texts={{
          price: 'careUi.payment.price',
          coupon: 'careUi.payment.coupon',
          newPrice: 'careUi.payment.newPrice',
          free: 'careUi.payment.free',
          credit: 'careUi.payment.credit',
          payWith: 'careUi.payment.payWith',
          noCards: 'careUi.payment.noCards',
        }}
        ids={{
          priceLabel: 'care-price-label',
          price: 'care-price',
          source: 'care-price-source',
          priceChanged: 'care-price-changed',
          free: 'care-free',
        }}
      />
      {pay.problem ? (
        <Alert color="red" role="alert" data-testid="care-start-error">
          {pay.problem}
        </Alert>
      ) : null}
    </GetCareStepFrame>
  );
}
