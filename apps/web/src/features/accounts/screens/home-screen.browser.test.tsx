import '@mantine/core/styles.css';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { LocationCard } from './home-screen';

/**
 * Home's 'I am in' card in Chromium: the confirmed state; a state chosen and confirmed is sent
 * for the person and shown as confirmed from the answer, without asking for the location again;
 * a state where care is not offered says why; in English and Spanish.
 */
const ptId = '00000000-0000-4000-8000-000000000002';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The server: no confirmed state at first (or `confirmed`, once `loaded`); Texas is not offered. */
function serve(confirmed: string | null = null, loaded: Promise<void> = Promise.resolve()) {
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
      if (!path.endsWith('/consult/location')) return new Response('{}', { status: 404 });
      if (method === 'PUT') {
        const available = body.state !== 'TX';
        return json({
          error: false,
          state: body.state,
          available,
          reason: available ? null : 'Care is not offered in Texas yet.',
        });
      }
      await loaded;
      return json({ error: false, state: confirmed, validAsyncState: false, states: ['FL'] });
    }),
  );
  return calls;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(<LocationCard ptId={ptId} name="Leo Rivera" />, {
    language: lang,
  });
  return host;
}

const card = () => document.querySelector<HTMLElement>('[data-testid="location-card"]');
const status = () => card()?.querySelector('[role="status"]')?.textContent ?? null;
const locationReads = (calls: Call[]) => calls.filter((c) => c.method === 'GET').length;

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('LocationCard', () => {
  it('confirms a state for the person and shows it from the answer', async () => {
    const calls = serve();
    await render('en');
    await expect.poll(() => status()).toBe('No location confirmed yet.');

    await userEvent.selectOptions(card()!.querySelector('select')!, 'FL');
    await userEvent.click(card()!.querySelector<HTMLElement>('button[type="submit"]')!);

    await expect.poll(() => status()).toBe('Confirmed location: Florida');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { ptId, state: 'FL' },
    ]);
    expect(locationReads(calls)).toBe(1);
  });

  it('keeps a state chosen while the confirmed one loads', async () => {
    let load: () => void = () => undefined;
    serve(
      'FL',
      new Promise<void>((resolve) => {
        load = resolve;
      }),
    );
    await render('en');
    await expect.poll(() => card()?.querySelector('select') ?? null).not.toBeNull();
    await userEvent.selectOptions(card()!.querySelector('select')!, 'GA');
    load();
    await expect.poll(() => status()).toBe('Confirmed location: Florida');
    expect(card()!.querySelector('select')!.value).toBe('GA');
  });

  it('says why care is not offered in the state confirmed, in Spanish', async () => {
    serve();
    await render('es');
    await expect.poll(() => status()).toBe('Todavía no se ha confirmado una ubicación.');

    await userEvent.selectOptions(card()!.querySelector('select')!, 'TX');
    await userEvent.click(card()!.querySelector<HTMLElement>('button[type="submit"]')!);

    await expect
      .poll(() => card()?.querySelector('[role="alert"]')?.textContent ?? null)
      .toBe('Care is not offered in Texas yet.');
    expect(status()).toBe('Ubicación confirmada: Texas');
  });
});
