import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Facts } from '../../../components/facts';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { CardChoice } from '../../../lib/payments/card-choice';
import { formatCents } from '../../../lib/payments/payment-format';
import type { VisitsCharge } from '../hooks/use-visits-charge';
import { totalCents, visitsText } from './prepay-format';

/**
 * The money side of buying visits (a purchase, added funds): the price of one visit, the
 * visits, the total, and the card that pays (a saved one, or a new one added here, as in the
 * Rx payment step); then the problem, if any, and the pay button. The card form is a form of
 * its own, so this sits outside the visits form.
 */
export function VisitsCheckout({
  visits,
  charge,
  pending,
  onSubmit,
  submitLabel,
  testId,
}: {
  /** The visits typed (NaN while not a whole number). */
  visits: number;
  charge: VisitsCharge;
  pending: boolean;
  onSubmit: () => void;
  /** The pay button's text, with the total (formatted) once the price is known. */
  submitLabel: (total: string | null) => string;
  /** The screen's: the problem is `${testId}-error`, the pay button `${testId}-submit`. */
  testId: string;
}) {
  const t = useT();
  const lang = useLang();
  const { pricing, choice, problem, setProblem } = charge;
  const total = pricing.data ? totalCents(visits, pricing.data.visitPrice) : null;
  return (
    <>
      <VisitsPrice visits={visits} pricing={pricing} total={total} />
      <SectionCard title={t('prepayUi.pay.title')} testId="prepay-payment">
        <Stack gap="xs">
          <CardChoice
            choice={choice}
            label={t('prepayUi.pay.payWith')}
            required
            noCardsText={t('prepayUi.pay.noCards')}
            onChange={() => setProblem(null)}
          />
        </Stack>
      </SectionCard>
      {problem ? (
        <Alert color="red" role="alert" data-testid={`${testId}-error`}>
          {problem}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button
          onClick={onSubmit}
          loading={pending}
          disabled={!pricing.data || choice.adding}
          data-testid={`${testId}-submit`}
        >
          {submitLabel(total === null ? null : formatCents(total, lang))}
        </Button>
      </Group>
    </>
  );
}

/** The price of one visit, the visits and the total (or why the price could not be read). */
function VisitsPrice({
  visits,
  pricing,
  total,
}: {
  visits: number;
  pricing: VisitsCharge['pricing'];
  total: number | null;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <SectionCard title={t('prepayUi.price.title')} testId="prepay-price">
      {pricing.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : pricing.isError ? (
        <Alert color="red" role="alert">
          {t('prepayUi.price.failed', { message: errorText(t, pricing.error) })}
        </Alert>
      ) : (
        <Facts
          labelWidth={180}
          rows={[
            {
              key: 'perVisit',
              label: t('prepayUi.price.perVisit'),
              value: (
                <span data-testid="prepay-visit-price">
                  {formatCents(pricing.data.visitPrice, lang)}
                </span>
              ),
            },
            {
              key: 'visits',
              label: t('prepayUi.price.visits'),
              value: Number.isInteger(visits) && visits > 0 ? visitsText(t, visits) : '—',
            },
            {
              key: 'total',
              label: t('prepayUi.price.total'),
              value: (
                <Text component="span" fw={700} size="lg" data-testid="prepay-total">
                  {total === null ? '—' : formatCents(total, lang)}
                </Text>
              ),
            },
          ]}
        />
      )}
    </SectionCard>
  );
}
