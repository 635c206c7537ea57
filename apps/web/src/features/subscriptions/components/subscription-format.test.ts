import { translate } from '@apothecall/domain/i18n/catalog';
import type {
  PlanOffer,
  SubscriberView,
  SubscriptionView,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import { subscriptionStatuses } from '@apothecall/domain/subscriptions/subscriptions.rules';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { loadLanguage, loadScreenTexts, translator } from '../../../lib/i18n';
import {
  adminActions,
  attemptMayHaveRun,
  billedText,
  cardText,
  checkPlan,
  checkReason,
  checkService,
  defaultPeriod,
  everyText,
  findOffer,
  freeMonthsText,
  monthLabel,
  offersOf,
  offerText,
  plansOffered,
  renewalText,
  renewsTermsText,
  revenueBars,
  revenueTotals,
  serviceBilledCents,
  statusColours,
  subscribedTo,
  subscribedToText,
  viewInForce,
  visitPricesOf,
} from './subscription-format';

await loadLanguage('en');
await loadScreenTexts();
const en = translator('en', translate);
const es = translator('es', translate);

const offer = (
  plan: PlanOffer['plan'],
  period: PlanOffer['period'],
  months: number,
  monthlyCents: number,
  freeMonths = 0,
): PlanOffer => ({
  plan,
  period,
  months,
  monthlyCents,
  freeMonths,
  billedCents: (months - freeMonths) * monthlyCents,
});

const offers: PlanOffer[] = [
  offer('family', 'annual', 12, 4000, 1),
  offer('individual', 'annual', 12, 2500, 1),
  offer('individual', 'semiannual', 6, 2500),
  offer('family', 'quarterly', 3, 4000),
];

const view = (over: Partial<SubscriptionView> = {}): SubscriptionView => ({
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'visits',
  plan: 'family',
  period: 'annual',
  serviceId: null,
  serviceName: null,
  months: 12,
  status: 'active',
  renewDate: '2027-01-15T12:00:00Z',
  startedAt: '2026-01-15T12:00:00Z',
  cancelledAt: null,
  cancelReason: null,
  billedCents: 44_000,
  card: { brand: 'visa', last4: '1111' },
  failedRenewals: 0,
  ...over,
});

describe('the plans on offer', () => {
  it('lists the plans in the contract order and each plan’s periods shortest first', () => {
    expect(plansOffered(offers)).toEqual(['individual', 'family']);
    expect(plansOffered([offers[0] as PlanOffer])).toEqual(['family']);
    expect(offersOf(offers, 'individual').map((o) => o.period)).toEqual(['semiannual', 'annual']);
    expect(offersOf(offers, 'family').map((o) => o.period)).toEqual(['quarterly', 'annual']);
    expect(offersOf(offers, null)).toEqual([]);
  });

  it('starts from annual billing when sold, else the shortest period', () => {
    expect(defaultPeriod(offers, 'family')).toBe('annual');
    expect(defaultPeriod([offer('family', 'quarterly', 3, 4000)], 'family')).toBe('quarterly');
    expect(defaultPeriod(offers, null)).toBeNull();
    expect(findOffer(offers, 'individual', 'quarterly')).toBeUndefined();
    expect(findOffer(offers, 'family', 'annual')?.billedCents).toBe(44_000);
  });

  it('says the months, what each period bills, the monthly rate and the free month', () => {
    const annual = findOffer(offers, 'individual', 'annual') as PlanOffer;
    expect(offerText(en, annual, 'en')).toEqual({
      period: 'Billed annually',
      billed: '$275.00 every 12 months',
      monthly: '$25.00 per month',
      free: 'One month free on annual billing',
    });
    const semi = findOffer(offers, 'individual', 'semiannual') as PlanOffer;
    expect(offerText(en, semi, 'en').free).toBeNull();
    expect(offerText(es, annual, 'es')).toMatchObject({
      period: 'Facturación anual',
      billed: '$275.00 cada 12 meses',
      free: 'Un mes gratis con la facturación anual',
    });
  });

  it('words other free months without claiming annual billing', () => {
    expect(freeMonthsText(en, { period: 'semiannual', freeMonths: 1 })).toBe('1 month free');
    expect(freeMonthsText(en, { period: 'annual', freeMonths: 2 })).toBe('2 months free');
    expect(freeMonthsText(en, { period: 'annual', freeMonths: 0 })).toBeNull();
  });

  it('gives the member price to the subscriber, and to family members on a family plan only', () => {
    const prices = { memberVisitCents: 1000, nonmemberVisitCents: 3500 };
    expect(visitPricesOf('individual', prices)).toEqual({
      subscriberCents: 1000,
      familyCents: 3500,
    });
    expect(visitPricesOf('family', prices)).toEqual({ subscriberCents: 1000, familyCents: 1000 });
  });

  it('bills every month or every few months', () => {
    expect(everyText(en, '$30.00', 1)).toBe('$30.00 every month');
    expect(everyText(en, '$90.00', 3)).toBe('$90.00 every 3 months');
    expect(everyText(es, '$90.00', 3)).toBe('$90.00 cada 3 meses');
    expect(renewsTermsText(en, '$275.00', 12)).toContain('every 12 months');
    expect(renewsTermsText(en, '$30.00', 1)).toContain('every month');
    expect(serviceBilledCents({ monthlyCents: 3000 }, 3)).toBe(9000);
  });
});

describe('a subscription', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');

  it('is in force while active, or cancelled before its end', () => {
    expect(viewInForce(view(), now)).toBe(true);
    expect(viewInForce(view({ status: 'cancelled' }), now)).toBe(true);
    expect(viewInForce(view({ status: 'cancelled', renewDate: '2026-05-01T00:00:00Z' }), now)).toBe(
      false,
    );
    expect(viewInForce(view({ status: 'inactive', renewDate: null }), now)).toBe(false);
    expect(viewInForce(null, now)).toBe(false);
  });

  it("says 'Renews on' when active and 'Ends on' when cancelled; nothing when inactive", () => {
    expect(renewalText(en, view(), 'en')).toBe('Renews on Jan 15, 2027');
    expect(renewalText(en, view({ status: 'cancelled' }), 'en')).toBe('Ends on Jan 15, 2027');
    expect(renewalText(en, view({ status: 'inactive' }), 'en')).toBeNull();
    expect(renewalText(es, view({ status: 'cancelled' }), 'es')).toMatch(/^Termina el 15 ene/);
  });

  it('says the billing and the card', () => {
    expect(billedText(en, view(), 'en')).toBe('$440.00 every 12 months');
    expect(cardText(en, view().card)).toBe('Visa •••• 1111');
    expect(cardText(en, { brand: 'acme', last4: '4242' })).toBe('Card •••• 4242');
    expect(cardText(en, null)).toBe('No card on file');
  });

  it('has a colour per status, beside its label', () => {
    for (const status of subscriptionStatuses) expect(statusColours[status]).toMatch(/^#/);
  });

  it('offers a medication only while no subscription to it is in force', () => {
    const rx = view({ kind: 'rx', plan: null, period: null, serviceId: 'sema' });
    expect(subscribedTo('sema', [rx], now)).toBe(true);
    expect(subscribedTo('sema', [{ ...rx, status: 'inactive', renewDate: null }], now)).toBe(false);
    expect(subscribedTo('other', [rx], now)).toBe(false);
  });
});

describe('the forms', () => {
  it('needs a cancel reason of at most 500 characters', () => {
    expect(checkReason('   ')).toEqual({ key: 'subscriptionUi.reason.required' });
    expect(checkReason('Too expensive')).toBeNull();
    expect(checkReason(` ${'x'.repeat(500)} `)).toBeNull();
    expect(checkReason('x'.repeat(501))).toEqual({
      key: 'subscriptionUi.reason.tooLong',
      params: { max: 500 },
    });
  });

  it('buys a plan and period on offer, with the terms accepted', () => {
    expect(checkPlan({ plan: 'family', period: 'annual', acceptTerms: true }, offers)).toEqual({
      ok: true,
      request: { plan: 'family', period: 'annual', acceptTerms: true },
      offer: findOffer(offers, 'family', 'annual'),
    });
    const refused = checkPlan(
      { plan: 'individual', period: 'quarterly', acceptTerms: false },
      offers,
    );
    expect(refused).toEqual({
      ok: false,
      errors: {
        period: { key: 'subscriptionUi.form.periodRequired' },
        terms: { key: 'subscriptionUi.form.termsRequired' },
      },
    });
    expect(checkPlan({ plan: null, period: null, acceptTerms: true }, offers)).toEqual({
      ok: false,
      errors: { plan: { key: 'subscriptionUi.form.planRequired' } },
    });
  });

  it('subscribes to a medication at an interval it offers, with the terms accepted', () => {
    const service = { months: [1, 3] };
    expect(checkService({ months: 3, acceptTerms: true }, service)).toEqual({
      ok: true,
      months: 3,
    });
    expect(checkService({ months: 6, acceptTerms: false }, service)).toEqual({
      ok: false,
      errors: {
        months: { key: 'subscriptionUi.form.monthsRequired' },
        terms: { key: 'subscriptionUi.form.termsRequired' },
      },
    });
  });
});

describe('the rx-subscription administrator', () => {
  const subscriber = (over: Partial<SubscriberView> = {}): SubscriberView => ({
    id: '22222222-2222-4222-8222-222222222222',
    kind: 'visits',
    plan: 'family',
    serviceName: null,
    memberName: 'Ana Ruiz',
    status: 'active',
    renewDate: '2027-01-15T12:00:00Z',
    startedAt: '2026-01-15T12:00:00Z',
    months: 12,
    billedCents: 44_000,
    lastCharge: { amount: 44_000, date: '2026-01-15T12:00:00Z' },
    refunded: false,
    ...over,
  });

  it('cancels an active subscriber, and refunds one not ended with a paid charge', () => {
    expect(adminActions(subscriber())).toEqual({ cancel: true, refund: true });
    expect(adminActions(subscriber({ status: 'cancelled' }))).toEqual({
      cancel: false,
      refund: true,
    });
    expect(adminActions(subscriber({ status: 'inactive' }))).toEqual({
      cancel: false,
      refund: false,
    });
    expect(adminActions(subscriber({ lastCharge: null }))).toEqual({ cancel: true, refund: false });
    expect(adminActions(subscriber({ refunded: true }))).toEqual({ cancel: true, refund: false });
  });

  it('names the plan or the medication', () => {
    expect(subscribedToText(en, subscriber())).toBe('Family plan');
    expect(subscribedToText(en, subscriber({ plan: null, serviceName: 'Semaglutide' }))).toBe(
      'Semaglutide',
    );
  });

  it('sizes the revenue bars against the largest amount shown', () => {
    const bars = revenueBars([
      { month: '2026-01', chargedCents: 40_000, refundedCents: 0, netCents: 40_000 },
      { month: '2026-02', chargedCents: 10_000, refundedCents: 5_000, netCents: 5_000 },
      { month: '2026-03', chargedCents: 0, refundedCents: 20_000, netCents: -20_000 },
    ]);
    expect(bars.map((b) => [b.chargedPct, b.refundedPct, b.netPct])).toEqual([
      [100, 0, 100],
      [25, 12.5, 12.5],
      [0, 50, 0],
    ]);
    expect(
      revenueBars([{ month: '2026-04', chargedCents: 0, refundedCents: 0, netCents: 0 }]),
    ).toEqual([
      {
        month: '2026-04',
        chargedCents: 0,
        refundedCents: 0,
        netCents: 0,
        chargedPct: 0,
        refundedPct: 0,
        netPct: 0,
      },
    ]);
    expect(revenueBars([])).toEqual([]);
  });

  it('totals the months and names them in the reader’s language (UTC)', () => {
    expect(
      revenueTotals([
        { month: '2026-01', chargedCents: 100, refundedCents: 0, netCents: 100 },
        { month: '2026-02', chargedCents: 50, refundedCents: 80, netCents: -30 },
      ]),
    ).toEqual({ chargedCents: 150, refundedCents: 80, netCents: 70 });
    expect(monthLabel('2026-01', 'en')).toBe('Jan 2026');
    expect(monthLabel('2026-12', 'es')).toMatch(/dic/);
    expect(monthLabel('bad', 'en')).toBe('bad');
  });
});

describe('card charges', () => {
  it('keeps the attempt after no answer or a server error; renews it after a refusal', () => {
    expect(attemptMayHaveRun(new Error('offline'))).toBe(true);
    expect(attemptMayHaveRun(new ApiError(0, 'NETWORK', 'x'))).toBe(true);
    expect(attemptMayHaveRun(new ApiError(502, 'HTTP_ERROR', 'x'))).toBe(true);
    expect(attemptMayHaveRun(new ApiError(402, 'CARD_DECLINED', 'x'))).toBe(false);
  });
});
