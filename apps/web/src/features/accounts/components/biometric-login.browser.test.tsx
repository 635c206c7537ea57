import '@mantine/core/styles.css';
import { BiometricAuth, BiometryType } from '@aparajita/capacitor-biometric-auth';
import { SecureStorage } from '@aparajita/capacitor-secure-storage';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage, loadScreenTexts } from '../../../lib/i18n';
import { credentialKey, savedCredential } from '../../../lib/native/biometric-login';
import { setSession } from '../../../lib/session-store';
import { cleanupApp, rendered, renderWithApp } from '../../../testing/render';
import { patientProfile } from '../../../testing/sessions';
import { askBiometricOffer, biometricOfferDeclined } from '../biometric-offer-store';
import { BiometricLoginButton } from './biometric-login-button';
import { BiometricOffer } from './biometric-offer';
import { BiometricSetting } from './biometric-setting';
import { DeviceCredentials } from './device-credentials';

/**
 * The native apps' biometric screens rendered in Chromium with the plugins' web
 * implementations: the server's answers come from `fetch` (the app's network boundary), as
 * /account/authIdToken and /account/auth-id answer them.
 */
let host: HTMLElement;

async function render(ui: ReactNode) {
  // A real browser renders on its own schedule; the tests wait for what they expect to see.
  ({ host } = await renderWithApp(ui, { notifications: true }));
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const profile = patientProfile();

/** Types into a React-controlled input as a person would (the value, then the input event). */
async function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await rendered();
}

const bodyButton = (name: string) =>
  [...document.body.querySelectorAll('button')].find((b) => b.textContent === name);

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
  await cleanupApp();
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
    await render(<BiometricLoginButton onLoggedIn={loggedIn} />);
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
    await render(<BiometricLoginButton onLoggedIn={vi.fn()} />);
    await until(() => host.textContent?.includes('Log in with Face ID') ?? false);
    host.querySelector('button')?.click();
    await until(() => host.textContent?.includes('Face ID login failed.') ?? false);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('Face ID login failed.');
    await until(() => !host.textContent?.includes('Log in with Face ID'));
    expect(await savedCredential({ storage: SecureStorage })).toBeNull();
  });

  it('no saved credential, no button', async () => {
    await SecureStorage.remove(credentialKey);
    await render(<BiometricLoginButton onLoggedIn={vi.fn()} />);
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
    await render(<BiometricSetting />);
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
    await render(<BiometricSetting />);
    await until(() => host.textContent?.includes('Use Face ID') ?? false);
    const on = [...host.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Use Face ID'),
    );
    on?.click();
    await until(() => host.textContent?.includes('Turn off Face ID login') ?? false);
    expect((await savedCredential({ storage: SecureStorage }))?.authId).toBe('n'.repeat(64));
  });
});

