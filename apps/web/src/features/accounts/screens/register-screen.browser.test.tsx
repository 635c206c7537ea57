import '@mantine/core/styles.css';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { clearSession, getSession } from '../../../lib/session-store';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { RegisterScreen } from './register-screen';

/**
 * Registering in Chromium: the profile and password are sent, then the new account is logged
 * in with them and goes back where it was going; when that login fails (the e-mail had an
 * account already) the account-created screen follows; in English and Spanish.
 */
const holderId = '00000000-0000-4000-8000-000000000001';
const profile = {
  id: holderId,
  personId: holderId,
  name: 'Maria Rivera',
  role: 'patient',
  loginId: 'maria.rivera@example.com',
  brandId: 'apothecall',
  credentials: { from: null, role: 'patient', organizationType: null },
  permissions: [],
  users: [
    {
      id: holderId,
      personId: holderId,
      name: 'Maria Rivera',
      firstName: 'Maria',
      lastName: 'Rivera',
      relation: 'self',
    },
  ],
};
const password = 'Corr3ct-Horse-Battery';

interface Call {
  path: string;
  body: unknown;
}

/** The server: a registration is always answered alike; the login works or not. */
function serve(loginWorks: boolean) {
  const calls: Call[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ path, body });
      if (path.endsWith('/register')) return json({ error: false, status: 'created' });
      if (path.endsWith('/account/token')) {
        return loginWorks
          ? json({ error: false, token: 'new-session', profile, referral: null, pricing: null })
          : json({ error: true, errorCode: 'UNAUTHORIZED', errorMsg: 'Wrong password.' }, 401);
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(
    <Routes>
      <Route path="/register" element={<RegisterScreen />} />
      <Route path="/rx" element={<p data-testid="rx-screen">rx</p>} />
      <Route path="/account-created" element={<p data-testid="created-screen">created</p>} />
    </Routes>,
    { language: lang, route: '/register?to=%2Frx' },
  );
  return host;
}

const field = (autoComplete: string) =>
  document.querySelector<HTMLInputElement>(`[autocomplete="${autoComplete}"]`);

async function fillForm() {
  await expect.poll(() => field('given-name')).not.toBeNull();
  await userEvent.fill(field('given-name')!, 'Maria');
  await userEvent.fill(field('family-name')!, 'Rivera');
  await userEvent.fill(field('bday')!, '04-12-1985');
  await userEvent.click(
    document.querySelector<HTMLInputElement>('input[type="radio"][value="F"]')!,
  );
  await userEvent.fill(field('email')!, 'maria.rivera@example.com');
  await userEvent.fill(field('tel')!, '(305) 674-2211');
  await userEvent.fill(field('street-address')!, '12 Main Street');
  await userEvent.selectOptions(
    document.querySelector<HTMLSelectElement>('select[autocomplete="address-level1"]')!,
    'FL',
  );
  await userEvent.fill(field('postal-code')!, '33101');
  const [first, second] = document.querySelectorAll<HTMLInputElement>(
    'input[autocomplete="new-password"]',
  );
  await userEvent.fill(first!, password);
  await userEvent.fill(second!, password);
}

const submit = () => document.querySelector<HTMLElement>('button[type="submit"]');

afterEach(async () => {
  await cleanupApp();
  clearSession();
  vi.unstubAllGlobals();
});

describe('RegisterScreen', () => {
  it('registers, logs the new account in and goes back where it was going', async () => {
    const calls = serve(true);
    await render('en');
    await fillForm();
    expect(submit()?.textContent).toBe('Create account');
    await userEvent.click(submit()!);

    await expect.poll(() => document.querySelector('[data-testid="rx-screen"]')).not.toBeNull();
    expect(calls.map((c) => c.path.split('/').pop())).toEqual(['register', 'token']);
    expect(calls[0]?.body).toMatchObject({
      profile: { name: 'Maria Rivera', email: 'maria.rivera@example.com', state: 'FL' },
      credentials: { password },
    });
    expect(calls[1]?.body).toMatchObject({ loginId: 'maria.rivera@example.com', password });
    expect(getSession()?.token).toBe('new-session');
  });

  it('shows the account-created screen when the login fails, in Spanish', async () => {
    const calls = serve(false);
    await render('es');
    await fillForm();
    expect(submit()?.textContent).toBe('Crear cuenta');
    await userEvent.click(submit()!);

    await expect
      .poll(() => document.querySelector('[data-testid="created-screen"]'))
      .not.toBeNull();
    expect(calls.map((c) => c.path.split('/').pop())).toEqual(['register', 'token']);
    expect(getSession()).toBeNull();
  });
});
