import '@mantine/core/styles.css';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { clearSession, getSession } from '../../../lib/session-store';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { InstoreScreen } from './instore-screen';

/**
 * The in-store link for a new account, in Chromium: the password is chosen with the link's code,
 * then the account is signed in with it and the visit can continue; two different passwords are
 * refused before anything is sent; in English and Spanish.
 */
const holderId = '00000000-0000-4000-8000-000000000001';
const profile = {
  id: holderId,
  personId: holderId,
  name: 'Maria Rivera',
  role: 'patient',
  loginId: 'maria@example.test',
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
const code = 'INSTORE-CODE-1234';
const password = 'Corr3ct-Horse-Battery';

interface Call {
  path: string;
  body: unknown;
}

/** The server: the link's check, the password's save, the login and the visit's start. */
function serve() {
  const calls: Call[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ path, body });
      if (path.endsWith('/instore/check')) {
        return json({
          error: false,
          instore: {
            form: 'uti',
            pharmacyName: 'Main Street Pharmacy',
            loginId: 'maria@example.test',
            needsPassword: true,
          },
        });
      }
      if (path.endsWith('/resetpw/savepw')) return json({ error: false });
      if (path.endsWith('/account/token')) {
        return json({ error: false, token: 'new-session', profile, referral: null, pricing: null });
      }
      if (path.endsWith('/instore/start')) {
        return json({
          error: false,
          start: {
            form: 'uti',
            productId: 'uti-treatment',
            pharmacy: { id: 'pharmacy-1', name: 'Main Street Pharmacy' },
            state: 'FL',
            answers: {},
          },
        });
      }
      if (path.endsWith('/get-patient-pharmacy-upload')) {
        return json({ error: false, month: '2026-11', documents: [] });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(<InstoreScreen />, {
    language: lang,
    route: `/instore?code=${code}`,
  });
  return host;
}

const passwords = () => [...document.querySelectorAll<HTMLInputElement>('input[type="password"]')];
const submit = () => document.querySelector<HTMLElement>('button[type="submit"]');

afterEach(async () => {
  await cleanupApp();
  clearSession();
  vi.unstubAllGlobals();
});

describe('InstoreScreen', () => {
  it('saves the chosen password with the code, then signs the account in', async () => {
    const calls = serve();
    await render('en');
    await expect.poll(() => passwords().length).toBe(2);
    expect(submit()?.textContent).toBe('Save password and continue');

    await userEvent.fill(passwords()[0]!, password);
    await userEvent.fill(passwords()[1]!, password);
    await userEvent.click(submit()!);

    await expect
      .poll(() => document.querySelector('[data-testid="instore-continue"]'))
      .not.toBeNull();
    const saved = calls.findIndex((c) => c.path.endsWith('/resetpw/savepw'));
    const login = calls.findIndex((c) => c.path.endsWith('/account/token'));
    expect(calls[saved]?.body).toEqual({ resetCode: code, password });
    expect(calls[login]?.body).toMatchObject({ loginId: 'maria@example.test', password });
    expect(saved).toBeLessThan(login);
    expect(getSession()?.token).toBe('new-session');
  });

  it('refuses two different passwords before sending anything, in Spanish', async () => {
    const calls = serve();
    const host = await render('es');
    await expect.poll(() => passwords().length).toBe(2);
    expect(submit()?.textContent).toBe('Guardar la contraseña y continuar');

    await userEvent.fill(passwords()[0]!, password);
    await userEvent.fill(passwords()[1]!, `${password}x`);
    await userEvent.click(submit()!);

    await expect
      .poll(() => host.textContent?.includes('Asegúrese de que ambas contraseñas sean iguales.'))
      .toBe(true);
    expect(calls.some((c) => c.path.endsWith('/resetpw/savepw'))).toBe(false);
    expect(calls.some((c) => c.path.endsWith('/account/token'))).toBe(false);
    expect(getSession()).toBeNull();
  });
});
