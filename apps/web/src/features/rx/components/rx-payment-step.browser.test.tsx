import '@mantine/core/styles.css';
import type { RxVisitView } from '@apothecall/domain/rx/rx-visits.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { clearHeldPrepayCode } from '../../../lib/prepay-code-store';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { RxPaymentStep } from './rx-payment-step';

/**
 * Paying an Rx visit in Chromium: the price and the saved card, 'Pay' sending the price's token
 * and the card; a stale price said and asked again; an access token applied that prices the
 * visit 0, the program named, and 'Confirm visit' paying with the code and no card; in English
 * and Spanish.
 */
const visitId = '00000000-0000-4000-8000-000000000007';
const visit = {
  id: visitId,
  patientId: '00000000-0000-4000-8000-000000000009',
  patientName: 'Ana Diaz',
  productId: 'acute',
  status: 'pendingMedPayment',
  version: 1,
  state: 'FL',
  cost: 3900,
  paid: false,
  idPending: false,
  attachmentsPending: false,
  statusComment: '',
  completed: false,
  refillOf: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  files: [],
  prescriptions: [],
  pharmacy: null,
  pharmacyStatus: null,
  pharmacyNote: '',
  prepay: null,
  assessment: null,
} as unknown as RxVisitView;

const offer = {
  programName: 'Sunrise Care',
  kind: 'token',
  checkoutMessage: '',
  priceMsg: '',
  patientAmt: 0,
  productIds: [],
  pharmacies: [],
};

function server(refusals: { status: number; errorCode: string; errorMsg: string }[] = []) {
  const payments: Record<string, unknown>[] = [];
  const prices: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      const path = new URL(String(url), 'http://localhost').pathname.replace(/^\/api/, '');
      if (path === `/rx/visits/${visitId}/price`) {
        const token = `token-${prices.length + 1}`;
        prices.push(token);
        // The price asked again (after a stale one) is the new one.
        const price = prices.length === 1 ? 3900 : 4000;
        return json({ error: false, price, priceToken: token, data: { title: '', msg: '' } });
      }
      if (path === `/rx/visits/${visitId}/prepay-price`) {
        return json({ error: false, price: 0, priceType: 'prepay', offer });
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
      if (path === '/submit-rx-payment') {
        payments.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        const refusal = refusals.shift();
        if (refusal) return json({ error: true, ...refusal }, refusal.status);
        return json({ error: false, visit: { ...visit, status: 'waiting', paid: true } });
      }
      return json({ error: true, errorMsg: 'not here' }, 404);
    }),
  );
  return { payments, prices };
}

async function render(lang: 'en' | 'es') {
  const onPaid = vi.fn();
  const { host } = await renderWithApp(
    <RxPaymentStep
      index={4}
      total={5}
      visit={visit}
      summary={[['Patient', 'Ana Diaz']]}
      onPaid={onPaid}
    />,
    { language: lang, route: '/' },
  );
  return { host, onPaid };
}

const byTestId = (host: HTMLElement, id: string) =>
  host.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const button = (host: HTMLElement, text: string) =>
  [...host.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text);

afterEach(async () => {
  await cleanupApp();
  clearHeldPrepayCode();
  vi.unstubAllGlobals();
});

describe('RxPaymentStep', () => {
  it('pays with the saved card, asking the price again when it went stale', async () => {
    const { payments } = server([
      { status: 409, errorCode: 'PRICE_TOKEN_STALE', errorMsg: 'The price changed.' },
    ]);
    const { host, onPaid } = await render('en');
    await expect.poll(() => byTestId(host, 'rx-price')?.textContent).toBe('Amount due: $39.00');
    // The first usable card is chosen once the cards have come.
    await expect
      .poll(
        () => host.querySelector<HTMLInputElement>('input[type="radio"][value="card-1"]')?.checked,
      )
      .toBe(true);
    const pay = () => button(host, 'Pay $39.00');
    await expect.poll(() => pay()?.disabled).toBe(false);
    pay()?.click();
    await expect
      .poll(() => byTestId(host, 'rx-pay-error')?.textContent ?? '')
      .toContain('The price changed.');
    const payNew = () => button(host, 'Pay $40.00');
    await expect.poll(() => payNew()?.disabled).toBe(false);
    payNew()?.click();
    await expect.poll(() => onPaid.mock.calls.length).toBe(1);
    expect(payments).toEqual([
      {
        visitId,
        priceToken: 'token-1',
        payProfileID: 'card-1',
        idempotencyKey: expect.any(String),
      },
      {
        visitId,
        priceToken: 'token-2',
        payProfileID: 'card-1',
        idempotencyKey: expect.any(String),
      },
    ]);
    expect(payments[1]?.idempotencyKey).not.toBe(payments[0]?.idempotencyKey);
  });

  it('applies an access token and confirms the visit with it, in Spanish', async () => {
    const { payments } = server();
    const { host, onPaid } = await render('es');
    await expect.poll(() => byTestId(host, 'rx-price')?.textContent).toBe('Importe: $39.00');
    const input = byTestId(host, 'rx-prepay-input');
    if (!input) throw new Error('no code field');
    await userEvent.type(input, 'abcdefghjkmn');
    byTestId(host, 'rx-prepay-apply')?.click();
    await expect
      .poll(() => byTestId(host, 'rx-prepay-applied')?.textContent ?? '')
      .toContain('Prepagado por Sunrise Care');
    expect(byTestId(host, 'rx-price')?.dataset.priceType).toBe('prepay');
    const confirm = () => button(host, 'Confirmar consulta');
    await expect.poll(() => confirm()?.disabled).toBe(false);
    confirm()?.click();
    await expect.poll(() => onPaid.mock.calls.length).toBe(1);
    expect(payments).toEqual([
      {
        visitId,
        priceToken: '',
        payProfileID: null,
        idempotencyKey: expect.any(String),
        prepayCode: 'ABCDEFGHJKMN',
      },
    ]);
  });
});
