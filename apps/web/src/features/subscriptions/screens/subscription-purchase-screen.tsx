import { link } from '@apothecall/domain/navigation/links';
import type { PlanOffer } from '@apothecall/domain/subscriptions/subscriptions.api';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useLang, useT } from '../../../lib/i18n';
import { CardChoice } from '../../../lib/payments/card-choice';
import { formatCents } from '../../../lib/payments/payment-format';
import { useDraft } from '../../../lib/use-draft';
import { type SubscriptionPricing, useSubscriptionPricing } from '../api/get-subscription-pricing';
import { usePurchaseSubscription } from '../api/purchase-subscription';
import { LoadProblem } from '../components/load-problem';
import { OfferSummary, PeriodRadios, PlanRadios } from '../components/plan-choice';
import {
  checkPlan,
  defaultPeriod,
  type FieldError,
  findOffer,
  type PlanDraft,
  type PlanField,
  plansOffered,
  renewsTermsText,
  viewInForce,
} from '../components/subscription-format';
import { TermsAccept } from '../components/terms-accept';
import { useSubscriptionCharge } from '../hooks/use-subscription-charge';

/**
 * /subscription-purchase: a visit plan, individual or family, for a billing period
 * among those GET /subscription-pricing offers (months, what each period bills, the monthly
 * rate, the free months, the visit prices it gives); the subscription terms and 'I accept'; a
 * saved card or a new one; Buy. Buying opens /subscription. A brand that sells no plans, or an
 * account with a plan in force, is told so.
 */
export function SubscriptionPurchaseScreen() {
  const t = useT();
  const pricing = useSubscriptionPricing({ staleTime: 0 });
  return (
    <Stack p="md" maw={720} mx="auto" w="100%" data-screen="subscription-purchase">
      <Anchor component={Link} to={link('/subscription')} size="sm">
        {t('subscriptionUi.backToPlan')}
      </Anchor>
      <Title order={1} size="h2">
        {t('subscriptionUi.purchase.title')}
      </Title>
      <Text c="dimmed">{t('subscriptionUi.purchase.lead')}</Text>
      {pricing.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : pricing.isError ? (
        <LoadProblem error={pricing.error} retry={() => void pricing.refetch()} />
      ) : (
        <PurchaseBody pricing={pricing.data} />
      )}
    </Stack>
  );
}

function PurchaseBody({ pricing }: { pricing: SubscriptionPricing }) {
  const t = useT();
  const inForce = pricing.session?.active === true || viewInForce(pricing.subscription, Date.now());
  if (inForce) {
    return (
      <Alert color="blue" data-testid="subscription-already">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('subscriptionUi.purchase.already')}</Text>
          <Anchor component={Link} to={link('/subscription')} size="sm">
            {t('subscriptionUi.purchase.seePlan')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (!pricing.available || pricing.plans.length === 0) {
    return (
      <Alert color="yellow" role="status" data-testid="subscription-unavailable">
        {t('subscriptionUi.purchase.unavailable')}
      </Alert>
    );
  }
  return <PurchaseForm pricing={pricing} offers={pricing.plans} />;
}

function PurchaseForm({
  pricing,
  offers,
}: {
  pricing: SubscriptionPricing;
  offers: readonly PlanOffer[];
}) {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const charge = useSubscriptionCharge();
  const { choice, problem, setProblem } = charge;
  // The terms' refusal is named 'terms', not after the box's field.
  const form = useDraft<PlanDraft, FieldError, PlanField>(() => {
    const plan = plansOffered(offers)[0] ?? null;
    return { plan, period: defaultPeriod(offers, plan), acceptTerms: false };
  });
  const { draft, errors } = form;
  const { plan, period } = draft;

  // A plan without the chosen period (another plan's) starts from its own default period (the
  // refusals shown stay: this is not the person's change).
  useEffect(() => {
    if (!findOffer(offers, plan, period)) {
      form.setDraft((current) => ({ ...current, period: defaultPeriod(offers, plan) }));
    }
  }, [offers, plan, period, form.setDraft]);

  const offer = findOffer(offers, plan, period);

  const buy = usePurchaseSubscription({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('subscriptionUi.purchase.done') });
      navigate(link('/subscription'));
    },
    onError: (error) => charge.chargeFailed(error, 'subscriptionUi.purchase.failed'),
  });

  const submit = () => {
    setProblem(null);
    const check = checkPlan(draft, offers);
    if (!check.ok) {
      form.refuse(check.errors);
      setProblem(t('subscriptionUi.form.fix'));
      return;
    }
    form.refuse({});
    if (!charge.cardChosen()) return;
    buy.mutate({
      ...check.request,
      paymentProfileId: choice.cardId,
      idempotencyKey: charge.attempt,
    });
  };

  const fieldText = (error: FieldError | undefined) =>
    error ? t(error.key, error.params) : undefined;
  const termsLines = offer
    ? [
        renewsTermsText(t, formatCents(offer.billedCents, lang), offer.months),
        t('subscriptionUi.terms.cancel'),
        t('subscriptionUi.terms.uncancel'),
        t('subscriptionUi.terms.declined'),
      ]
    : [t('subscriptionUi.terms.cancel'), t('subscriptionUi.terms.uncancel')];

  return (
    <>
      <SectionCard title={t('subscriptionUi.purchase.choose')} testId="subscription-purchase-form">
        <Stack gap="md">
          <PlanRadios
            offers={offers}
            value={plan}
            onChange={(next) => {
              form.set('plan', next);
              form.clear('period');
            }}
            error={fieldText(errors.plan)}
          />
          <PeriodRadios
            offers={offers}
            plan={plan}
            value={period}
            onChange={(next) => form.set('period', next)}
            error={fieldText(errors.period)}
          />
        </Stack>
      </SectionCard>
      {offer ? (
        <SectionCard title={t('subscriptionUi.purchase.summary')} testId="subscription-summary">
          <OfferSummary offer={offer} prices={pricing} />
        </SectionCard>
      ) : null}
      <SectionCard title={t('subscriptionUi.pay.title')} testId="subscription-payment">
        <Stack gap="md">
          <TermsAccept
            lines={termsLines}
            accepted={draft.acceptTerms}
            onChange={(accepted) => {
              form.set('acceptTerms', accepted);
              form.clear('terms');
            }}
            error={fieldText(errors.terms)}
            testId="subscription-purchase"
          />
          <Stack gap="xs">
            <CardChoice
              choice={choice}
              label={t('subscriptionUi.pay.payWith')}
              required
              noCardsText={t('subscriptionUi.pay.noCards')}
              onChange={() => setProblem(null)}
            />
          </Stack>
        </Stack>
      </SectionCard>
      {problem ? (
        <Alert color="red" role="alert" data-testid="subscription-purchase-error">
          {problem}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button
          onClick={submit}
          loading={buy.isPending}
          disabled={choice.adding}
          data-testid="subscription-purchase-submit"
        >
          {offer
            ? t('subscriptionUi.purchase.submit', { total: formatCents(offer.billedCents, lang) })
            : t('subscriptionUi.purchase.submitNoTotal')}
        </Button>
      </Group>
    </>
  );
}
