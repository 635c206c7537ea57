import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { PharmacyMe, PharmacyRxDetail } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { PrescriptionsDashboard } from '../screens/prescriptions-screen';

/**
 * One visit as the pharmacy works it, in Chromium: Submit Payment confirmed in its dialog
 * claims it (the fee paid shown, the PDF button focused); a status chosen with its note is
 * sent at the visit's version; what is sent and the toast, in English and Spanish.
 */
const visitId = '00000000-0000-4000-8000-000000000042';

function detail(over: Partial<PharmacyRxDetail> = {}): PharmacyRxDetail {
  return {
    id: visitId,
    productId: 'acute',
    pharmacyStatus: 'unclaimed',
    erxStatus: null,
    version: 1,
    state: 'FL',
    patientName: 'Ana Diaz',
    patientDob: '1980-01-02',
    prescribedAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    linkId: null,
    assessmentId: null,
    statusChanged: false,
    patient: { name: 'Ana Diaz', dob: '1980-01-02', gender: 'female', phone: null },
    prescriptions: [],
    history: [],
    nextStatuses: ['contacted'],
    claimable: true,
    pdfAvailable: false,
    feePaid: null,
    link: null,
    assessment: null,
    ...over,
  };
}

interface Sent {
  path: string;
  body: unknown;
}

function server() {
  const sent: Sent[] = [];
  let visit = detail();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      const path = new URL(String(url), 'http://localhost').pathname.replace(/^\/api/, '');
      if (init?.method === 'POST' && path === `/pharmacy/rx/${visitId}/claim`) {
        sent.push({ path, body: JSON.parse(String(init.body)) });
        visit = detail({
          pharmacyStatus: 'claimed',
          version: 2,
          claimable: false,
          pdfAvailable: true,
          feePaid: 500,
        });
        return json({ error: false, visit });
      }
      if (init?.method === 'POST' && path === `/pharmacy/rx/${visitId}/status`) {
        const body = JSON.parse(String(init.body)) as {
          status: PharmacyRxDetail['pharmacyStatus'];
        };
        sent.push({ path, body });
        visit = detail({ pharmacyStatus: body.status, version: 2, nextStatuses: [] });
        return json({ error: false, visit });
      }
      if (path === `/pharmacy/rx/${visitId}`) return json({ error: false, visit });
      return json({ error: true, errorCode: 'NOT_FOUND', errorMsg: 'not here' }, 404);
    }),
  );
  return sent;
}

const me = {
  role: 'pharmacist',
  organization: { claimFee: 500, prepayBalance: 10000 },
} as unknown as PharmacyMe;

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(<PrescriptionsDashboard me={me} />, {
    language: lang,
    notifications: true,
    route: `/prescriptions?visit=${visitId}`,
  });
  return host;
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const status = () => byTestId('pharmacy-rx-detail')?.dataset.status;
const toasts = () =>
  [...document.querySelectorAll('.mantine-Notification-description')].map((n) => n.textContent);

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('PharmacyRxDetailView', () => {
  it('claims the visit once the fee is confirmed, then offers its PDF', async () => {
    const sent = server();
    await render('en');
    await expect.poll(status).toBe('unclaimed');
    expect(byTestId('pharmacy-rx-detail')?.textContent).toContain('Ana Diaz');
    byTestId('pharmacy-submit-payment')?.click();
    await expect.poll(() => byTestId('pharmacy-claim-confirm')).not.toBeNull();
    byTestId('pharmacy-claim-confirm')?.click();
    await expect.poll(status).toBe('claimed');
    expect(sent).toEqual([{ path: `/pharmacy/rx/${visitId}/claim`, body: { version: 1 } }]);
    expect(byTestId('pharmacy-fee-paid')?.textContent).toBe('Fee paid: $5.00');
    await expect.poll(toasts).toContain('Payment submitted. The prescription can be downloaded.');
    await expect
      .poll(() => document.activeElement?.getAttribute('data-testid'))
      .toBe('pharmacy-download-pdf');
  });

  it('sends a chosen status with its note, in Spanish', async () => {
    const sent = server();
    await render('es');
    await expect.poll(status).toBe('unclaimed');
    byTestId('pharmacy-status-contacted')?.click();
    await expect.poll(() => byTestId('pharmacy-status-note')).not.toBeNull();
    const note = byTestId('pharmacy-status-note');
    if (!note) throw new Error('no note');
    await userEvent.type(note, 'Llamamos a la paciente');
    byTestId('pharmacy-status-save')?.click();
    await expect.poll(status).toBe('contacted');
    expect(sent).toEqual([
      {
        path: `/pharmacy/rx/${visitId}/status`,
        body: { status: 'contacted', version: 1, note: 'Llamamos a la paciente' },
      },
    ]);
    await expect.poll(() => toasts().join('|')).toMatch(/El estado ahora es /);
    expect(byTestId('pharmacy-status-form')).toBeNull();
  });
});
