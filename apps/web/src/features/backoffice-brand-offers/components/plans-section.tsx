import type {
  BrandSubscriptions,
  BrandSubscriptionsRequest,
  CatalogForm,
} from '@apothecall/domain/brands/brand-offers.api';
import { dollarsToCents } from '@apothecall/domain/pricing/pricing.rules';
import {
  type BillingPeriod,
  billingPeriods,
  type SubscriptionPlan,
  subscriptionPlans,
} from '@apothecall/domain/subscriptions/subscriptions.rules';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useBrandSubscriptions, useSetBrandSubscriptions } from '../api/offer-hooks';
import { LoadProblem } from './load-problem';

type Catalog = NonNullable<BrandSubscriptions['catalog']>;

interface PlanRow {
  plan: SubscriptionPlan;
  period: BillingPeriod;
  monthly: string;
  freeMonths: string;
}
interface ServiceRow {
  id: string;
  en: string;
  es: string;
  monthly: string;
  months: string;
}

const dollars = (cents: number) => String(cents / 100);
/** Dollars typed as cents; NaN (sent as null, named by the server) when not a number. */
const cents = (text: string) =>
  text.trim() === '' ? Number.NaN : dollarsToCents(Number(text.trim().replace(',', '.')));
const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

function rowsOf(catalog: Catalog) {
  return {
    plans: catalog.plans.map((p) => ({
      plan: p.plan,
      period: p.period,
      monthly: dollars(p.monthlyCents),
      freeMonths: String(p.freeMonths),
    })),
    member: dollars(catalog.memberVisitCents),
    nonmember: dollars(catalog.nonmemberVisitCents),
    services: catalog.rxServices.map((s) => ({
      id: s.id,
      en: s.name.en,
      es: s.name.es,
      monthly: dollars(s.monthlyCents),
      months: s.months.join(', '),
    })),
  };
}

/**
 * The brand's subscription plans and prices: whether it sells subscriptions, and its
 * own catalog (or the deployment's defaults): plans by period with the monthly price and free
 * months, a member's and a non-member's visit price, and the medication subscriptions with their
 * names in English and Spanish, monthly price and billing intervals. Admin saves; support reads.
 * A subscriber keeps the price they bought at.
 */
export function PlansSection({ brandId, mayWrite }: { brandId: string; mayWrite: boolean }) {
  const t = useT();
  const query = useBrandSubscriptions(brandId);
  return (
    <SectionCard
      title={t('brandOffers.catalog.title')}
      description={t('brandOffers.catalog.keepNote')}
      testId="brand-plans"
    >
      {query.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : query.isError ? (
        <LoadProblem error={query.error} retry={() => void query.refetch()} />
      ) : (
        <PlansForm
          key={JSON.stringify(query.data)}
          brandId={brandId}
          data={query.data}
          mayWrite={mayWrite}
        />
      )}
    </SectionCard>
  );
}

