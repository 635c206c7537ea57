import '@mantine/core/styles.css';
import type { PharmacyRxForm } from '@apothecall/domain/rx/rx-forms.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { PharmacyRxFormsSection } from './pharmacy-rx-forms-section';

/**
 * Asking a visit's patient to sign a form, in Chromium: a pick-up authorization without a
 * designee's name sends nothing and shows the refusal under the name; typing clears it; a
 * request sent empties the name and keeps the form chosen.
 */
const visitId = '00000000-0000-4000-8000-000000000042';

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

function serve() {
  const sent: unknown[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method !== 'POST') return json({ error: false, forms: [] });
      const body = JSON.parse(String(init.body)) as { formId: string; designeeName: string };
      sent.push(body);
      const form: PharmacyRxForm = {
        id: '00000000-0000-4000-8000-000000000001',
        formId: 'pickupAuthorization',
        version: '1',
        designeeName: body.designeeName,
        status: 'requested',
        requestedAt: '2026-11-01T09:00:00.000Z',
        signedAt: null,
        signedName: null,
        withdrawnAt: null,
      };
      return json({ error: false, form });
    }),
  );
  return sent;
}

const noDesignee = 'Designee: the full name of the person who picks up (2 to 120 letters).';

describe('PharmacyRxFormsSection', () => {
  it('refuses a pick-up authorization without its designee, and clears it when the name is typed', async () => {
    const sent = serve();
    const { host } = await renderWithApp(<PharmacyRxFormsSection visitId={visitId} claimed />, {
      language: 'en',
    });
    await userEvent.selectOptions(
      page.getByTestId('pharmacy-rx-form-choice'),
      'pickupAuthorization',
    );
    const designee = page.getByTestId('pharmacy-rx-form-designee');
    await userEvent.fill(designee, 'A');
    await userEvent.click(page.getByTestId('pharmacy-rx-form-submit'));

    await expect.poll(() => host.textContent).toContain(noDesignee);
    expect(sent).toEqual([]);

    await userEvent.fill(designee, 'Ana Diaz');
    await expect.poll(() => host.textContent).not.toContain(noDesignee);

    await userEvent.click(page.getByTestId('pharmacy-rx-form-submit'));
    await expect
      .poll(() => sent)
      .toEqual([{ formId: 'pickupAuthorization', designeeName: 'Ana Diaz' }]);
    await expect.element(designee).toHaveValue('');
    await expect
      .element(page.getByTestId('pharmacy-rx-form-choice'))
      .toHaveValue('pickupAuthorization');
  });
});
