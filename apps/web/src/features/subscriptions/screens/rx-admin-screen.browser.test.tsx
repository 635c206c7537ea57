import '@mantine/core/styles.css';
import type { SubscriberView } from '@apothecall/domain/subscriptions/subscriptions.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupApp, rendered, renderWithApp } from '../../../testing/render';
import { RxAdminScreen } from './rx-admin-screen';

/**
 * /rxadmin's subscribers as a list that grows, in Chromium: the page the
 * server gives with the shared pager and the total in the heading, Next asking for the next
 * page, and a search by name sent to the server.
 */
const subscriber = (n: number): SubscriberView => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  kind: 'visits',
  plan: 'individual',
  serviceName: null,
  memberName: `Member ${n}`,
  status: 'active',
  renewDate: '2026-12-01T00:00:00.000Z',
  startedAt: '2026-09-01T00:00:00.000Z',
  months: 3,
  billedCents: 3000,
  lastCharge: null,
  refunded: false,
});
/** 23 subscribers, newest (23) first, as the server orders them. */
const all = Array.from({ length: 23 }, (_, i) => subscriber(23 - i));

function server() {
  const asked: { query: string; page: number }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (String(url).endsWith('/rxadmin/subscriptions/search')) {
        const body = JSON.parse(String(init?.body)) as { query: string; page: number };
        asked.push(body);
        const found = all.filter((s) => s.memberName.toLowerCase().includes(body.query));
        return json({
          error: false,
          subscribers: found.slice((body.page - 1) * 20, body.page * 20),
          page: body.page,
          pageSize: 20,
          total: found.length,
        });
      }
      return json({ error: false, company: 'acme', subscribers: [], revenueByMonth: [] });
    }),
  );
  return asked;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(<RxAdminScreen />, { language: lang, route: '/' });
  return host;
}

const byTestId = (host: HTMLElement, id: string) =>
  host.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const names = (host: HTMLElement) => host.textContent?.match(/Member \d+/g) ?? [];

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('RxAdminScreen subscribers', () => {
  it('shows 20 a page, newest first, with the total and a pager that asks for the next page', async () => {
    const asked = server();
    const host = await render('en');
    await expect.poll(() => names(host).length).toBe(20);
    expect(names(host)[0]).toBe('Member 23');
    expect(byTestId(host, 'rxadmin-pager-info')?.textContent).toBe('Page 1 of 2 (23 in all)');
    byTestId(host, 'rxadmin-pager-next')?.click();
    await expect.poll(() => names(host)).toEqual(['Member 3', 'Member 2', 'Member 1']);
    expect(asked.at(-1)).toEqual({ query: '', page: 2 });
  });

  it('searches by name on the server, in Spanish', async () => {
    const asked = server();
    const host = await render('es');
    await expect.poll(() => names(host).length).toBe(20);
    expect(byTestId(host, 'rxadmin-pager-info')?.textContent).toBe('Página 1 de 2 (23 en total)');
    const input = byTestId(host, 'rxadmin-search') as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(
      input,
      'member 1',
    );
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await rendered();
    byTestId(host, 'rxadmin-search-submit')?.click();
    await expect.poll(() => names(host).length).toBe(11);
    expect(asked.at(-1)).toEqual({ query: 'member 1', page: 1 });
    expect(byTestId(host, 'rxadmin-pager')).toBeNull();
  });
});
