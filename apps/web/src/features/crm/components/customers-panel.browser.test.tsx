import '@mantine/core/styles.css';
import type { CrmCustomersSearchRequest, CustomerView } from '@apothecall/domain/crm/crm.api';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { loadScreenTexts, setLanguage } from '../../../lib/i18n';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { searchCrmCustomers } from '../api/search-crm-customers';
import { CustomersPanel } from './customers-panel';

vi.mock('../api/search-crm-customers', () => ({
  searchCrmCustomers: vi.fn(),
  crmCustomersSearchQueryKey: (request: CrmCustomersSearchRequest) => [
    'crm',
    'customers',
    'search',
    request,
  ],
}));

/**
 * The CRM's customers as a list that grows, in Chromium: the page the
 * server gives with the shared pager and its total, Next asking for the next page, the search
 * and the tag sent to the server (not filtered in the page), and 'nothing matches' when nothing
 * does, in English and Spanish.
 */
const customer = (n: number): CustomerView => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Customer ${String(n).padStart(2, '0')}`,
  email: '',
  phone: '',
  patientAccountId: null,
  notes: '',
  tag: n === 7 ? 'VIP' : 'Active',
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
});
const all = Array.from({ length: 25 }, (_, i) => customer(i));

/** The server's answer: by name, 20 a page, every word in the name, the tag if one is asked. */
function serve() {
  vi.mocked(searchCrmCustomers).mockImplementation(async (request) => {
    const query = (request.query ?? '').toLowerCase();
    const page = request.page ?? 1;
    const found = all.filter(
      (c) => (!request.tag || c.tag === request.tag) && c.name.toLowerCase().includes(query),
    );
    return {
      error: false,
      customers: found.slice((page - 1) * 20, page * 20),
      page,
      pageSize: 20,
      total: found.length,
    };
  });
}

async function render() {
  const { host } = await renderWithApp(<CustomersPanel onOpen={() => undefined} />);
  await expect.poll(() => host.querySelectorAll('[data-testid="crm-customer"]').length).toBe(20);
  return host;
}

const names = (host: HTMLElement) =>
  [...host.querySelectorAll('[data-testid="crm-customer-open"]')].map((a) => a.textContent);

beforeAll(async () => {
  await loadScreenTexts();
});
afterEach(async () => {
  await cleanupApp();
  vi.mocked(searchCrmCustomers).mockReset();
});
afterAll(() => setLanguage('en'));

describe('CustomersPanel', () => {
  it('shows the first page with the total, asks the server for the next, and sends the search', async () => {
    await setLanguage('en');
    serve();
    const host = await render();
    expect(searchCrmCustomers).toHaveBeenCalledWith({ query: '', tag: '', page: 1 });
    expect(names(host)[0]).toBe('Customer 00');
    const pager = host.querySelector('[data-testid="crm-customers-pager"]');
    expect(pager?.textContent).toContain('Page 1 of 2 (25 in all)');

    const next = host.querySelector<HTMLButtonElement>('[data-testid="crm-customers-pager-next"]');
    if (!next) throw new Error('no Next button');
    await userEvent.click(next);
    await expect.poll(() => names(host)).toEqual([20, 21, 22, 23, 24].map((n) => `Customer ${n}`));
    expect(searchCrmCustomers).toHaveBeenLastCalledWith({ query: '', tag: '', page: 2 });

    const search = host.querySelector<HTMLInputElement>('[data-testid="crm-customer-search"]');
    if (!search) throw new Error('no search box');
    expect(search.labels?.[0]?.textContent).toContain('Search customers (name, e-mail or phone)');
    await userEvent.fill(search, ' customer 07 ');
    await userEvent.click(
      host.querySelector<HTMLButtonElement>('[data-testid="crm-customer-search-submit"]') ?? search,
    );
    await expect.poll(() => names(host)).toEqual(['Customer 07']);
    // A new search starts again at page 1, with the words as typed (trimmed).
    expect(searchCrmCustomers).toHaveBeenLastCalledWith({
      query: 'customer 07',
      tag: '',
      page: 1,
    });
    expect(host.querySelector('[data-testid="crm-customers-pager"]')).toBeNull();
  });

  it('sends the tag to the server and says when nothing matches, in Spanish', async () => {
    await setLanguage('es');
    serve();
    const host = await render();
    expect(host.querySelector('[data-testid="crm-customers-pager"]')?.textContent).toContain(
      'Página 1 de 2 (25 en total)',
    );
    const filter = host.querySelector<HTMLSelectElement>('[data-testid="crm-customer-filter"]');
    if (!filter) throw new Error('no tag filter');
    await userEvent.selectOptions(filter, 'VIP');
    await expect.poll(() => names(host)).toEqual(['Customer 07']);
    expect(searchCrmCustomers).toHaveBeenLastCalledWith({ query: '', tag: 'VIP', page: 1 });

    const search = host.querySelector<HTMLInputElement>('[data-testid="crm-customer-search"]');
    if (!search) throw new Error('no search box');
    expect(search.labels?.[0]?.textContent).toContain('Buscar clientes');
    await userEvent.fill(search, 'nadie');
    await userEvent.click(
      host.querySelector<HTMLButtonElement>('[data-testid="crm-customer-search-submit"]') ?? search,
    );
    await expect
      .poll(() => host.querySelector('[data-testid="crm-customers-empty"]')?.textContent)
      .toBe('Nada coincide con esa búsqueda.');
  });
});
