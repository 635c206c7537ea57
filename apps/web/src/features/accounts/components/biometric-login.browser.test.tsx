import '@mantine/core/styles.css';
import { BiometricAuth, BiometryType } from '@aparajita/capacitor-biometric-auth';
import { SecureStorage } from '@aparajita/capacitor-secure-storage';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage, loadScreenTexts } from '../../../lib/i18n';
import { credentialKey, savedCredential } from '../../../lib/native/biometric-login';
import { setSession } from '../../../lib/session-store';
import { askBiometricOffer, biometricOfferDeclined } from '../biometric-offer-store';
import { BiometricLoginButton } from './biometric-login-button';
import { BiometricOffer } from './biometric-offer';
import { BiometricSetting } from './biometric-setting';

/**
 * The native apps' biometric screens (issue 21) rendered in Chromium with the plugins' web
 * implementations: the server's answers come from `fetch` (the app's network boundary), as
 * /account/authIdToken and /account/auth-id answer them.
 */
let root: Root | null = null;
let host: HTMLElement;

function render(ui: ReactNode) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  const client = new QueryClient();
  // A real browser renders on its own schedule; the tests wait for what they expect to see.
  root.render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const profile = {
  id: '00000000-0000-4000-8000-000000000001',
  personId: '00000000-0000-4000-8000-000000000001',
  name: 'Maria Rivera',
  role: 'patient',
  loginId: 'patient@apothecall.test',
  brandId: 'apothecall',
  credentials: { from: null, role: 'patient', organizationType: null },
  permissions: [],
  users: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      personId: '00000000-0000-4000-8000-000000000001',
      name: 'Maria Rivera',
      firstName: 'Maria',
      lastName: 'Rivera',
      relation: 'self',
    },
  ],
};

async function until(check: () => boolean) {
  await expect.poll(check, { timeout: 5_000 }).toBe(true);
}

beforeAll(async () => {
  await loadLanguage('en');
  await loadScreenTexts();
});

beforeEach(async () => {
  await BiometricAuth.setBiometryType(BiometryType.faceId);
  await BiometricAuth.setBiometryIsEnrolled(true);
  await SecureStorage.set(credentialKey, {
    authId: 'k'.repeat(64),
    loginId: 'patient@apothecall.test',
    method: 'faceId',
  });
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});

afterEach(async () => {
  root?.unmount();
  host?.remove();
  vi.restoreAllMocks();
  await SecureStorage.remove(credentialKey).catch(() => false);
});

describe('the login screen’s biometric button', () => {
  it('logs in with Face ID: the saved credential goes to /account/authIdToken', async () => {
    const fetch = vi
      .spyOn(window, 'fetch')
      .mockResolvedValue(
        answer(200, { error: false, token: 't', profile, referral: null, pricing: null }),
      );
    const loggedIn = vi.fn();
    render(<BiometricLoginButton onLoggedIn={loggedIn} />);
    await until(() => host.textContent?.includes('Log in with Face ID') ?? false);
    const button = [...host.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Log in with Face ID'),
    );
    button?.click();
    await until(() => loggedIn.mock.calls.length === 1);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/account/authIdToken');
    expect(JSON.parse(String(init.body))).toMatchObject({
      authId: 'k'.repeat(64),
      platform: 'web',
    });
  });

  it("a refused credential shows 'Face ID login failed.', is deleted, and the button goes", async () => {
    vi.spyOn(window, 'fetch').mockResolvedValue(
      answer(401, { error: true, errorMsg: 'Unauthorized.', errorCode: 'UNAUTHORIZED' }),
    );
    render(<BiometricLoginButton onLoggedIn={vi.fn()} />);
    await until(() => host.textContent?.includes('Log in with Face ID') ?? false);
    host.querySelector('button')?.click();
    await until(() => host.textContent?.includes('Face ID login failed.') ?? false);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('Face ID login failed.');
    await until(() => !host.textContent?.includes('Log in with Face ID'));
    expect(await savedCredential({ storage: SecureStorage })).toBeNull();
  });

  it('no saved credential, no button', async () => {
    await SecureStorage.remove(credentialKey);
    render(<BiometricLoginButton onLoggedIn={vi.fn()} />);
    // Wait until the device was read (the plugins answered), then: nothing to press.
    await until(() => host.isConnected);
    await new Promise((r) => setTimeout(r, 200));
    expect(host.querySelectorAll('button')).toHaveLength(0);
  });
});

describe("the profile's biometric switch", () => {
  it('turns Face ID login off: the server is told, the device forgets the credential', async () => {
    setSession({ token: 'session-token', profile });
    const fetch = vi.spyOn(window, 'fetch').mockResolvedValue(answer(200, { error: false }));
    render(<BiometricSetting />);
    await until(() => host.textContent?.includes('Turn off Face ID login') ?? false);
    const off = [...host.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Turn off Face ID login'),
    );
    off?.click();
    await until(() => host.textContent?.includes('Use Face ID') ?? false);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/account/auth-id');
    expect(init.method).toBe('DELETE');
    expect(JSON.parse(String(init.body))).toEqual({ authId: 'k'.repeat(64) });
    expect(await savedCredential({ storage: SecureStorage })).toBeNull();
  });

  it('turns it on again: Face ID passes, the server issues a credential, it is saved', async () => {
    setSession({ token: 'session-token', profile });
    await SecureStorage.remove(credentialKey);
    vi.spyOn(window, 'fetch').mockResolvedValue(
      answer(200, { error: false, authId: 'n'.repeat(64) }),
    );
    render(<BiometricSetting />);
    await until(() => host.textContent?.includes('Use Face ID') ?? false);
    const on = [...host.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Use Face ID'),
    );
    on?.click();
    await until(() => host.textContent?.includes('Turn off Face ID login') ?? false);
    expect((await savedCredential({ storage: SecureStorage }))?.authId).toBe('n'.repeat(64));
  });
});

describe('the offer after a password login', () => {
  const button = (name: string) =>
    [...document.body.querySelectorAll('button')].find((b) => b.textContent === name);

  it("'Log in with Face ID next time?': 'Use Face ID' enrols this device and saves the credential", async () => {
    await SecureStorage.remove(credentialKey);
    setSession({ token: 'session-token', profile });
    askBiometricOffer('patient@apothecall.test');
    const fetch = vi
      .spyOn(window, 'fetch')
      .mockResolvedValue(answer(200, { error: false, authId: 'o'.repeat(64) }));
    render(<BiometricOffer />);
    await until(
      () => document.body.textContent?.includes('Log in with Face ID next time?') ?? false,
    );
    button('Use Face ID')?.click();
    await expect
      .poll(async () => (await savedCredential({ storage: SecureStorage }))?.authId)
      .toBe('o'.repeat(64));
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/account/auth-id');
    expect(JSON.parse(String(init.body))).toEqual({ platform: 'web' });
    // The offer is answered: it closes.
    await until(() => button('Use Face ID') === undefined);
  });

  it("'Not now' is remembered for this login id, and nothing is enrolled", async () => {
    await SecureStorage.remove(credentialKey);
    setSession({ token: 'session-token', profile });
    askBiometricOffer('patient@apothecall.test');
    const fetch = vi.spyOn(window, 'fetch');
    render(<BiometricOffer />);
    await until(() => button('Not now') !== undefined);
    button('Not now')?.click();
    await until(() => button('Not now') === undefined);
    expect(biometricOfferDeclined('patient@apothecall.test')).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    expect(await savedCredential({ storage: SecureStorage })).toBeNull();
  });
});
