import '@mantine/core/styles.css';
import type { ManagedAnnouncement } from '@apothecall/domain/announcements/announcements.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { AnnouncementsAdminSection } from './announcements-admin-section';

/**
 * Announcements to pharmacies as their writer sees them, in Chromium: what was posted, with its
 * status; posting sends what was typed and asks for the list again; withdrawing is asked first,
 * then sent, and the list is asked for again; in English and Spanish.
 */
const posted = (n: number, status: ManagedAnnouncement['status']): ManagedAnnouncement => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Notice ${n}`,
  body: `Body of notice ${n}`,
  language: 'en',
  translation: null,
  companyId: null,
  companyName: null,
  states: [],
  createdAt: '2026-11-01T09:00:00.000Z',
  expiresAt: null,
  withdrawnAt: status === 'withdrawn' ? '2026-11-02T09:00:00.000Z' : null,
  status,
  dismissals: 0,
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The server: the list grows with each post; a withdrawal marks one withdrawn. */
function serve(start: ManagedAnnouncement[]) {
  let list = [...start];
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
      if (method === 'GET' && path.endsWith('/rxadmin/announcements')) {
        return json({ error: false, announcements: list, writer: { companyId: null } });
      }
      if (method === 'POST' && path.endsWith('/rxadmin/announcements')) {
        const added = { ...posted(list.length + 1, 'current'), title: body.title, body: body.body };
        list = [added, ...list];
        return json({ error: false, announcement: added });
      }
      const withdrawn = path.match(/\/rxadmin\/announcements\/([^/]+)\/withdraw$/);
      if (method === 'POST' && withdrawn) {
        list = list.map((a) =>
          a.id === withdrawn[1]
            ? { ...a, status: 'withdrawn', withdrawnAt: '2026-11-03T09:00:00.000Z' }
            : a,
        );
        return json({ error: false, announcement: list.find((a) => a.id === withdrawn[1]) });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(<AnnouncementsAdminSection />, { language: lang });
  return host;
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const listCalls = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.path.endsWith('/rxadmin/announcements')).length;
const statuses = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="managed-announcement"]')].map(
    (item) => `${item.querySelector('h4')?.textContent} ${item.dataset.status}`,
  );

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('AnnouncementsAdminSection', () => {
  it('posts what was typed and shows it in the list asked for again', async () => {
    const calls = serve([posted(1, 'current')]);
    const host = await render('en');
    await expect.poll(() => statuses()).toEqual(['Notice 1 current']);
    expect(host.textContent).toContain('Posted announcements');
    expect(listCalls(calls)).toBe(1);

    await userEvent.fill(
      byTestId('announcement-title')?.querySelector('input') ?? byTestId('announcement-title')!,
      'Holiday hours',
    );
    await userEvent.fill(
      byTestId('announcement-body')?.querySelector('textarea') ?? byTestId('announcement-body')!,
      'Closed on Thursday.',
    );
    await userEvent.click(byTestId('announcement-submit')!);

    await expect.poll(() => statuses()).toEqual(['Holiday hours current', 'Notice 1 current']);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ title: 'Holiday hours', body: 'Closed on Thursday.' });
    expect(listCalls(calls)).toBe(2);
  });

  it('withdraws after asking, and shows it withdrawn, in Spanish', async () => {
    const calls = serve([posted(1, 'current'), posted(2, 'withdrawn')]);
    const host = await render('es');
    await expect.poll(() => statuses()).toEqual(['Notice 1 current', 'Notice 2 withdrawn']);
    expect(host.textContent).toContain('Anuncios publicados');
    expect(document.querySelectorAll('[data-testid="managed-announcement-withdraw"]')).toHaveLength(
      1,
    );

    await userEvent.click(byTestId('managed-announcement-withdraw')!);
    await expect.poll(() => byTestId('announcement-withdraw-dialog-confirm')).not.toBeNull();
    expect(byTestId('announcement-withdraw-dialog-confirm')?.textContent).toBe('Retirar');
    expect(calls.some((c) => c.path.endsWith('/withdraw'))).toBe(false);
    await userEvent.click(byTestId('announcement-withdraw-dialog-confirm')!);

    await expect.poll(() => statuses()).toEqual(['Notice 1 withdrawn', 'Notice 2 withdrawn']);
    expect(calls.filter((c) => c.path.endsWith('/withdraw'))).toHaveLength(1);
    expect(listCalls(calls)).toBe(2);
  });
});
