import '@mantine/core/styles.css';
import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearStoredPrice } from '../../../lib/payments/price-store';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { type GetCareCheckout, GetCarePaymentStep } from './get-care-payment-step';

/**
 * The visit checkout (lib/payments/visit-checkout) in Get Care's payment step, in Chromium: the
 * account's price, the credit that pays first and the saved card chosen; what 'Start visit'
 * sends; a stale price shown again with the new amount and sent with its new token; a free
 * visit sent without a card; in English and Spanish.
 */
const patientId = '00000000-0000-4000-8000-000000000009';
const started: PatientVisit = {
  visitId: '00000000-0000-4000-8000-000000000001',
  patientId,
  state: 'waiting',
  reason: 'cold',
  startTime: '2026-11-01T09:00:00.000Z',
  place: 1,
  waitTime: 10,
  dueTime: '2026-11-01T09:10:00.000Z',
  providerName: null,
};

const checkout: GetCareCheckout = {
  patientId,
  patientName: 'Ana Diaz',
  reason: 'cold',
  notes: '',
  state: 'FL',
  pharmacy: null,
  screenResult: { passed: true, answers: {} } as GetCareCheckout['screenResult'],
  idempotencyKey: 'attempt-0001',
};

interface Server {
  /** The account's prices, one per GET /account/price (the last one repeats). */
  prices: { price: number; priceToken: string }[];
  credit: number;
  /** The answers to POST /visit-start/, in turn; then the visit. */
  refusals: { status: number; errorCode: string; errorMsg: string }[];
}

function server(setup: Server) {
  const starts: Record<string, unknown>[] = [];
  let priceAsked = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      const path = new URL(String(url), 'http://localhost').pathname.replace(/^\/api/, '');
      if (path === '/account/price') {
        const price = setup.prices[Math.min(priceAsked++, setup.prices.length - 1)];
        return json({
          error: false,
          ...price,
          data: { title: '', msg: '' },
          source: 'default',
          code: null,
        });
      }
      if (path === '/account/reward-balance') {
        return json({ error: false, data: { id: patientId, balance: setup.credit } });
      }
      if (path === '/account/payments/profiles') {
        return json({
          error: false,
          payProfileID: 'cust-1',
          payProfileSignature: 'sig-1',
          payProfiles: [
            {
              card: {
                profileID: 'card-1',
                cardType: 'visa',
                last4: '4242',
                expiration: '12/30',
                paymentProfileValid: true,
              },
            },
          ],
        });
      }
      if (path === '/subscription-pricing') {
        return json({
          error: false,
          available: false,
          plans: [],
          memberVisitCents: 0,
          nonmemberVisitCents: 0,
          subscription: null,
          session: null,
        });
      }
      if (path === '/visit-start/') {
        starts.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        const refusal = setup.refusals.shift();
        if (refusal) return json({ error: true, ...refusal }, refusal.status);
        return json({ error: false, visit: started });
      }
      return json({ error: true, errorMsg: 'not here' }, 404);
    }),
  );
  return starts;
}

async function render(lang: 'en' | 'es') {
  const onStarted = vi.fn();
  const onNewAttempt = vi.fn();
  const { host } = await renderWithApp(
    <GetCarePaymentStep
      index={6}
      total={7}
      checkout={checkout}
      onBack={() => {}}
      onNewAttempt={onNewAttempt}
      onStarted={onStarted}
    />,
    { language: lang, route: '/' },
  );
  return { host, onStarted, onNewAttempt };
}

const byTestId = (host: HTMLElement, id: string) =>
  host.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const button = (host: HTMLElement, text: string) =>
  [...host.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text);

afterEach(async () => {
  await cleanupApp();
  clearStoredPrice();
  vi.unstubAllGlobals();
});

