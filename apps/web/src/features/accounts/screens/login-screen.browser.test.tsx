import '@mantine/core/styles.css';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupApp, rendered, renderWithApp } from '../../../testing/render';
import { LoginScreen } from './login-screen';

/**
 * The login's two-factor step in Chromium: the code goes to
 * POST /submit-code with the tfaToken the TFA_REQUIRED answer carried (never the password
 * again), and a wrong code's message shows in English and Spanish.
 */
/** What the server answers (its catalogue), in each language. */
const texts = {
  en: {
    'accounts.tfa.required': 'Enter the 6-digit code we sent you. It is valid for 10 minutes.',
    'accounts.tfa.invalid': 'That code is not valid or has expired. Log in again to get a new one.',
  },
  es: {
    'accounts.tfa.required':
      'Introduzca el código de 6 dígitos que le enviamos. Es válido durante 10 minutos.',
    'accounts.tfa.invalid':
      'Ese código no es válido o ha caducado. Inicie sesión de nuevo para recibir otro.',
  },
} as const;
const translate = (lang: 'en' | 'es', key: keyof (typeof texts)['en']) => texts[lang][key];
const tfaToken = 'T'.repeat(32);

function server(lang: 'en' | 'es') {
  const asked: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      const path = String(url);
      if (init?.method === 'POST') asked.push({ url: path, body: JSON.parse(String(init.body)) });
      if (path.endsWith('/account/token'))
        return json(
          {
            error: true,
            errorCode: 'TFA_REQUIRED',
            errorMsg: translate(lang, 'accounts.tfa.required'),
            tfaToken,
          },
          401,
        );
      if (path.endsWith('/submit-code'))
        return json(
          {
            error: true,
            errorCode: 'TFA_INVALID',
            errorMsg: translate(lang, 'accounts.tfa.invalid'),
          },
          401,
        );
      return json({ error: false });
    }),
  );
  return asked;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(<LoginScreen />, { language: lang, route: '/login' });
  await expect.poll(() => host.querySelector('form')).not.toBeNull();
  return host;
}

async function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await rendered();
}
const field = (host: HTMLElement, selector: string) =>
  host.querySelector<HTMLInputElement>(selector);
const submitForm = (host: HTMLElement) =>
  host.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('LoginScreen two-factor step', () => {
  it.each(['en', 'es'] as const)(
    'sends the tfaToken and code, not the password, and shows a wrong code (%s)',
    async (lang) => {
      const asked = server(lang);
      const host = await render(lang);
      const loginId = field(host, 'input[autocomplete="username"]');
      const password = field(host, 'input[autocomplete="current-password"]');
      if (!loginId || !password) throw new Error('login fields missing');
      await type(loginId, 'quinn@example.test');
      await type(password, 'Quinn-Pass-42');
      submitForm(host);
      await expect.poll(() => field(host, 'input[autocomplete="one-time-code"]')).not.toBeNull();
      // The password left the form once it was proven.
      expect(field(host, 'input[autocomplete="current-password"]')).toBeNull();
      expect(host.textContent).toContain(translate(lang, 'accounts.tfa.required'));
      const code = field(host, 'input[autocomplete="one-time-code"]');
      if (!code) throw new Error('code field missing');
      await type(code, '123456');
      submitForm(host);
      await expect
        .poll(() => host.querySelector('[role="alert"]')?.textContent ?? '')
        .toContain(translate(lang, 'accounts.tfa.invalid'));
      expect(asked.map((a) => [a.url.replace(/^.*\/api/, ''), a.body])).toEqual([
        ['/account/token', expect.objectContaining({ loginId: 'quinn@example.test' })],
        ['/submit-code', { tfaToken, code: '123456' }],
      ]);
      // Still on the code step: the code can be typed again.
      expect(field(host, 'input[autocomplete="one-time-code"]')).not.toBeNull();
    },
  );
});
