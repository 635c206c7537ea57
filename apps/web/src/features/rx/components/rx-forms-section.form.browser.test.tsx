import '@mantine/core/styles.css';
import type { PatientRxForm } from '@apothecall/domain/rx/rx-forms.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { RxFormsSection } from './rx-forms-section';

/**
 * Signing a form a pharmacy asked for, in Chromium: signing with nothing filled in sends nothing
 * and refuses the name and the box; typing the name clears the name's refusal only, ticking the
 * box clears the box's; the server's refusal of the name shows under it and clears on typing.
 */
const visitId = '00000000-0000-4000-8000-000000000042';
const form: PatientRxForm = {
  id: '00000000-0000-4000-8000-000000000001',
  visitId,
  formId: 'pickupAuthorization',
  version: '2026-11-01',
  designeeName: 'Ana López',
  pharmacyName: 'Sunrise Pharmacy',
  patientName: 'Iris Calder',
  status: 'requested',
  requestedAt: '2026-11-01T09:00:00.000Z',
  signedAt: null,
};
const serverRefusal = 'Full name: type your first and last name as your profile has them.';

/** The server: one form to sign; a signature is refused with the server's sentence. */
function serve() {
  const sent: unknown[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      if (init?.method === 'POST' && path.endsWith('/sign')) {
        sent.push(JSON.parse(String(init.body)));
        return json({ error: true, errorMsg: serverRefusal, errorCode: 'BAD_REQUEST' }, 400);
      }
      return json({ error: false, forms: [form] });
    }),
  );
  return sent;
}

const dialogText = () =>
  document.querySelector('[data-testid="rx-form-sign-dialog"]')?.textContent ?? '';
const nameRefusal = 'Full name: required, at most 200 characters.';
const boxRefusal = 'Agreement: tick the box to sign.';

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('RxFormsSection', () => {
  it('refuses an unsigned form under its fields, and clears each refusal when its field changes', async () => {
    const sent = serve();
    await renderWithApp(<RxFormsSection visitId={visitId} />, { language: 'en' });
    await userEvent.click(page.getByTestId('rx-form-open'));
    await expect.element(page.getByTestId('rx-form-sign-dialog')).toBeVisible();

    await userEvent.click(page.getByTestId('rx-form-sign'));
    await expect.poll(dialogText).toContain(nameRefusal);
    await expect.poll(dialogText).toContain(boxRefusal);
    expect(sent).toEqual([]);

    await userEvent.fill(page.getByTestId('rx-form-full-name'), 'Iris Calder');
    await expect.poll(dialogText).not.toContain(nameRefusal);
    await expect.poll(dialogText).toContain(boxRefusal);

    await userEvent.click(page.getByTestId('rx-form-agree'));
    await expect.poll(dialogText).not.toContain(boxRefusal);

    await userEvent.click(page.getByTestId('rx-form-sign'));
    await expect.poll(dialogText).toContain(serverRefusal);
    expect(sent).toEqual([{ fullName: 'Iris Calder', agreed: true }]);

    await userEvent.fill(page.getByTestId('rx-form-full-name'), 'Iris M. Calder');
    await expect.poll(dialogText).not.toContain(serverRefusal);
  });
});
