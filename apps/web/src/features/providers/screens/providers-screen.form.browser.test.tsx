import '@mantine/core/styles.css';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { StoredSession } from '../../../lib/session-store';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { ProvidersScreen } from './providers-screen';

/**
 * The provider invitation form in Chromium: a blank invitation is refused under each field
 * without being sent; typing a first name clears the first name's refusal and no other.
 */
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

/** The server: no provider yet; every call is recorded. */
function serve() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (method === 'GET' && path.endsWith('/admin/providers')) {
        return new Response(JSON.stringify({ error: false, providers: [] }), {
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

describe('the provider invitation form', () => {
  it('refuses a blank invitation under its fields and clears a refusal when its field changes', async () => {
    const calls = serve();
    await renderWithApp(<ProvidersScreen />, {
      language: 'en',
      session: { token: 'session-token', profile } as StoredSession,
      route: '/admin/providers',
    });
    await expect.poll(() => byTestId('provider-invite-submit')).not.toBeNull();

    await userEvent.click(byTestId('provider-invite-submit')!);

    await expect.poll(() => refusal('provider-invite-firstName')).toBe('First name: required.');
    expect(refusal('provider-invite-lastName')).toBe('Last name: required.');
    expect(refusal('provider-invite-npi')).toBe('NPI: 10 digits with a valid check digit.');
    expect(refusal('provider-invite-dea')).toBeNull();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);

    await userEvent.type(byTestId('provider-invite-firstName')!, 'Samuel');

    await expect.poll(() => refusal('provider-invite-firstName')).toBeNull();
    expect(byTestId('provider-invite-firstName')?.value).toBe('Samuel');
    expect(refusal('provider-invite-lastName')).toBe('Last name: required.');
  });
});
