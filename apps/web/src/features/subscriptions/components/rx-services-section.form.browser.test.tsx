import '@mantine/core/styles.css';
import type { RxServicesResponse } from '@apothecall/domain/subscriptions/subscriptions.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { RxServicesSection } from './rx-services-section';

/**
 * Subscribing to a medication, in Chromium: Subscribe without the terms accepted sends nothing,
 * refuses the terms under the box and asks for the marked fields; ticking the box clears the
 * terms' refusal.
 */
const services: RxServicesResponse = {
  error: false,
  services: [{ id: 'ldn', name: 'Low-dose naltrexone', monthlyCents: 4500, months: [1, 3] }],
  subscriptions: [],
};

/** The server: one medication on offer, no card; every call is recorded. */
function serve() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path.endsWith('/rx-services')) {
        return new Response(JSON.stringify(services), {
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

const termsRefusal = 'Please accept the subscription terms to continue.';
const dialogText = () =>
  document.querySelector('[data-testid="subscription-rx-dialog"]')?.textContent ?? '';

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('RxServicesSection', () => {
  it('refuses a subscription without the terms, and clears the refusal when they are accepted', async () => {
    const calls = serve();
    await renderWithApp(<RxServicesSection />, { language: 'en', route: '/subscription' });
    await userEvent.click(page.getByTestId('subscription-rx-subscribe'));
    await expect.element(page.getByTestId('subscription-rx-dialog')).toBeVisible();

    await userEvent.click(page.getByTestId('subscription-rx-submit'));

    await expect.poll(dialogText).toContain(termsRefusal);
    expect(page.getByTestId('subscription-rx-error').element().textContent).toBe(
      'Please correct the marked fields.',
    );
    expect(calls.filter((call) => call.includes('/purchase-services'))).toEqual([]);

    await userEvent.click(page.getByTestId('subscription-rx-accept'));

    await expect.poll(dialogText).not.toContain(termsRefusal);
    await expect.element(page.getByTestId('subscription-rx-accept')).toBeChecked();
  });
});
