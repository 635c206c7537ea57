import '@mantine/core/styles.css';
import type { PrepayProgramView } from '@apothecall/domain/prepay/prepay.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { ProgramSettingsSection } from './program-settings-section';

/**
 * The program settings form in Chromium: an emptied name is refused under the field (and the
 * form asks for the marked fields to be fixed) without sending anything; typing a name clears it.
 */
const off = { email: false, sms: false };
const program: PrepayProgramView = {
  id: '6a1f7f0e-4a5b-4c3d-9e8f-0a1b2c3d4e5f',
  code: 'ABCDEFGHJKMN',
  owner: true,
  authorized: false,
  balance: 40,
  visitCount: 50,
  visitsUsed: 10,
  programAmt: 2500,
  pharmacy: { id: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9', name: 'Sunrise Pharmacy' },
  pharmacies: [],
  createdAt: '2025-05-01T12:00:00Z',
  name: 'Flu drive',
  description: '',
  rewardAmt: 0,
  patientAmt: 1250,
  priceMsg: 'Pay at pickup',
  visitType: 'rx',
  perAccountLimit: 2,
  reuseIntervalDays: 25,
  lowBalanceLimit: 5,
  reasonRestriction: [],
  pharmacyRestriction: [],
  checkoutMessage: '',
  notifications: {
    email: 'owner@sunrise.test',
    phone: null,
    lowBalance: { email: true, sms: false },
    prepayClaimed: off,
    prepayRx: off,
    prepayRxDenied: off,
  },
};

/** The server: no treatment catalogue; every call is recorded. */
function serve() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(String(url), 'http://localhost').pathname}`);
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const nameInput = () => byTestId('prepay-settings-name') as HTMLInputElement | null;
const nameError = () => {
  const input = nameInput();
  const id = input?.getAttribute('aria-describedby') ?? '';
  return input?.getAttribute('aria-invalid') === 'true'
    ? (id
        .split(' ')
        .map((part) => document.getElementById(part)?.textContent ?? '')
        .find(Boolean) ?? '')
    : null;
};

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('the program settings form', () => {
  it('refuses an empty name under the field and clears the refusal when a name is typed', async () => {
    const calls = serve();
    await renderWithApp(<ProgramSettingsSection program={program} />, { language: 'en' });
    await expect.poll(() => nameInput()?.value ?? null).toBe('Flu drive');

    await userEvent.clear(nameInput()!);
    await userEvent.click(byTestId('prepay-settings-save')!);

    await expect.poll(nameError).toBe('Enter a name for the program.');
    expect(byTestId('prepay-settings-invalid')?.textContent).toBe(
      'Please correct the marked fields.',
    );
    expect(calls.filter((call) => call.includes('/prepay-program/'))).toEqual([]);

    await userEvent.type(nameInput()!, 'Spring drive');

    await expect.poll(nameError).toBeNull();
    expect(nameInput()?.value).toBe('Spring drive');
    expect(byTestId('prepay-settings-invalid')).toBeNull();
  });
});
