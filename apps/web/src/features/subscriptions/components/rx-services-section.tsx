import { link } from '@apothecall/domain/navigation/links';
import type {
  RxServiceView,
  SubscriptionView,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import { Alert, Anchor, Button, Group, Loader, Radio, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Dialog, DialogActions } from '../../../components/dialog';
import { Facts } from '../../../components/facts';
import { ListCard } from '../../../components/list-card';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { CardChoice } from '../../../lib/payments/card-choice';
import { formatCents } from '../../../lib/payments/payment-format';
import { useDraft } from '../../../lib/use-draft';
import { useRxServices } from '../api/get-rx-services';
import { usePurchaseServices } from '../api/purchase-services';
import { useSubscriptionChanges } from '../hooks/use-subscription-changes';
import { useSubscriptionCharge } from '../hooks/use-subscription-charge';
import { LoadProblem } from './load-problem';
import { CancelSubscriptionDialog } from './reason-dialog';
import {
  billedText,
  cardText,
  checkService,
  everyMonthsText,
  everyText,
  type FieldError,
  renewalText,
  renewsTermsText,
  type ServiceField,
  serviceBilledCents,
  subscribedTo,
} from './subscription-format';
import { SubscriptionStatusChip } from './subscription-status-chip';
import { TermsAccept } from './terms-accept';

/**
 * 'Medications by subscription' (GET /rx-services): the medications the brand's pharmacy
 * supplies monthly, each with its monthly price and billing intervals and a Subscribe dialog
 * (interval, card, terms -> POST /purchase-services); then the account's rx subscriptions, each
 * with Cancel (a reason) or Uncancel.
 */
export function RxServicesSection() {
  const t = useT();
  const services = useRxServices();
  const [subscribing, setSubscribing] = useState<RxServiceView | null>(null);
  const listId = useId();
  const mineId = useId();
  const now = Date.now();
  return (
    <SectionCard
      title={t('subscriptionUi.rx.title')}
      description={t('subscriptionUi.rx.lead')}
      testId="subscription-rx"
    >
      {services.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : services.isError ? (
        <LoadProblem error={services.error} retry={() => void services.refetch()} />
      ) : (
        <Stack gap="md">
          {services.data.subscriptions.length > 0 ? (
            <Stack gap="xs">
              <Title order={3} size="h5" id={mineId}>
                {t('subscriptionUi.rx.mine')}
              </Title>
              <Stack component="ul" gap="sm" m={0} p={0} aria-labelledby={mineId}>
                {services.data.subscriptions.map((subscription) => (
                  <RxSubscriptionCard key={subscription.id} subscription={subscription} />
                ))}
              </Stack>
            </Stack>
          ) : null}
          <Title order={3} size="h5" id={listId}>
            {t('subscriptionUi.rx.services')}
          </Title>
          {services.data.services.length === 0 ? (
            <Text size="sm" data-testid="subscription-rx-none">
              {t('subscriptionUi.rx.none')}
            </Text>
          ) : (
            <Stack component="ul" gap="sm" m={0} p={0} aria-labelledby={listId}>
              {services.data.services.map((service) => (
                <ServiceCard
                  key={service.id}
                  service={service}
                  subscribed={subscribedTo(service.id, services.data.subscriptions, now)}
                  onSubscribe={() => setSubscribing(service)}
                />
              ))}
            </Stack>
          )}
        </Stack>
      )}
      {subscribing ? (
        <SubscribeDialog service={subscribing} onClose={() => setSubscribing(null)} />
      ) : null}
    </SectionCard>
  );
}

/** One medication on offer: its name, monthly price and intervals; Subscribe. */
function ServiceCard({
  service,
  subscribed,
  onSubscribe,
}: {
  service: RxServiceView;
  subscribed: boolean;
  onSubscribe: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const titleId = useId();
  return (
    <ListCard labelledBy={titleId} data-testid="subscription-rx-service" data-service={service.id}>
      <Title order={4} size="h6" id={titleId}>
        {service.name}
      </Title>
      <Facts
        labelWidth={160}
        rows={[
          {
            key: 'monthly',
            label: t('subscriptionUi.rx.monthlyPrice'),
            value: t('subscriptionUi.offer.monthly', {
              price: formatCents(service.monthlyCents, lang),
            }),
          },
          {
            key: 'months',
            label: t('subscriptionUi.rx.billing'),
            value: service.months.map((months) => everyMonthsText(t, months)).join(' · '),
          },
        ]}
      />
      <Group>
        {subscribed ? (
          <Text size="sm" fw={600} data-testid="subscription-rx-subscribed">
            {t('subscriptionUi.rx.subscribed')}
          </Text>
        ) : (
          <Button
            size="compact-sm"
            onClick={onSubscribe}
            aria-label={t('subscriptionUi.actionLabel', {
              action: t('subscriptionUi.rx.subscribe'),
              name: service.name,
            })}
            data-testid="subscription-rx-subscribe"
          >
            {t('subscriptionUi.rx.subscribe')}
          </Button>
        )}
      </Group>
    </ListCard>
  );
}

/** What the Subscribe dialog holds: the interval and the terms accepted (refused as 'terms'). */
interface ServiceDraft {
  months: number | null;
  acceptTerms: boolean;
}

/** Subscribes to one medication: the interval, the terms, the card; Subscribe. */
function SubscribeDialog({ service, onClose }: { service: RxServiceView; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const charge = useSubscriptionCharge();
  const { choice, problem, setProblem } = charge;
  const form = useDraft<ServiceDraft, FieldError, ServiceField>(() => ({
    months: service.months[0] ?? null,
    acceptTerms: false,
  }));
  const { draft, errors } = form;
  const { months } = draft;
  const buy = usePurchaseServices({
    onSuccess: (subscription) => {
      notifications.show({
        color: 'green',
        message: t('subscriptionUi.rx.done', { name: subscription.serviceName ?? service.name }),
      });
      onClose();
    },
    onError: (error) => charge.chargeFailed(error, 'subscriptionUi.rx.failed'),
  });
  const submit = () => {
    setProblem(null);
    const check = checkService(draft, service);
    if (!check.ok) {
      form.refuse(check.errors);
      setProblem(t('subscriptionUi.form.fix'));
      return;
    }
    form.refuse({});
    if (!charge.cardChosen()) return;
    buy.mutate({
      service: service.id,
      months: check.months,
      paymentProfileId: choice.cardId,
      idempotencyKey: charge.attempt,
      acceptTerms: true,
    });
  };
  const fieldText = (error: FieldError | undefined) =>
    error ? t(error.key, error.params) : undefined;
  const billed = months === null ? null : formatCents(serviceBilledCents(service, months), lang);
  return (
    <Dialog
      opened
      onClose={buy.isPending ? () => undefined : onClose}
      title={t('subscriptionUi.rx.subscribeTitle', { name: service.name })}
      size="lg"
    >
      <Stack data-testid="subscription-rx-dialog">
        <Radio.Group
          label={t('subscriptionUi.rx.interval')}
          value={months === null ? '' : String(months)}
          onChange={(value) => form.set('months', Number(value))}
          withAsterisk
          error={fieldText(errors.months)}
        >
          <Stack gap="xs" mt="xs">
            {service.months.map((option) => (
              <Radio
                key={option}
                value={String(option)}
                label={everyText(t, formatCents(serviceBilledCents(service, option), lang), option)}
                data-testid={`subscription-rx-months-${option}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        <TermsAccept
          lines={[
            ...(months === null || billed === null ? [] : [renewsTermsText(t, billed, months)]),
            t('subscriptionUi.terms.rxSupply'),
            t('subscriptionUi.terms.cancel'),
            t('subscriptionUi.terms.declined'),
          ]}
          accepted={draft.acceptTerms}
          onChange={(accepted) => {
            form.set('acceptTerms', accepted);
            form.clear('terms');
          }}
          error={fieldText(errors.terms)}
          testId="subscription-rx"
        />
        <CardChoice
          choice={choice}
          label={t('subscriptionUi.pay.payWith')}
          required
          noCardsText={t('subscriptionUi.pay.noCards')}
          onChange={() => setProblem(null)}
        />
        <DialogActions
          error={problem}
          errorTestId="subscription-rx-error"
          pending={buy.isPending}
          cancelLabel={t('subscriptionUi.close')}
          onCancel={onClose}
        >
          <Button
            onClick={submit}
            loading={buy.isPending}
            disabled={choice.adding}
            data-testid="subscription-rx-submit"
          >
            {billed
              ? t('subscriptionUi.rx.submit', { total: billed })
              : t('subscriptionUi.rx.subscribe')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}

/** A service subscription's renewal, billing and card, and a warning when renewals failed. */
function RxSubscriptionFacts({ subscription }: { subscription: SubscriptionView }) {
  const t = useT();
  const lang = useLang();
  const renewal = renewalText(t, subscription, lang);
  return (
    <>
      <Facts
        labelWidth={160}
        rows={[
          ...(renewal
            ? [
                {
                  key: 'renewal',
                  label: t('subscriptionUi.plan.renewal'),
                  value: renewal,
                },
              ]
            : []),
          {
            key: 'billed',
            label: t('subscriptionUi.offer.billedLabel'),
            value: billedText(t, subscription, lang),
          },
          {
            key: 'card',
            label: t('subscriptionUi.plan.card'),
            value: cardText(t, subscription.card),
          },
        ]}
      />
      {subscription.failedRenewals > 0 && subscription.status !== 'inactive' ? (
        <Alert color="yellow" role="alert">
          <Stack gap={4} align="flex-start">
            <Text size="sm">
              {t('subscriptionUi.plan.failedRenewals', { count: subscription.failedRenewals })}
            </Text>
            <Anchor component={Link} to={link('/payments')} size="sm">
              {t('subscriptionUi.plan.updateCard')}
            </Anchor>
          </Stack>
        </Alert>
      ) : null}
    </>
  );
}

/** One of the account's rx subscriptions: status, renewal, billing, card; Cancel or Uncancel. */
function RxSubscriptionCard({ subscription }: { subscription: SubscriptionView }) {
  const t = useT();
  const titleId = useId();
  const { cancel, uncancel } = useSubscriptionChanges();
  const [cancelling, setCancelling] = useState(false);
  const name = subscription.serviceName ?? subscription.serviceId ?? '';
  const label = (action: string) => t('subscriptionUi.actionLabel', { action, name });
  return (
    <ListCard
      labelledBy={titleId}
      data-testid="subscription-rx-subscription"
      data-id={subscription.id}
      data-status={subscription.status}
    >
      <Group gap="xs" justify="space-between">
        <Title order={4} size="h6" id={titleId}>
          {name}
        </Title>
        <SubscriptionStatusChip status={subscription.status} />
      </Group>
      <RxSubscriptionFacts subscription={subscription} />
      {uncancel.isError ? (
        <Alert color="red" role="alert">
          {t('subscriptionUi.uncancel.failed', { message: errorText(t, uncancel.error) })}
        </Alert>
      ) : null}
      <Group gap="xs">
        {subscription.status === 'active' ? (
          <Button
            size="compact-sm"
            variant="outline"
            color="red"
            onClick={() => {
              cancel.reset();
              setCancelling(true);
            }}
            aria-label={label(t('subscriptions.cancel'))}
            data-testid="subscription-rx-cancel"
          >
            {t('subscriptions.cancel')}
          </Button>
        ) : null}
        {subscription.status === 'cancelled' ? (
          <Button
            size="compact-sm"
            onClick={() => uncancel.mutate(subscription.id)}
            loading={uncancel.isPending}
            aria-label={label(t('subscriptions.uncancel'))}
            data-testid="subscription-rx-uncancel"
          >
            {t('subscriptions.uncancel')}
          </Button>
        ) : null}
      </Group>
      {cancelling ? (
        <CancelSubscriptionDialog
          title={t('subscriptionUi.cancel.rxTitle', { name })}
          id={subscription.id}
          renewDate={subscription.renewDate}
          cancel={cancel}
          onClose={() => setCancelling(false)}
          testId="subscription-rx-cancel-dialog"
        />
      ) : null}
    </ListCard>
  );
}
