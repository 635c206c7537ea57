import '@mantine/core/styles.css';
import type { ProviderAdminView } from '@apothecall/domain/providers/providers.api';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { StoredSession } from '../../../lib/session-store';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { ProviderScreen } from './provider-screen';

/**
 * A provider in the back office, in Chromium, as its administrator changes it: a licence removed
 * (asked first) and the provider deactivated (asked first) are shown from the server's answer,
 * and the provider is asked for again; in English and Spanish.
 */
const providerId = '00000000-0000-4000-8000-000000000001';
const adminId = '00000000-0000-4000-8000-000000000009';
const profile = {
  id: adminId,
  personId: adminId,
  name: 'Ada Admin',
  role: 'admin',
  loginId: 'admin@apothecall.test',
  brandId: 'apothecall',
  credentials: { from: null, role: 'admin', organizationType: null },
  permissions: [],
  users: [
    {
      id: adminId,
      personId: adminId,
      name: 'Ada Admin',
      firstName: 'Ada',
      lastName: 'Admin',
      relation: 'self',
    },
  ],
};

const start: ProviderAdminView = {
  id: providerId,
  name: 'Samuel Okafor',
  email: 'samuel@example.test',
  npi: '1234567893',
  credentials: 'MD',
  dea: null,
  active: true,
  onDuty: false,
  licences: [
    { state: 'FL', number: 'ME12345', expiresOn: '2027-06-30', inForce: true },
    { state: 'GA', number: 'GA777', expiresOn: '2027-06-30', inForce: true },
  ],
  practice: null,
};

interface Call {
  method: string;
  path: string;
}

/** The server: one provider; a licence removal and a deactivation answer with the provider. */
function serve() {
  let provider = structuredClone(start);
  const calls: Call[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      calls.push({ method, path });
      const licence = path.match(/\/admin\/providers\/[^/]+\/licences\/([A-Z]{2})$/);
      if (method === 'DELETE' && licence) {
        provider = {
          ...provider,
          licences: provider.licences.filter((l) => l.state !== licence[1]),
        };
        return json({ error: false, provider });
      }
      if (method === 'POST' && path.endsWith(`/admin/providers/${providerId}/deactivate`)) {
        provider = { ...provider, active: false };
        return json({ error: false, provider, released: 2 });
      }
      if (method === 'GET' && path.endsWith(`/admin/providers/${providerId}`)) {
        return json({ error: false, provider });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(
    <Routes>
      <Route path="/admin/providers/:id" element={<ProviderScreen />} />
    </Routes>,
    {
      language: lang,
      session: { token: 'session-token', profile } as StoredSession,
      route: `/admin/providers/${providerId}`,
    },
  );
  return host;
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const licences = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="licence-row"]')].map(
    (row) => row.dataset.state,
  );
const providerReads = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.path.endsWith(`/admin/providers/${providerId}`))
    .length;

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('ProviderScreen', () => {
  it('removes a licence after asking and shows the provider the server answers with', async () => {
    const calls = serve();
    await render('en');
    await expect.poll(() => licences()).toEqual(['FL', 'GA']);
    expect(providerReads(calls)).toBe(1);

    const removeGa = document.querySelector<HTMLElement>(
      '[data-testid="licence-row"][data-state="GA"] [data-testid="licence-remove"]',
    );
    await userEvent.click(removeGa!);
    await expect.poll(() => byTestId('licence-remove-dialog-confirm')?.textContent).toBe('Remove');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(byTestId('licence-remove-dialog-confirm')!);

    await expect.poll(() => licences()).toEqual(['FL']);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    await expect.poll(() => providerReads(calls)).toBe(2);
  });

  it('deactivates the provider after asking, in Spanish', async () => {
    const calls = serve();
    await render('es');
    await expect.poll(() => byTestId('provider-deactivate')).not.toBeNull();

    await userEvent.click(byTestId('provider-deactivate')!);
    await expect.poll(() => byTestId('provider-deactivate-dialog-confirm')).not.toBeNull();
    await userEvent.click(byTestId('provider-deactivate-dialog-confirm')!);

    await expect.poll(() => byTestId('provider-reactivate')).not.toBeNull();
    expect(byTestId('provider-deactivate')).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/deactivate'))).toHaveLength(1);
    await expect.poll(() => providerReads(calls)).toBe(2);
  });
});
