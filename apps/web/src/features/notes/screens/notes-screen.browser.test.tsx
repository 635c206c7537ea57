import '@mantine/core/styles.css';
import type { NoteSummary } from '@apothecall/domain/notes/notes.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { StoredSession } from '../../../lib/session-store';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { NotesScreen } from './notes-screen';

/**
 * A person's notes in Chromium, a page at a time: the first page runs back from today, 'Load
 * older notes' asks for the page ending where the last one said, and 'No older notes' ends the
 * list; in English and Spanish.
 */
const holderId = '00000000-0000-4000-8000-000000000001';
const profile = {
  id: holderId,
  personId: holderId,
  name: 'Maria Rivera',
  role: 'patient',
  loginId: 'maria@example.com',
  brandId: 'apothecall',
  credentials: { from: null, role: 'patient', organizationType: null },
  permissions: [],
  users: [
    {
      id: holderId,
      personId: holderId,
      name: 'Maria Rivera',
      firstName: 'Maria',
      lastName: 'Rivera',
      relation: 'self',
    },
  ],
};

const note = (n: number, date: string): NoteSummary => ({
  id: `00000000-0000-4000-8000-${String(100 + n).padStart(12, '0')}`,
  date,
  time: '09:30:00',
  provider: 'Dr. Okafor',
  subject: `Visit ${n}`,
  ptId: holderId,
});

interface Request {
  uid: string;
  startDate: string;
  endDate: string;
}

/** The server: two pages, the second one ending the day before the first page's oldest note. */
function serve() {
  const asked: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      if (!path.endsWith('/full-notes')) return new Response('{}', { status: 404 });
      const request = JSON.parse(String(init?.body)) as Request;
      asked.push(request);
      const first = request.endDate !== '2026-10-09';
      const body = first
        ? {
            error: false,
            notes: [note(1, '2026-11-20'), note(2, '2026-10-10')],
            nextEndDate: '2026-10-09',
          }
        : { error: false, notes: [note(3, '2026-09-01')], nextEndDate: null };
      return new Response(JSON.stringify(body), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(<NotesScreen />, {
    language: lang,
    session: { token: 'session-token', profile } as StoredSession,
    route: '/',
  });
  return host;
}

const subjects = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="note"]')].map(
    (item) => item.querySelector('p')?.textContent,
  );
const button = (text: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text);

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('NotesScreen', () => {
  it('asks for older notes where the last page ended, until there are none', async () => {
    const asked = serve();
    const host = await render('en');
    await expect.poll(() => subjects()).toEqual(['Visit 1', 'Visit 2']);
    expect(asked[0]).toMatchObject({ uid: holderId, startDate: '1900-01-01' });

    await userEvent.click(button('Load older notes')!);

    await expect.poll(() => subjects()).toEqual(['Visit 1', 'Visit 2', 'Visit 3']);
    expect(asked[1]).toEqual({ uid: holderId, startDate: '1900-01-01', endDate: '2026-10-09' });
    expect(button('Load older notes')).toBeUndefined();
    expect(host.textContent).toContain('No older notes.');
  });

  it('does so in Spanish', async () => {
    const asked = serve();
    const host = await render('es');
    await expect.poll(() => subjects()).toEqual(['Visit 1', 'Visit 2']);

    await userEvent.click(button('Cargar notas anteriores')!);

    await expect.poll(() => subjects()).toHaveLength(3);
    expect(asked).toHaveLength(2);
    expect(host.textContent).toContain('No hay notas anteriores.');
  });
});
