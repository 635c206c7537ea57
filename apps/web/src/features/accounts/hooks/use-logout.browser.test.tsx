import { useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, type StoredSession } from '../../../lib/session-store';
import { cleanupApp, rendered, renderWithApp } from '../../../testing/render';
import { useLogout } from './use-logout';

/**
 * Logging out in Chromium: the device is signed out and on the root at once, before the server
 * has answered, and the server's late answer moves nobody. When the navigation waited for the
 * answer, a person who had already opened the login screen again was taken back to the root (the
 * session had gone earlier, by the server's notice over the socket), and the login form she was
 * typing into went away (an e2e run of roles.spec.ts timed out on it).
 */
const session = {
  token: 'session-token',
  profile: { id: 'u1', personId: 'u1', name: 'Alex Doe', role: 'rxSubscriptionAdmin' },
} as unknown as StoredSession;

/** The logout call waits for `answer`; every call is recorded with its Authorization header. */
function serve(answer: 'ok' | 'offline') {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const calls: { path: string; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      const headers = new Headers(init?.headers);
      calls.push({ path, authorization: headers.get('authorization') });
      await released;
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ error: false }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { calls, release };
}

let ended: Promise<void> | null = null;

function Harness() {
  const logout = useLogout();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="at">{location.pathname}</output>
      <button
        type="button"
        onClick={() => {
          ended = logout();
        }}
      >
        Log out
      </button>
      <button type="button" onClick={() => navigate('/login')}>
        Open login
      </button>
    </>
  );
}

function button(host: HTMLElement, name: string): HTMLButtonElement {
  const found = [...host.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

const at = (host: HTMLElement) => host.querySelector('[data-testid="at"]')?.textContent;

afterEach(async () => {
  ended = null;
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('logging out', () => {
  it.each(['ok', 'offline'] as const)(
    'signs the device out and goes to the root before the server answers, and the answer (%s) moves nobody',
    async (answer) => {
      const server = serve(answer);
      const { host } = await renderWithApp(<Harness />, { session, route: '/rx-admin' });
      await expect.poll(() => at(host)).toBe('/rx-admin');

      button(host, 'Log out').click();
      await rendered();
      expect(getSession()).toBeNull();
      await expect.poll(() => at(host)).toBe('/');
      // The server is told with the token the device has just forgotten.
      expect(server.calls).toEqual([
        { path: '/api/account/logout', authorization: 'Bearer session-token' },
      ]);

      // The person moves on before the server answers.
      button(host, 'Open login').click();
      await expect.poll(() => at(host)).toBe('/login');
      server.release();
      await ended;
      await rendered();
      expect(at(host)).toBe('/login');
      expect(getSession()).toBeNull();
    },
  );
});
