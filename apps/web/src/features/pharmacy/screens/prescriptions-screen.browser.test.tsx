import '@mantine/core/styles.css';
import type { PharmacyMe, PharmacyRxRow } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupApp, rendered, renderWithApp } from '../../../testing/render';
import { PrescriptionsDashboard } from './prescriptions-screen';

/**
 * The prescription dashboard pages with the one shared Pager: its line
 * says the total, Next asks the server for the next page, in English and Spanish.
 */
const visit = (n: number): PharmacyRxRow => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  productId: 'acute',
  pharmacyStatus: 'unclaimed',
  erxStatus: null,
  version: 1,
  state: 'FL',
  patientName: `Patient ${n}`,
  patientDob: '1980-01-02',
  prescribedAt: new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString(),
  linkId: null,
  assessmentId: null,
  statusChanged: false,
});
const all = Array.from({ length: 25 }, (_, i) => visit(25 - i));

const bulkAsked: { visits: { id: string; version: number }[]; status: string }[] = [];

function server() {
  const asked: { page: number }[] = [];
  bulkAsked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (String(url).endsWith('/pharmacy/rx/search')) {
        const body = JSON.parse(String(init?.body)) as { page: number; pageSize: number };
        asked.push({ page: body.page });
        return json({
          error: false,
          visits: all.slice((body.page - 1) * body.pageSize, body.page * body.pageSize),
          counts: { unclaimed: all.length },
          newUnclaimed: 0,
          page: body.page,
          pageSize: body.pageSize,
          total: all.length,
        });
      }
      if (String(url).endsWith('/pharmacy/rx/bulk-status')) {
        const body = JSON.parse(String(init?.body)) as (typeof bulkAsked)[number];
        bulkAsked.push(body);
        return json({
          error: false,
          results: body.visits.map((v, i) =>
            i === 0
              ? {
                  visitId: v.id,
                  moved: false,
                  pharmacyStatus: null,
                  version: null,
                  errorCode: 'RX_STALE',
                  message: 'Changed meanwhile.',
                }
              : {
                  visitId: v.id,
                  moved: true,
                  pharmacyStatus: body.status,
                  version: v.version + 1,
                  errorCode: null,
                  message: null,
                },
          ),
        });
      }
      return json({ error: true, message: 'not here' });
    }),
  );
  return asked;
}

/** Only the opened visit reads `me`; the list does not. */
const me = { role: 'pharmacist' } as unknown as PharmacyMe;

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(<PrescriptionsDashboard me={me} />, {
    language: lang,
    route: '/',
  });
  return host;
}

const names = (host: HTMLElement) =>
  [...host.querySelectorAll('[data-testid="pharmacy-rx-row"]')].map((e) => e.textContent ?? '');
const byTestId = (host: HTMLElement, id: string) =>
  host.querySelector<HTMLElement>(`[data-testid="${id}"]`);

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('PrescriptionsDashboard paging', () => {
  it('pages with the shared pager and its total', async () => {
    const asked = server();
    const host = await render('en');
    await expect.poll(() => names(host).length).toBe(20);
    expect(byTestId(host, 'pharmacy-pager-info')?.textContent).toBe('Page 1 of 2 (25 in all)');
    expect((byTestId(host, 'pharmacy-pager-previous') as HTMLButtonElement).disabled).toBe(true);
    byTestId(host, 'pharmacy-pager-next')?.click();
    await expect.poll(() => names(host).length).toBe(5);
    expect(names(host).at(-1)).toContain('Patient 1');
    expect(byTestId(host, 'pharmacy-pager-info')?.textContent).toBe('Page 2 of 2 (25 in all)');
    expect((byTestId(host, 'pharmacy-pager-next') as HTMLButtonElement).disabled).toBe(true);
    expect(asked.at(-1)).toEqual({ page: 2 });
  });

  it('says the page and total in Spanish', async () => {
    server();
    const host = await render('es');
    await expect.poll(() => names(host).length).toBe(20);
    expect(byTestId(host, 'pharmacy-pager-info')?.textContent).toBe('Página 1 de 2 (25 en total)');
    expect(byTestId(host, 'pharmacy-pager-next')?.textContent).toBe('Siguiente');
  });
});

describe('PrescriptionsDashboard bulk move', () => {
  const choose = (host: HTMLElement, status: string) => {
    const select = host.querySelector<HTMLSelectElement>('[data-testid="pharmacy-bulk-status"]');
    if (!select) throw new Error('no status select');
    select.value = status;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const results = (host: HTMLElement) =>
    [...host.querySelectorAll('[data-testid="pharmacy-bulk-results"] li')].map(
      (e) => e.textContent ?? '',
    );

  it('moves the visits chosen by their named checkboxes and says which moved and which did not', async () => {
    server();
    const host = await render('en');
    await expect.poll(() => names(host).length).toBe(20);
    const box = (name: string) =>
      [...host.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((b) =>
        (b.getAttribute('aria-label') ?? '').includes(`(${name})`),
      );
    box('Patient 25')?.click();
    await rendered();
    box('Patient 24')?.click();
    await rendered();
    choose(host, 'contacted');
    const submit = byTestId(host, 'pharmacy-bulk-submit') as HTMLButtonElement;
    await expect.poll(() => submit.textContent).toBe('Move 2 selected');
    submit.click();
    await expect.poll(() => results(host).length).toBe(2);
    expect(bulkAsked.at(-1)).toEqual({
      visits: [
        { id: all[0]?.id, version: 1 },
        { id: all[1]?.id, version: 1 },
      ],
      status: 'contacted',
      note: '',
    });
    expect(results(host)).toEqual([
      'Patient 25: not moved. Changed meanwhile.',
      'Patient 24: moved to Contacted',
    ]);
  });

  it('selects all on the page and reports in Spanish', async () => {
    server();
    const host = await render('es');
    await expect.poll(() => names(host).length).toBe(20);
    byTestId(host, 'pharmacy-rx-select-all')?.click();
    choose(host, 'contacted');
    const submit = byTestId(host, 'pharmacy-bulk-submit') as HTMLButtonElement;
    await expect.poll(() => submit.textContent).toBe('Mover 20 seleccionadas');
    submit.click();
    await expect.poll(() => results(host).length).toBe(20);
    expect(bulkAsked.at(-1)?.visits).toHaveLength(20);
    expect(results(host)[0]).toBe('Patient 25: no se movió. Changed meanwhile.');
    expect(results(host)[1]).toMatch(/^Patient 24: movida a /);
  });
});
