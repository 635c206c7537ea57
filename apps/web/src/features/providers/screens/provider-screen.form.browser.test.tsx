import '@mantine/core/styles.css';
import type { ProviderAdminView } from '@apothecall/domain/providers/providers.api';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { StoredSession } from '../../../lib/session-store';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { ProviderScreen } from './provider-screen';

/**
 * The licence form of a provider's page, in Chromium: an empty licence is refused under each
 * field without being sent; typing a number clears the number's refusal and no other.
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

const provider: ProviderAdminView = {
  id: providerId,
  name: 'Samuel Okafor',
  email: 'samuel@example.test',
  npi: '1234567893',
  credentials: 'MD',
  dea: null,
  active: true,
  onDuty: false,
  licences: [],
  practice: null,
};

/** The server: the provider; every call is recorded. */
function serve() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (method === 'GET' && path.endsWith(`/admin/providers/${providerId}`)) {
        return new Response(JSON.stringify({ error: false, provider }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

const byTestId = (id: string) => document.querySelector<HTMLInputElement>(`[data-testid="${id}"]`);
/** The refusal shown under a field, or null when the field is not refused. */
const refusal = (id: string) => {
  const input = byTestId(id);
  if (input?.getAttribute('aria-invalid') !== 'true') return null;
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return described.map((part) => document.getElementById(part)?.textContent ?? '').find(Boolean);
};

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('the licence form', () => {
  it('refuses an empty licence under its fields and clears a refusal when its field changes', async () => {
    const calls = serve();
    await renderWithApp(
      <Routes>
        <Route path="/admin/providers/:id" element={<ProviderScreen />} />
      </Routes>,
      {
        language: 'en',
        session: { token: 'session-token', profile } as StoredSession,
        route: `/admin/providers/${providerId}`,
      },
    );
    await expect.poll(() => byTestId('licence-save')).not.toBeNull();

    await userEvent.click(byTestId('licence-save')!);

    await expect
      .poll(() => refusal('licence-state'))
      .toBe('State: choose a US state (two letters, e.g. FL).');
    expect(refusal('licence-number')).toBe(
      'Licence number: letters, digits, spaces, dots, slashes or hyphens, at most 40.',
    );
    expect(refusal('licence-expires')).toBe(
      'Expiry date: a date between 2000 and 2199 (YYYY-MM-DD).',
    );
    expect(calls.filter((call) => call.startsWith('PUT'))).toEqual([]);

    await userEvent.type(byTestId('licence-number')!, 'ME12345');

    await expect.poll(() => refusal('licence-number')).toBeNull();
    expect(byTestId('licence-number')?.value).toBe('ME12345');
    expect(refusal('licence-state')).toBe('State: choose a US state (two letters, e.g. FL).');
    expect(refusal('licence-expires')).toBe(
      'Expiry date: a date between 2000 and 2199 (YYYY-MM-DD).',
    );
  });
});
