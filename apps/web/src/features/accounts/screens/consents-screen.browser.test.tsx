import '@mantine/core/styles.css';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { ConsentGate } from '../components/consent-gate';
import { ConsentsScreen } from './consents-screen';

/**
 * The consents in Chromium: both documents must be accepted; once they are, the screen goes
 * back to where the person was going, and the care screen's gate lets them in at once with the
 * status the acceptance answered; in English and Spanish.
 */
interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The server: the consent to treat and the terms, accepted or not. */
function serve() {
  let accepted = false;
  const calls: Call[] = [];
  const status = () => ({
    error: false,
    documents: (['consentToTreat', 'terms'] as const).map((id) => ({
      id,
      version: '2026-01',
      url: null,
      acceptedVersion: accepted ? '2026-01' : null,
      acceptedAt: accepted ? '2026-11-20T09:00:00.000Z' : null,
    })),
    upToDate: accepted,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ method, path, body });
      if (!path.endsWith('/consents')) return new Response('{}', { status: 404 });
      if (method === 'POST') accepted = true;
      return new Response(JSON.stringify(status()), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(
    <Routes>
      <Route path="/consents" element={<ConsentsScreen />} />
      <Route
        path="/care"
        element={
          <ConsentGate>
            <p data-testid="care-screen">care</p>
          </ConsentGate>
        }
      />
    </Routes>,
    { language: lang, route: '/consents?to=%2Fcare' },
  );
  return host;
}

const boxes = () => [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
const submit = () => document.querySelector<HTMLElement>('button[type="submit"]');

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('ConsentsScreen', () => {
  it('accepts both documents and lets the person into care at once', async () => {
    const calls = serve();
    await render('en');
    await expect.poll(() => boxes().length).toBe(2);
    expect(submit()?.textContent).toBe('Accept and continue');

    for (const box of boxes()) await userEvent.click(box);
    await userEvent.click(submit()!);

    await expect.poll(() => document.querySelector('[data-testid="care-screen"]')).not.toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        documents: [
          { id: 'consentToTreat', version: '2026-01' },
          { id: 'terms', version: '2026-01' },
        ],
      },
    ]);
  });

  it('sends nothing until both are accepted, in Spanish', async () => {
    const calls = serve();
    await render('es');
    await expect.poll(() => boxes().length).toBe(2);
    expect(submit()?.textContent).toBe('Aceptar y continuar');

    await userEvent.click(boxes()[0]!);
    await userEvent.click(submit()!);
    await expect
      .poll(() => document.body.textContent?.split('Marque esta casilla para continuar.').length)
      .toBe(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(boxes()[1]!);
    await userEvent.click(submit()!);
    await expect.poll(() => document.querySelector('[data-testid="care-screen"]')).not.toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
