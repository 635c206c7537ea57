import '@mantine/core/styles.css';
import type { DocumentView } from '@apothecall/domain/documents/documents.schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { StoredSession } from '../../../lib/session-store';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { patientProfile } from '../../../testing/sessions';
import { DocumentsScreen } from './documents-screen';

/**
 * The family's documents in Chromium: an upload sends the file with its description, and the
 * month's list is asked for again with it; a removal is asked first, then sent, and the list is
 * asked for again; in English and Spanish.
 */
const holderId = '00000000-0000-4000-8000-000000000001';
const profile = patientProfile(holderId);

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
const month = today.slice(0, 7);

const upload = (n: number, fdesc: string): DocumentView => ({
  id: `00000000-0000-4000-8000-${String(100 + n).padStart(12, '0')}`,
  owner: holderId,
  ownerName: 'Maria Rivera',
  patient: holderId,
  patientName: 'Maria Rivera',
  fdate: today,
  ftype: 'application/pdf',
  fdesc,
  author: '',
  filer: '',
  fileDate: now.toISOString(),
  source: 'upload',
  token: `token-${n}`,
  removable: true,
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The server: this month's documents; an upload joins them, a removal takes one out. */
function serve(start: DocumentView[]) {
  let documents = [...start];
  const calls: Call[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      const body =
        init?.body instanceof FormData
          ? Object.fromEntries([...init.body.entries()].map(([k, v]) => [k, String(v)]))
          : typeof init?.body === 'string'
            ? JSON.parse(init.body)
            : null;
      calls.push({ method, path, body });
      if (path.endsWith('/get-patient-docs')) {
        return json({ error: false, month, documents });
      }
      if (path.endsWith('/documents')) {
        const added = upload(documents.length + 1, body.fdesc);
        documents = [added, ...documents];
        return json({ error: false, document: added });
      }
      if (path.endsWith('/documents-remove')) {
        documents = documents.filter((d) => d.token !== body.token);
        return json({ error: false });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(<DocumentsScreen />, {
    language: lang,
    session: { token: 'session-token', profile } as StoredSession,
    route: '/',
  });
  return host;
}

const listed = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="document"]')].map(
    (row) => row.textContent,
  );
const listReads = (calls: Call[]) =>
  calls.filter((c) => c.path.endsWith('/get-patient-docs')).length;

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('DocumentsScreen', () => {
  it('uploads a file with its description and lists it, asked for again', async () => {
    const calls = serve([]);
    const host = await render('en');
    await expect
      .poll(() => document.querySelector('[data-testid="documents-empty"]'))
      .not.toBeNull();
    expect(host.textContent).toContain('Documents');
    expect(listReads(calls)).toBe(1);

    const form = document.querySelector<HTMLElement>('[data-testid="document-upload"]')!;
    await userEvent.upload(
      form.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['%PDF-1.4'], 'lab.pdf', { type: 'application/pdf' }),
    );
    await userEvent.fill(form.querySelector('textarea')!, 'Blood test results');
    await userEvent.click(form.querySelector<HTMLElement>('button[type="submit"]')!);

    await expect.poll(() => listed().length).toBe(1);
    expect(listed()[0]).toContain('Blood test results');
    const sent = calls.find((c) => c.path.endsWith('/documents'));
    expect(sent?.body).toMatchObject({
      patient: holderId,
      fdesc: 'Blood test results',
      fdate: today,
    });
    expect(listReads(calls)).toBe(2);
  });

  it('removes an upload after asking, and lists what is left, in Spanish', async () => {
    const calls = serve([upload(1, 'Receta vieja')]);
    const host = await render('es');
    await expect.poll(() => listed().length).toBe(1);
    expect(host.textContent).toContain('Documentos');

    const remove = [
      ...document.querySelectorAll<HTMLElement>('[data-testid="document"] button'),
    ].find((button) => button.textContent === 'Eliminar');
    await userEvent.click(remove!);
    await expect
      .poll(() => document.querySelector('[data-testid="document-remove-confirm"]'))
      .not.toBeNull();
    expect(calls.some((c) => c.path.endsWith('/documents-remove'))).toBe(false);
    await userEvent.click(
      document.querySelector<HTMLElement>('[data-testid="document-remove-confirm"]')!,
    );

    await expect
      .poll(() => document.querySelector('[data-testid="documents-empty"]'))
      .not.toBeNull();
    expect(calls.find((c) => c.path.endsWith('/documents-remove'))?.body).toEqual({
      token: 'token-1',
    });
    expect(listReads(calls)).toBe(2);
  });
});
