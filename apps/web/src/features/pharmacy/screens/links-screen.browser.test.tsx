import '@mantine/core/styles.css';
import type { RxLinkView } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupApp, rendered, renderWithApp } from '../../../testing/render';
import { LinksBody } from './links-screen';

/**
 * The pharmacy's links as a list that grows, in Chromium: the page the
 * server gives (newest first) with the shared pager and its total, Next asking for the next
 * page, and a search sent to the server, with 'nothing matches' when nothing does.
 */
const link = (n: number): RxLinkView => ({
  id: `link-${n}`,
  screenId: 'acute',
  medListId: null,
  comment: `Flyer ${n}`,
  url: `https://app.example.test/#/rx?id=link-${n}&company=sunrise`,
  createdAt: new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString(),
});
/** 25 links, newest (25) first, as the server orders them. */
const all = Array.from({ length: 25 }, (_, i) => link(25 - i));

function server() {
  const asked: { query: string; page: number }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (String(url).endsWith('/pharmacy/links/search')) {
        const body = JSON.parse(String(init?.body)) as { query: string; page: number };
        asked.push(body);
        const found = all.filter((l) => (l.comment ?? '').toLowerCase().includes(body.query));
        return json({
          error: false,
          links: found.slice((body.page - 1) * 20, body.page * 20),
          page: body.page,
          pageSize: 20,
          total: found.length,
        });
      }
      return json({ error: false, products: [], link: null });
    }),
  );
  return asked;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(<LinksBody />, { language: lang, route: '/' });
  return host;
}

const comments = (host: HTMLElement) =>
  [...host.querySelectorAll('[data-testid="pharmacy-link"]')].map((e) => e.textContent ?? '');
const byTestId = (host: HTMLElement, id: string) =>
  host.querySelector<HTMLElement>(`[data-testid="${id}"]`);

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('LinksBody', () => {
  it('shows the newest links first, 20 a page, with a pager that asks for the next page', async () => {
    const asked = server();
    const host = await render('en');
    await expect.poll(() => comments(host).length).toBe(20);
    expect(comments(host)[0]).toContain('Flyer 25');
    expect(byTestId(host, 'pharmacy-links-pager-info')?.textContent).toBe(
      'Page 1 of 2 (25 in all)',
    );
    byTestId(host, 'pharmacy-links-pager-next')?.click();
    await expect.poll(() => comments(host).length).toBe(5);
    expect(comments(host).at(-1)).toContain('Flyer 1');
    expect(comments(host)[0]).toContain('Flyer 5');
    expect(byTestId(host, 'pharmacy-links-pager-info')?.textContent).toBe(
      'Page 2 of 2 (25 in all)',
    );
    expect(asked.at(-1)).toEqual({ query: '', page: 2 });
  });

  it('searches on the server and says so when nothing matches, in Spanish', async () => {
    const asked = server();
    const host = await render('es');
    await expect.poll(() => comments(host).length).toBe(20);
    expect(byTestId(host, 'pharmacy-links-pager-info')?.textContent).toBe(
      'Página 1 de 2 (25 en total)',
    );
    const input = byTestId(host, 'pharmacy-links-search') as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setValue?.call(input, 'nada');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await rendered();
    byTestId(host, 'pharmacy-links-search-submit')?.click();
    await expect
      .poll(() => byTestId(host, 'pharmacy-links-empty')?.textContent)
      .toBe('Nada coincide con esa búsqueda.');
    expect(asked.at(-1)).toEqual({ query: 'nada', page: 1 });
    expect(byTestId(host, 'pharmacy-links-pager')).toBeNull();
  });
});
