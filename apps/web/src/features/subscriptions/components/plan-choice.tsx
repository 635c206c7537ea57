import type { PlanOffer } from '@apothecall/domain/subscriptions/subscriptions.api';
import type {
  BillingPeriod,
  SubscriptionPlan,
} from '@apothecall/domain/subscriptions/subscriptions.rules';
import { Radio, Stack, Text } from '@mantine/core';
import { Facts } from '../../../components/facts';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import {
  monthsText,
  offersOf,
  offerText,
  planKeys,
  plansOffered,
  visitPricesOf,
} from './subscription-format';

/** The plan (individual or family) among those the brand sells. */
export function PlanRadios({
  offers,
  value,
  onChange,
  error,
}: {
  offers: readonly PlanOffer[];
  value: SubscriptionPlan | null;
  onChange: (plan: SubscriptionPlan) => void;
  error: string | undefined;
}) {
  const t = useT();
  return (
    <Radio.Group
      label={t('subscriptionUi.purchase.plan')}
      value={value ?? ''}
      onChange={(next) => onChange(next as SubscriptionPlan)}
      withAsterisk
      error={error}
    >
      <Stack gap="xs" mt="xs">
        {plansOffered(offers).map((plan) => (
          <Radio
            key={plan}
            value={plan}
            label={t(planKeys[plan])}
            description={
              plan === 'family'
                ? t('subscriptionUi.purchase.familyHint')
                : t('subscriptionUi.purchase.individualHint')
            }
            data-testid={`subscription-plan-${plan}`}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The billing period among the chosen plan's offers, each with what it bills. */
export function PeriodRadios({
  offers,
  plan,
  value,
  onChange,
  error,
}: {
  offers: readonly PlanOffer[];
  plan: SubscriptionPlan | null;
  value: BillingPeriod | null;
  onChange: (period: BillingPeriod) => void;
  error: string | undefined;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <Radio.Group
      label={t('subscriptionUi.purchase.period')}
      value={value ?? ''}
      onChange={(next) => onChange(next as BillingPeriod)}
      withAsterisk
      error={error}
    >
      <Stack gap="xs" mt="xs">
        {offersOf(offers, plan).map((offer) => {
          const text = offerText(t, offer, lang);
          return (
            <Radio
              key={offer.period}
              value={offer.period}
              label={t('subscriptionUi.offer.label', {
                period: text.period,
                billed: formatCents(offer.billedCents, lang),
              })}
              description={text.free ? `${text.monthly} · ${text.free}` : text.monthly}
              data-testid={`subscription-period-${offer.period}`}
            />
          );
        })}
      </Stack>
    </Radio.Group>
  );
}

/**
 * The chosen offer in full: its months, what each period bills, the monthly rate, the free
 * months, and the visit prices it gives (the member price for the subscriber; for family
 * members, the member price on a family plan and the non-member price on an individual one).
 */
export function OfferSummary({
  offer,
  prices,
}: {
  offer: PlanOffer;
  prices: { memberVisitCents: number; nonmemberVisitCents: number };
}) {
  const t = useT();
  const lang = useLang();
  const text = offerText(t, offer, lang);
  const visits = visitPricesOf(offer.plan, prices);
  return (
    <Stack gap="xs" data-testid="subscription-offer">
      <Facts
        labelWidth={220}
        rows={[
          { key: 'plan', label: t('subscriptionUi.purchase.plan'), value: t(planKeys[offer.plan]) },
          { key: 'period', label: t('subscriptionUi.purchase.period'), value: text.period },
          {
            key: 'months',
            label: t('subscriptionUi.offer.months'),
            value: <span data-testid="subscription-months">{monthsText(t, offer.months)}</span>,
          },
          {
            key: 'monthly',
            label: t('subscriptionUi.offer.monthlyRate'),
            value: <span data-testid="subscription-monthly">{text.monthly}</span>,
          },
          ...(text.free
            ? [
                {
                  key: 'free',
                  label: t('subscriptionUi.offer.free'),
                  value: <span data-testid="subscription-free">{text.free}</span>,
                },
              ]
            : []),
          {
            key: 'billed',
            label: t('subscriptionUi.offer.billedLabel'),
            value: (
              <Text component="span" fw={700} size="lg" data-testid="subscription-billed">
                {formatCents(offer.billedCents, lang)}
              </Text>
            ),
          },
          {
            key: 'subscriberVisit',
            label: t('subscriptionUi.offer.subscriberVisit'),
            value: (
              <span data-testid="subscription-member-visit">
                {t('subscriptionUi.offer.memberPrice', {
                  price: formatCents(visits.subscriberCents, lang),
                })}
              </span>
            ),
          },
          {
            key: 'familyVisit',
            label: t('subscriptionUi.offer.familyVisit'),
            value: (
              <span data-testid="subscription-family-visit">
                {offer.plan === 'family'
                  ? t('subscriptionUi.offer.memberPrice', {
                      price: formatCents(visits.familyCents, lang),
                    })
                  : t('subscriptionUi.offer.nonmemberPrice', {
                      price: formatCents(visits.familyCents, lang),
                    })}
              </span>
            ),
          },
        ]}
      />
    </Stack>
  );
}
