import '@mantine/core/styles.css';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredSession } from '../lib/session-store';
import { cleanupApp, renderWithApp } from '../testing/render';
import { patientProfile } from '../testing/sessions';
import { RoleHome } from './role-home';

/**
 * A patient's Home in Chromium, at a phone's width: the membership card, which appears only once
 * the brand's plans have arrived, comes after the cards that are always there, so its arrival
 * moves none of them (on a cold Home it pushed "Recent notes" 156 px down, a layout shift of
 * 0.046; docs/performance.md).
 */
const patientId = '00000000-0000-4000-8000-000000000021';
const session: StoredSession = { token: 'session-token', profile: patientProfile(patientId) };

/** Every call answers at once (a refusal: the cards say they could not load) but the plans'. */
function serve() {
  let release: () => void = () => undefined;
  const plansAsked = new Promise<void>((resolve) => {
    release = resolve;
  });
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      if (path.endsWith('/subscription-pricing')) {
        await plansAsked;
        return json({
          error: false,
          available: true,
          plans: [],
          memberVisitCents: 2500,
          nonmemberVisitCents: 4900,
          subscription: null,
          session: null,
        });
      }
      return json({ error: true, code: 'INTERNAL', message: 'Unavailable.' }, 503);
    }),
  );
  return { release };
}

const sectionTitled = (host: HTMLElement, title: string) =>
  [...host.querySelectorAll('section')].find((s) => s.textContent?.startsWith(title)) ?? null;

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe("a patient's Home", () => {
  it.each([
    ['en', 'Recent notes'],
    ['es', 'Notas recientes'],
  ] as const)(
    '(%s) the membership card arrives last and moves no other card',
    async (lang, notesTitle) => {
      const server = serve();
      const { host } = await renderWithApp(<RoleHome session={session} />, {
        language: lang,
        session,
        width: 412,
        route: '/',
      });
      // The other cards have their answers (refusals, said in the cards).
      await expect
        .poll(() => sectionTitled(host, notesTitle)?.querySelector('[role="alert"]') ?? null)
        .not.toBeNull();
      const notes = sectionTitled(host, notesTitle);
      const before = notes?.getBoundingClientRect().top;
      expect(host.querySelector('[data-testid="membership-home-card"]')).toBeNull();

      server.release();
      await expect
        .poll(() => host.querySelector('[data-testid="membership-home-card"]'))
        .not.toBeNull();
      const membership = host.querySelector('[data-testid="membership-home-card"]');
      expect(notes?.isConnected).toBe(true);
      expect(notes?.getBoundingClientRect().top).toBe(before);
      // After every other card of the grid.
      const grid = membership?.parentElement;
      expect(grid?.lastElementChild).toBe(membership);
      expect(notes?.compareDocumentPosition(membership as Node)).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
    },
  );
});
