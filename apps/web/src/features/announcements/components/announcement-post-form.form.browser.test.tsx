import '@mantine/core/styles.css';
import type { ManagedAnnouncement } from '@apothecall/domain/announcements/announcements.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { AnnouncementForm } from './announcement-post-form';

/**
 * The announcement form's refusals in Chromium: a submit that fails its check sends nothing and
 * shows each refusal under its field; typing in a field clears its own refusal only; a post
 * starts again with an empty form and no refusal.
 */
afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

function serve() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { title: string; body: string };
      sent.push(body);
      const announcement: ManagedAnnouncement = {
        id: '00000000-0000-4000-8000-000000000001',
        title: body.title,
        body: body.body,
        language: 'en',
        translation: null,
        companyId: null,
        companyName: null,
        states: [],
        createdAt: '2026-11-01T09:00:00.000Z',
        expiresAt: null,
        withdrawnAt: null,
        status: 'current',
        dismissals: 0,
      };
      return new Response(JSON.stringify({ error: false, announcement }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

const noBody = 'Message: required, at most 4000 characters.';
const noTranslationBody =
  'Message in the other language: at most 4000 characters, required with its title.';

describe('AnnouncementForm', () => {
  it('refuses what was typed, clears a refusal when its field changes, and starts again once posted', async () => {
    const sent = serve();
    const { host } = await renderWithApp(<AnnouncementForm />, { language: 'en' });
    const title = page.getByTestId('announcement-title');
    const translationTitle = page.getByTestId('announcement-translation-title');
    await userEvent.fill(title, 'Holiday hours');
    await userEvent.fill(translationTitle, 'Horario de fiestas');
    await userEvent.click(page.getByTestId('announcement-submit'));

    await expect.poll(() => host.textContent).toContain(noBody);
    expect(host.textContent).toContain(noTranslationBody);
    expect(sent).toEqual([]);

    await userEvent.fill(page.getByTestId('announcement-body'), 'Closed on the 25th.');
    await expect.poll(() => host.textContent).not.toContain(noBody);
    expect(host.textContent).toContain(noTranslationBody);

    await userEvent.clear(translationTitle);
    expect(host.textContent).toContain(noTranslationBody);
    await userEvent.click(page.getByTestId('announcement-submit'));
    await expect.poll(() => sent.length).toBe(1);
    await expect.element(title).toHaveValue('');
    expect(host.textContent).not.toContain(noTranslationBody);
  });
});