describe('turning it on from an older login asks for the password again (issue 32)', () => {
  const reauthRequired = () =>
    answer(403, {
      error: true,
      errorMsg: 'For your security, enter your password again.',
      errorCode: 'REAUTH_REQUIRED',
    });

  it('the server says REAUTH_REQUIRED: the password is asked, sent, and the credential saved', async () => {
    setSession({ token: 'session-token', profile });
    await SecureStorage.remove(credentialKey);
    const fetch = vi
      .spyOn(window, 'fetch')
      .mockResolvedValueOnce(reauthRequired())
      .mockResolvedValueOnce(
        answer(403, {
          error: true,
          errorMsg: 'The current password is not correct.',
          errorCode: 'WRONG_PASSWORD',
        }),
      )
      .mockResolvedValueOnce(answer(200, { error: false, authId: 'p'.repeat(64) }));
    await render(<BiometricSetting />);
    await until(() => bodyButton('Use Face ID') !== undefined);
    bodyButton('Use Face ID')?.click();
    await until(
      () =>
        document.body.textContent?.includes(
          'Enter your password to turn on Face ID login on this device.',
        ) ?? false,
    );
    const password = () =>
      document.body.querySelector<HTMLInputElement>(
        '[data-testid="password-reauth"] input[type="password"]',
      );
    expect(password()).not.toBeNull();
    // A wrong password: the server's words, and the dialog stays.
    await type(password() as HTMLInputElement, 'Wrong-Pass-1');
    bodyButton('Continue')?.click();
    await until(
      () =>
        document.body.querySelector('[role="alert"]')?.textContent ===
        'The current password is not correct.',
    );
    await type(password() as HTMLInputElement, 'Quinn-Pass-42');
    bodyButton('Continue')?.click();
    await expect
      .poll(async () => (await savedCredential({ storage: SecureStorage }))?.authId)
      .toBe('p'.repeat(64));
    const bodies = fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([
      { platform: 'web' },
      { platform: 'web', password: 'Wrong-Pass-1' },
      { platform: 'web', password: 'Quinn-Pass-42' },
    ]);
    await until(() => password() === null);
  });

  it("'Cancel' turns nothing on and shows no failure", async () => {
    setSession({ token: 'session-token', profile });
    await SecureStorage.remove(credentialKey);
    const fetch = vi.spyOn(window, 'fetch').mockResolvedValueOnce(reauthRequired());
    await render(<BiometricSetting />);
    await until(() => bodyButton('Use Face ID') !== undefined);
    bodyButton('Use Face ID')?.click();
    await until(() => bodyButton('Cancel') !== undefined);
    bodyButton('Cancel')?.click();
    await until(() => bodyButton('Cancel') === undefined);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(document.body.textContent).not.toContain('Face ID login failed.');
    expect(await savedCredential({ storage: SecureStorage })).toBeNull();
  });
});

describe("the profile's devices that can log in (issue 32)", () => {
  const devices = [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      platform: 'cordova-android',
      createdAt: '2026-01-10T15:00:00.000Z',
      lastUsedAt: '2026-01-12T09:30:00.000Z',
      expiresAt: '2026-07-09T15:00:00.000Z',
    },
    {
      id: '00000000-0000-4000-8000-0000000000b2',
      platform: 'cordova-ios',
      createdAt: '2026-01-05T15:00:00.000Z',
      lastUsedAt: null,
      expiresAt: '2026-07-04T15:00:00.000Z',
    },
  ];

  it('lists them and removes one after a confirmation', async () => {
    setSession({ token: 'session-token', profile });
    const fetch = vi
      .spyOn(window, 'fetch')
      .mockResolvedValueOnce(answer(200, { error: false, devices }))
      .mockResolvedValueOnce(answer(200, { error: false }))
      .mockResolvedValueOnce(answer(200, { error: false, devices: devices.slice(0, 1) }));
    await render(<DeviceCredentials />);
    await until(() => host.querySelectorAll('li').length === 2);
    const items = [...host.querySelectorAll('li')];
    expect(items[0]?.textContent).toContain('Android app');
    expect(items[0]?.textContent).toContain('Last used');
    expect(items[1]?.textContent).toContain('iOS app');
    expect(items[1]?.textContent).toContain('Not used yet');
    items[1]?.querySelector('button')?.click();
    await until(
      () =>
        document.body.textContent?.includes(
          'Remove this device? It will need your password to log in again.',
        ) ?? false,
    );
    document.body
      .querySelector<HTMLButtonElement>('[data-testid="device-remove-confirm"]')
      ?.click();
    await until(() => host.querySelectorAll('li').length === 1);
    const [url, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/account/devices/00000000-0000-4000-8000-0000000000b2');
    expect(init.method).toBe('DELETE');
    expect(host.textContent).not.toContain('iOS app');
  });

  it('says so when no device logs in with biometrics', async () => {
    setSession({ token: 'session-token', profile });
    vi.spyOn(window, 'fetch').mockResolvedValue(answer(200, { error: false, devices: [] }));
    await render(<DeviceCredentials />);
    await until(() => host.textContent?.includes('No device logs in with biometrics.') ?? false);
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
    await render(<BiometricOffer />);
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
    await render(<BiometricOffer />);
    await until(() => button('Not now') !== undefined);
    button('Not now')?.click();
    await until(() => button('Not now') === undefined);
    expect(biometricOfferDeclined('patient@apothecall.test')).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    expect(await savedCredential({ storage: SecureStorage })).toBeNull();
  });
});