describe('the visit checkout', () => {
  it('shows the price and the credit, and starts with the saved card', async () => {
    const starts = server({
      prices: [{ price: 3900, priceToken: 'token-a' }],
      credit: 1000,
      refusals: [],
    });
    const { host, onStarted } = await render('en');
    await expect.poll(() => byTestId(host, 'care-price')?.textContent).toBe('$39.00');
    await expect.poll(() => host.textContent).toContain('Your credit of $10.00 is applied first.');
    // The first usable card is chosen once the cards have come.
    await expect
      .poll(
        () => host.querySelector<HTMLInputElement>('input[type="radio"][value="card-1"]')?.checked,
      )
      .toBe(true);
    const start = button(host, 'Start visit');
    await expect.poll(() => start?.disabled).toBe(false);
    start?.click();
    await expect.poll(() => onStarted.mock.calls.length).toBe(1);
    expect(onStarted).toHaveBeenCalledWith(started);
    expect(starts).toEqual([
      expect.objectContaining({
        patientID: patientId,
        profileID: 'cust-1',
        signature: 'sig-1',
        payProfileID: 'card-1',
        priceToken: 'token-a',
        subscriptionToken: null,
        idempotencyKey: 'attempt-0001',
      }),
    ]);
  });

  it('shows a stale price again with the new amount, and sends its new token (Spanish)', async () => {
    const starts = server({
      prices: [
        { price: 3900, priceToken: 'token-a' },
        { price: 4500, priceToken: 'token-b' },
      ],
      credit: 0,
      refusals: [{ status: 409, errorCode: 'PRICE_TOKEN_STALE', errorMsg: 'El precio cambió.' }],
    });
    const { host, onStarted, onNewAttempt } = await render('es');
    await expect.poll(() => byTestId(host, 'care-price')?.textContent).toBe('$39.00');
    const start = button(host, 'Iniciar consulta');
    await expect.poll(() => start?.disabled).toBe(false);
    start?.click();
    await expect
      .poll(() => byTestId(host, 'care-price-changed')?.textContent ?? '')
      .toContain('El precio cambió.');
    expect(byTestId(host, 'care-price-changed')?.textContent).toMatch(
      /Nuevo precio: \$45\.00\. Revíselo y pulse «Iniciar consulta» otra vez\./,
    );
    expect(byTestId(host, 'care-price')?.textContent).toBe('$45.00');
    expect(onNewAttempt).toHaveBeenCalledTimes(1);
    expect(onStarted).not.toHaveBeenCalled();
    // The new price can show before the refused attempt has settled: the button is busy (and
    // disabled) until then, and a click on it would do nothing.
    await expect.poll(() => start?.disabled).toBe(false);
    start?.click();
    await expect.poll(() => onStarted.mock.calls.length).toBe(1);
    expect(starts.map((s) => s.priceToken)).toEqual(['token-a', 'token-b']);
  });

  it('starts a free visit without a card', async () => {
    const starts = server({
      prices: [{ price: 0, priceToken: 'token-free' }],
      credit: 0,
      refusals: [],
    });
    const { host, onStarted } = await render('en');
    await expect
      .poll(() => byTestId(host, 'care-free')?.textContent)
      .toBe('No payment is needed for this visit.');
    const start = button(host, 'Start visit');
    await expect.poll(() => start?.disabled).toBe(false);
    start?.click();
    await expect.poll(() => onStarted.mock.calls.length).toBe(1);
    expect(starts[0]).toEqual(
      expect.objectContaining({
        profileID: null,
        signature: null,
        payProfileID: null,
        priceToken: 'token-free',
      }),
    );
  });

  it('says it is free in Spanish', async () => {
    server({ prices: [{ price: 0, priceToken: 'token-free' }], credit: 0, refusals: [] });
    const { host } = await render('es');
    await expect
      .poll(() => byTestId(host, 'care-free')?.textContent)
      .toBe('Esta consulta no requiere pago.');
    expect(button(host, 'Iniciar consulta')).toBeDefined();
  });
});