export function PlansForm({
  brandId,
  data,
  mayWrite,
}: {
  brandId: string;
  data: BrandSubscriptions;
  mayWrite: boolean;
}) {
  const t = useT();
  const initial = rowsOf(data.catalog ?? data.defaults);
  const [sells, setSells] = useState(data.sells);
  const [own, setOwn] = useState(data.catalog !== null);
  const [plans, setPlans] = useState<PlanRow[]>(initial.plans);
  const [member, setMember] = useState(initial.member);
  const [nonmember, setNonmember] = useState(initial.nonmember);
  const [services, setServices] = useState<ServiceRow[]>(initial.services);

  const request = (): BrandSubscriptionsRequest => {
    const catalog: CatalogForm | null = own
      ? {
          plans: plans.map((p) => ({
            plan: p.plan,
            period: p.period,
            monthlyCents: cents(p.monthly),
            freeMonths: whole(p.freeMonths),
          })),
          memberVisitCents: cents(member),
          nonmemberVisitCents: cents(nonmember),
          rxServices: services.map((s) => ({
            id: s.id,
            name: { en: s.en, es: s.es },
            monthlyCents: cents(s.monthly),
            months: s.months
              .split(/[,\s]+/)
              .filter(Boolean)
              .map((m) => whole(m)),
          })),
        }
      : null;
    return { sells, catalog };
  };
  const save = useSetBrandSubscriptions(brandId, {
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('brandOffers.saved') });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(request());
  };
  const setPlan = (i: number, change: Partial<PlanRow>) =>
    setPlans((rows) => rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const setService = (i: number, change: Partial<ServiceRow>) =>
    setServices((rows) => rows.map((r, j) => (j === i ? { ...r, ...change } : r)));

  return (
    <form onSubmit={submit} data-testid="plans-form">
      <fieldset disabled={!mayWrite} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <Checkbox
            label={t('brandOffers.catalog.sells')}
            checked={sells}
            onChange={(e) => setSells(e.currentTarget.checked)}
          />
          <Checkbox
            label={t('brandOffers.catalog.own')}
            checked={own}
            onChange={(e) => setOwn(e.currentTarget.checked)}
          />
          {own ? null : <Text size="sm">{t('brandOffers.catalog.defaultsNote')}</Text>}
          <Fieldset legend={t('brandOffers.catalog.plans')} disabled={!own}>
            <Stack gap="xs">
              {plans.map((p, i) => (
                <SimpleGrid
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
                  key={i}
                  cols={{ base: 2, sm: 5 }}
                  data-testid={`plan-row-${i}`}
                >
                  <Select
                    label={t('brandOffers.catalog.label.plan')}
                    data={subscriptionPlans.map((v) => ({
                      value: v,
                      label: t(`brandOffers.catalog.plan.${v}`),
                    }))}
                    value={p.plan}
                    allowDeselect={false}
                    onChange={(v) => setPlan(i, { plan: (v as SubscriptionPlan | null) ?? p.plan })}
                  />
                  <Select
                    label={t('brandOffers.catalog.label.period')}
                    data={billingPeriods.map((v) => ({
                      value: v,
                      label: t(`brandOffers.catalog.period.${v}`),
                    }))}
                    value={p.period}
                    allowDeselect={false}
                    onChange={(v) =>
                      setPlan(i, { period: (v as BillingPeriod | null) ?? p.period })
                    }
                  />
                  <TextInput
                    label={t('brandOffers.catalog.label.monthly')}
                    inputMode="decimal"
                    value={p.monthly}
                    onChange={(e) => setPlan(i, { monthly: e.currentTarget.value })}
                  />
                  <TextInput
                    label={t('brandOffers.catalog.label.freeMonths')}
                    inputMode="numeric"
                    value={p.freeMonths}
                    onChange={(e) => setPlan(i, { freeMonths: e.currentTarget.value })}
                  />
                  <Button
                    variant="subtle"
                    color="red"
                    mt="lg"
                    onClick={() => setPlans((rows) => rows.filter((_, j) => j !== i))}
                  >
                    {t('brandOffers.catalog.remove')}
                  </Button>
                </SimpleGrid>
              ))}
              <Group>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() =>
                    setPlans((rows) => [
                      ...rows,
                      { plan: 'individual', period: 'annual', monthly: '', freeMonths: '0' },
                    ])
                  }
                >
                  {t('brandOffers.catalog.addPlan')}
                </Button>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('brandOffers.catalog.label.memberVisit')}
                  inputMode="decimal"
                  value={member}
                  onChange={(e) => setMember(e.currentTarget.value)}
                />
                <TextInput
                  label={t('brandOffers.catalog.label.nonmemberVisit')}
                  inputMode="decimal"
                  value={nonmember}
                  onChange={(e) => setNonmember(e.currentTarget.value)}
                />
              </SimpleGrid>
            </Stack>
          </Fieldset>
          <Fieldset legend={t('brandOffers.catalog.services')} disabled={!own}>
            <Stack gap="xs">
              {services.length === 0 ? (
                <Text size="sm">{t('brandOffers.catalog.noServices')}</Text>
              ) : null}
              {services.map((s, i) => (
                <SimpleGrid
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
                  key={i}
                  cols={{ base: 1, sm: 3 }}
                  data-testid={`service-row-${i}`}
                >
                  <TextInput
                    label={t('brandOffers.catalog.label.serviceId')}
                    value={s.id}
                    onChange={(e) => setService(i, { id: e.currentTarget.value })}
                  />
                  <TextInput
                    label={t('brandOffers.catalog.label.nameEn')}
                    value={s.en}
                    onChange={(e) => setService(i, { en: e.currentTarget.value })}
                  />
                  <TextInput
                    label={t('brandOffers.catalog.label.nameEs')}
                    value={s.es}
                    onChange={(e) => setService(i, { es: e.currentTarget.value })}
                  />
                  <TextInput
                    label={t('brandOffers.catalog.label.monthly')}
                    inputMode="decimal"
                    value={s.monthly}
                    onChange={(e) => setService(i, { monthly: e.currentTarget.value })}
                  />
                  <TextInput
                    label={t('brandOffers.catalog.label.months')}
                    value={s.months}
                    onChange={(e) => setService(i, { months: e.currentTarget.value })}
                  />
                  <Button
                    variant="subtle"
                    color="red"
                    mt="lg"
                    onClick={() => setServices((rows) => rows.filter((_, j) => j !== i))}
                  >
                    {t('brandOffers.catalog.remove')}
                  </Button>
                </SimpleGrid>
              ))}
              <Group>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() =>
                    setServices((rows) => [
                      ...rows,
                      { id: '', en: '', es: '', monthly: '', months: '1' },
                    ])
                  }
                >
                  {t('brandOffers.catalog.addService')}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
          {mayWrite ? (
            <Group>
              <Button type="submit" loading={save.isPending}>
                {t('brandOffers.save')}
              </Button>
            </Group>
          ) : null}
          {save.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, save.error)}
            </Alert>
          ) : null}
        </Stack>
      </fieldset>
    </form>
  );
}
