import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { RxReview, RxVisitView } from '@apothecall/domain/rx/rx-visits.api';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { cleanupApp, rendered, renderWithApp } from '../../../testing/render';
import { ClinicRxReviewScreen } from './clinic-rx-review-screen';

/**
 * The prescriber's review of an Rx visit in Chromium: what it shows of the visit, claiming it,
 * asking the patient for more (a note is required, an upload may be asked), approving and
 * declining with a refund; what is sent, and the toast that says it, in English and Spanish.
 */
const visitId = '00000000-0000-4000-8000-000000000001';

function visitView(status: RxVisitView['status'], version: number): RxVisitView {
  return {
    id: visitId,
    patientId: '00000000-0000-4000-8000-000000000009',
    patientName: 'Ana Diaz',
    productId: 'acute',
    status,
    version,
    state: 'FL',
    cost: 3900,
    paid: true,
    idPending: false,
    attachmentsPending: false,
    statusComment: '',
    completed: false,
    refillOf: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    files: [],
    prescriptions: [],
    pharmacy: null,
    pharmacyStatus: null,
    pharmacyNote: '',
    prepay: null,
    assessment: null,
  };
}

function review(visit: RxVisitView): RxReview {
  return {
    visit,
    patient: { name: 'Ana Diaz', dob: '1980-01-02', age: 46, gender: 'female', phone: null },
    answers: [],
    alarms: [],
    bmi: null,
    packageLines: [],
    protocolId: null,
    history: [],
    messages: [],
    statusChanged: false,
    changeRequest: null,
    link: null,
    pharmacy: null,
  };
}

interface Sent {
  path: string;
  body: unknown;
}

/** The server: the review at its status; a claim starts it, a status move sets it. */
function server(start: RxVisitView['status'], changeRequest: RxReview['changeRequest'] = null) {
  const sent: Sent[] = [];
  let visit = visitView(start, 1);
  let asked = changeRequest;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      const path = new URL(String(url), 'http://localhost').pathname.replace(/^\/api/, '');
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sent.push({ path, body });
        if (path.endsWith('/claim')) {
          visit = visitView('started', visit.version + 1);
          return json({ error: false, visitId });
        }
        if (path.endsWith('/change-request')) {
          asked = null;
          visit = visitView(visit.status, visit.version + 1);
          return json({ error: false, review: review(visit) });
        }
        if (path.endsWith('/status')) {
          visit = visitView(body.status as RxVisitView['status'], visit.version + 1);
          return json({ error: false, visit });
        }
      }
      if (path === `/clinic/rx/${visitId}`) {
        return json({ error: false, review: { ...review(visit), changeRequest: asked } });
      }
      return json({ error: true, message: 'not here' });
    }),
  );
  return sent;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(
    <Routes>
      <Route path="/clinic/rx/:id" element={<ClinicRxReviewScreen />} />
    </Routes>,
    { language: lang, notifications: true, route: `/clinic/rx/${visitId}` },
  );
  return host;
}

const review$ = (host: HTMLElement) =>
  host.querySelector<HTMLElement>('[data-testid="clinic-rx-review"]');
const button = (host: HTMLElement, text: string) =>
  [...host.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text);
const toasts = () =>
  [...document.querySelectorAll('.mantine-Notification-description')].map((n) => n.textContent);

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('ClinicRxReviewScreen', () => {
  it('shows the visit and claims it', async () => {
    const sent = server('waiting');
    const host = await render('en');
    await expect.poll(() => review$(host)?.dataset.status).toBe('waiting');
    expect(host.querySelector('h1')?.textContent).toBe('Review: Acute problem');
    expect(host.textContent).toContain('Ana Diaz');
    button(host, 'Claim this visit')?.click();
    await expect.poll(() => review$(host)?.dataset.status).toBe('started');
    expect(sent).toEqual([{ path: `/clinic/rx/${visitId}/claim`, body: {} }]);
    await expect.poll(toasts).toContain('You claimed this visit.');
    expect(button(host, 'Send request')).toBeDefined();
    expect(button(host, 'Approve')).toBeDefined();
  });

  it('asks for a note before a request, then sends it with the upload asked', async () => {
    const sent = server('started');
    const host = await render('en');
    await expect.poll(() => review$(host)?.dataset.status).toBe('started');
    button(host, 'Send request')?.click();
    await expect
      .poll(() => host.textContent)
      .toContain('Please write what the patient should add.');
    expect(sent).toEqual([]);
    const note = host.querySelector('textarea');
    if (!note) throw new Error('no note');
    await userEvent.type(note, 'A photo of the rash, please');
    expect(host.textContent).not.toContain('Please write what the patient should add.');
    const upload = host.querySelector<HTMLInputElement>('input[type="checkbox"]');
    upload?.click();
    await rendered();
    button(host, 'Send request')?.click();
    await expect.poll(() => review$(host)?.dataset.status).toBe('exit');
    expect(sent).toEqual([
      {
        path: `/clinic/rx/${visitId}/status`,
        body: {
          status: 'exit',
          version: 1,
          note: 'A photo of the rash, please',
          requestAttachment: true,
        },
      },
    ]);
    await expect.poll(toasts).toContain('The request was sent to the patient.');
    expect(host.textContent).toContain('Waiting for the patient to answer the request.');
  });

  it('approves in Spanish', async () => {
    const sent = server('started');
    const host = await render('es');
    await expect.poll(() => review$(host)?.dataset.status).toBe('started');
    expect(host.querySelector('h1')?.textContent).toBe('Revisión: Problema agudo');
    button(host, 'Aprobar')?.click();
    await expect.poll(() => review$(host)?.dataset.status).toBe('ended');
    expect(sent).toEqual([
      {
        path: `/clinic/rx/${visitId}/status`,
        body: { status: 'ended', version: 1, note: '', requestAttachment: false },
      },
    ]);
    await expect.poll(toasts).toContain('Aprobada. Escriba la receta.');
  });

  it('asks for the note and declines with a refund in Spanish', async () => {
    const sent = server('started');
    const host = await render('es');
    await expect.poll(() => review$(host)?.dataset.status).toBe('started');
    button(host, 'Enviar solicitud')?.click();
    await expect.poll(() => host.textContent).toContain('Escriba qué debe añadir el paciente.');
    button(host, 'Rechazar y reembolsar')?.click();
    await expect.poll(() => review$(host)?.dataset.status).toBe('refund');
    expect(sent).toEqual([
      {
        path: `/clinic/rx/${visitId}/status`,
        body: { status: 'refund', version: 1, note: '', requestAttachment: false },
      },
    ]);
  });

  it("answers a pharmacy's change request with a denial and its note", async () => {
    const sent = server('rxed', {
      pharmacyName: 'Sunrise Pharmacy',
      reason: 'Out of stock',
      requestedAt: '2026-11-02T10:00:00.000Z',
    });
    const host = await render('en');
    await expect
      .poll(() => host.querySelector('[data-testid="rx-change-request"]')?.textContent ?? '')
      .toContain('Out of stock');
    expect(host.textContent).toContain('Sunrise Pharmacy');
    const note = host.querySelector('[data-testid="rx-change-note"]');
    if (!note) throw new Error('no note');
    await userEvent.type(note, 'Keep the current one');
    host.querySelector<HTMLButtonElement>('[data-testid="rx-change-deny"]')?.click();
    await expect.poll(() => host.querySelector('[data-testid="rx-change-request"]')).toBeNull();
    expect(sent).toEqual([
      {
        path: `/clinic/rx/${visitId}/change-request`,
        body: { decision: 'deny', version: 1, note: 'Keep the current one' },
      },
    ]);
  });
});
