import '@mantine/core/styles.css';
import type { CustomerView } from '@apothecall/domain/crm/crm.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { CustomerDetail } from './customer-detail';

/**
 * Recording an interaction with a customer, in Chromium: a submit that fails its check sends
 * nothing and shows each refusal under its field; typing in a field clears its own refusal only.
 */
const customer: CustomerView = {
  id: '00000000-0000-4000-8000-000000000007',
  name: 'Ana Diaz',
  email: '',
  phone: '',
  patientAccountId: null,
  notes: '',
  tag: 'Active',
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

const noSummary = 'Summary: required, at most 2000 characters.';
const noTag = 'Interaction tag: choose one of the tags listed.';

describe('CustomerDetail', () => {
  it('refuses an interaction without a summary or tag, and clears a refusal when its field changes', async () => {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        if (method !== 'GET') sent.push(`${method} ${url}`);
        return new Response(JSON.stringify({ error: false, interactions: [] }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const { host } = await renderWithApp(
      <CustomerDetail customer={customer} onBack={() => undefined} />,
      { language: 'en' },
    );
    const form = () => host.querySelector('[data-testid="crm-interaction-form"]')?.textContent;
    await userEvent.fill(page.getByTestId('crm-interaction-summary'), '   ');
    await userEvent.click(page.getByTestId('crm-interaction-add'));

    await expect.poll(form).toContain(noSummary);
    expect(form()).toContain(noTag);
    expect(sent).toEqual([]);

    await userEvent.fill(page.getByTestId('crm-interaction-summary'), 'Called about a refill');
    await expect.poll(form).not.toContain(noSummary);
    expect(form()).toContain(noTag);
  });
});
