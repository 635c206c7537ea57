import '@mantine/core/styles.css';
import type { AccountSettings } from '@apothecall/domain/accounts/accounts.schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { StoredSession } from '../../../lib/session-store';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { patientProfile } from '../../../testing/sessions';
import { ProfileSettings } from './profile-settings';

/**
 * The account's settings in Chromium: a two-factor choice is saved at once and shown from the
 * settings the server answers with, without asking for them again; in English and Spanish.
 */
const holderId = '00000000-0000-4000-8000-000000000001';
const profile = patientProfile(holderId);

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The server: the account's settings; a change is kept and answered. */
function serve(language: AccountSettings['language']) {
  let settings: AccountSettings = {
    notifications: true,
    language,
    twoFactor: 'off',
    autoLogoff: true,
  };
  const calls: Call[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ method, path, body });
      if (!path.endsWith('/profile/settings')) return new Response('{}', { status: 404 });
      if (method !== 'GET') settings = { ...settings, ...body.settings };
      return json({ error: false, settings });
    }),
  );
  return calls;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(<ProfileSettings />, {
    language: lang,
    session: { token: 'session-token', profile } as StoredSession,
    route: '/',
  });
  return host;
}

const twoFactor = () => document.querySelectorAll<HTMLSelectElement>('select')[0];
const settingsReads = (calls: Call[]) => calls.filter((c) => c.method === 'GET').length;

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('ProfileSettings', () => {
  it('saves a two-factor choice and shows it from the answer', async () => {
    const calls = serve('en');
    const host = await render('en');
    await expect.poll(() => twoFactor()?.value ?? null).toBe('off');
    expect(host.textContent).toContain('Settings');

    await userEvent.selectOptions(twoFactor()!, 'email');

    await expect
      .poll(() => calls.filter((c) => c.method !== 'GET').map((c) => c.body))
      .toEqual([{ settings: { twoFactor: 'email' } }]);
    await expect.poll(() => twoFactor()?.value ?? null).toBe('email');
    await expect.poll(() => twoFactor()?.disabled ?? null).toBe(false);
    expect(settingsReads(calls)).toBe(1);
  });

  it('does so in Spanish', async () => {
    const calls = serve('es');
    const host = await render('es');
    await expect.poll(() => twoFactor()?.value ?? null).toBe('off');
    expect(host.textContent).toContain('Configuración');

    await userEvent.selectOptions(twoFactor()!, 'sms');

    await expect.poll(() => twoFactor()?.value ?? null).toBe('sms');
    await expect.poll(() => twoFactor()?.disabled ?? null).toBe(false);
    expect(settingsReads(calls)).toBe(1);
  });
});
