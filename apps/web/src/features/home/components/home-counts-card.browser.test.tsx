import '@mantine/core/styles.css';
import type { HomeCount } from '@apothecall/domain/home/home-counts.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { HomeCountsCard } from './home-counts-card';

/**
 * A staff member's Home counts in Chromium: the counts the server gives
 * for the role, each a link to the screen where it is acted on, in English and Spanish; one call
 * per Home; a failed call says so.
 */
const providerCounts: HomeCount[] = [
  { key: 'rxChangeRequests', count: 2, path: '/clinic/rx' },
  { key: 'rxWaiting', count: 5, path: '/clinic/rx' },
  { key: 'videoWaiting', count: 0, path: '/clinic' },
];

function answer(status: number, body: unknown) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(String(url));
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(<HomeCountsCard />, { language: lang, hashRouter: true });
  return host;
}

const text = (host: HTMLElement, id: string) =>
  host.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
const href = (host: HTMLElement, id: string) =>
  host.querySelector(`[data-testid="${id}"]`)?.getAttribute('href') ?? null;

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('HomeCountsCard', () => {
  it("shows a provider's change requests and waiting visits, each leading to its screen", async () => {
    const calls = answer(200, { error: false, counts: providerCounts });
    const host = await render('en');
    await expect
      .poll(() => text(host, 'home-count-rxChangeRequests'))
      .toBe('2Pharmacy change requests');
    expect(text(host, 'home-count-rxWaiting')).toBe('5Rx visits waiting for review');
    expect(text(host, 'home-count-videoWaiting')).toBe('0Video visits waiting');
    expect(href(host, 'home-count-rxChangeRequests')).toBe('#/clinic/rx');
    expect(href(host, 'home-count-videoWaiting')).toBe('#/clinic');
    expect(text(host, 'home-counts')).toContain('To act on');
    expect(calls.filter((c) => c.endsWith('/home/counts'))).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });

  it("shows a pharmacist's unclaimed visits and an admin's jobs in Spanish", async () => {
    answer(200, {
      error: false,
      counts: [
        { key: 'rxUnclaimed', count: 7, path: '/prescriptions' },
        { key: 'stuckVisits', count: 3, path: '/admin/visits' },
        { key: 'pharmaciesUnverified', count: 1, path: '/admin/pharmacies' },
        { key: 'subscribersRenewalDeclined', count: 4, path: '/rxadmin' },
      ],
    });
    const host = await render('es');
    await expect
      .poll(() => text(host, 'home-count-rxUnclaimed'))
      .toBe('7Consultas Rx sin reclamar');
    expect(href(host, 'home-count-rxUnclaimed')).toBe('#/prescriptions');
    expect(text(host, 'home-count-stuckVisits')).toBe('3Consultas detenidas');
    expect(href(host, 'home-count-stuckVisits')).toBe('#/admin/visits');
    expect(text(host, 'home-count-pharmaciesUnverified')).toBe('1Farmacias por verificar');
    expect(href(host, 'home-count-pharmaciesUnverified')).toBe('#/admin/pharmacies');
    expect(text(host, 'home-count-subscribersRenewalDeclined')).toBe(
      '4Suscriptores con la renovación rechazada',
    );
    expect(text(host, 'home-counts')).toContain('Pendiente');
  });

  it('says when the counts could not be loaded', async () => {
    answer(500, { error: true, errorCode: 'INTERNAL', errorMsg: 'Something went wrong.' });
    const host = await render('en');
    await expect
      .poll(() => text(host, 'home-counts-error'))
      .toBe('The counts could not be loaded.');
  });
});
