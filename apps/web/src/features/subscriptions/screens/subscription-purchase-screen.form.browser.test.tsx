import '@mantine/core/styles.css';
import type { SubscriptionPricingResponse } from '@apothecall/domain/subscriptions/subscriptions.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { SubscriptionPurchaseScreen } from './subscription-purchase-screen';

/**
 * Buying a visit plan, in Chromium: Buy without the terms accepted sends nothing, refuses the
 * terms under the box and asks for the marked fields; ticking the box clears the terms' refusal.
 */
const pricing: SubscriptionPricingResponse = {
  error: false,
  available: true,
  plans: [
    {
      plan: 'individual',
      period: 'quarterly',
      months: 3,
      monthlyCents: 1500,
      freeMonths: 0,
      billedCents: 4500,
    },
  ],
  memberVisitCents: 2500,
  nonmemberVisitCents: 5900,
  subscription: null,
  session: null,
};

/** The server: one plan on sale, no card; every call is recorded. */
function serve() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path.endsWith('/subscription-pricing')) {
        return new Response(JSON.stringify(pricing), {
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

const termsRefusal = 'Please accept the subscription terms to continue.';
const paymentText = () =>
  document.querySelector('[data-testid="subscription-payment"]')?.textContent ?? '';

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('SubscriptionPurchaseScreen', () => {
  it('refuses a purchase without the terms, and clears the refusal when they are accepted', async () => {
    const calls = serve();
    await renderWithApp(<SubscriptionPurchaseScreen />, {
      language: 'en',
      route: '/subscription-purchase',
    });
    await expect.element(page.getByTestId('subscription-purchase-submit')).toBeVisible();

    await userEvent.click(page.getByTestId('subscription-purchase-submit'));

    await expect.poll(paymentText).toContain(termsRefusal);
    expect(page.getByTestId('subscription-purchase-error').element().textContent).toBe(
      'Please correct the marked fields.',
    );
    expect(calls.filter((call) => call.includes('/subscription-purchase'))).toEqual([]);

    await userEvent.click(page.getByTestId('subscription-purchase-accept'));

    await expect.poll(paymentText).not.toContain(termsRefusal);
    await expect.element(page.getByTestId('subscription-purchase-accept')).toBeChecked();
  });
});
