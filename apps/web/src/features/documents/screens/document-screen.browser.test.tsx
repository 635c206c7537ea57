import '@mantine/core/styles.css';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { loadScreenTexts, setLanguage } from '../../../lib/i18n';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { getDocData } from '../api/get-doc-data';
import { DocumentScreen } from './document-screen';

vi.mock('../api/get-doc-data', () => ({ getDocData: vi.fn() }));

/**
 * /doc in Chromium: opened by its address alone (a reload, a new tab: no
 * document handed over in memory), it opens the document again by the opaque token in the
 * address, in English and Spanish; a token the server does not find says it is gone.
 */
const token = 'dmlzaXROb3RlOjEyMzQ1Njc4LTEyMzQtMTIzNC0xMjM0LTEyMzQ1Njc4OTBhYg';
const pdf = btoa('%PDF-1.4\n%%EOF\n');

async function render(path: string) {
  const { host } = await renderWithApp(<DocumentScreen />, { route: path });
  await expect.poll(() => host.querySelector('h1')).not.toBeNull();
  return host;
}

beforeAll(async () => {
  await loadScreenTexts();
});

afterEach(async () => {
  await cleanupApp();
  vi.mocked(getDocData).mockReset();
});

afterAll(() => setLanguage('en'));

describe('DocumentScreen', () => {
  it('opens the document again after a reload, by the token in its address', async () => {
    await setLanguage('en');
    vi.mocked(getDocData).mockResolvedValue({
      error: false,
      data: pdf,
      name: 'note-2026-11-27.pdf',
      contentType: 'application/pdf',
    });
    const host = await render(`/doc?id=${encodeURIComponent(token)}`);
    await expect.poll(() => host.querySelector('[data-testid="document-frame"]')).not.toBeNull();
    expect(getDocData).toHaveBeenCalledWith(token);
    expect(host.querySelector('[data-testid="document-name"]')?.textContent).toBe(
      'note-2026-11-27.pdf',
    );
    expect(host.querySelector('[data-testid="document-not-found"]')).toBeNull();
    expect(host.textContent).toContain('Download');
  });

  it('does so in Spanish too', async () => {
    await setLanguage('es');
    vi.mocked(getDocData).mockResolvedValue({
      error: false,
      data: pdf,
      name: 'note-2026-11-27.pdf',
      contentType: 'application/pdf',
    });
    const host = await render(`/doc?id=${encodeURIComponent(token)}`);
    await expect.poll(() => host.querySelector('[data-testid="document-frame"]')).not.toBeNull();
    expect(host.querySelector('h1')?.textContent).toBe('Documento');
    expect(host.textContent).toContain('Descargar');
    expect(host.textContent).toContain('Volver a documentos');
  });

  it('says a document the server does not find for this account is no longer available', async () => {
    await setLanguage('en');
    vi.mocked(getDocData).mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'Not found'));
    const host = await render(`/doc?id=${encodeURIComponent(token)}`);
    await expect
      .poll(() => host.querySelector('[data-testid="document-not-found"]')?.textContent)
      .toBe('This document is no longer available.');
  });
});
