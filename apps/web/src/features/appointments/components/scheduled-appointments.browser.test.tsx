import '@mantine/core/styles.css';
import type { ScheduledAppointment } from '@apothecall/domain/appointments/appointments.schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { ScheduledAppointments } from './scheduled-appointments';

/**
 * The family's appointments in Chromium: the list the server gives, by start time; Delete is
 * asked first, and the list the deletion answers with is shown at once (not asked for again);
 * in English and Spanish.
 */
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const appointment = (n: number, startTime: string): ScheduledAppointment => ({
  appointmentId: id(n),
  patientId: id(100),
  startTime,
  providerId: id(200 + n),
  providerName: `Dr. Provider ${n}`,
  providerPhotoUrl: null,
  patientName: 'Pat Patient',
  concerns1: '',
  concerns2: [],
  blockId: id(300),
});

interface Call {
  method: string;
  path: string;
}

/** The server: the family's appointments; a deletion answers with those left. */
function serve(start: ScheduledAppointment[]) {
  let list = [...start];
  const calls: Call[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      calls.push({ method, path });
      const deleted = path.match(/\/appointments-scheduled\/([^/]+)$/);
      if (method === 'DELETE' && deleted) {
        list = list.filter((a) => a.appointmentId !== deleted[1]);
      } else if (!(method === 'GET' && path.endsWith('/appointments-scheduled'))) {
        return new Response('{}', { status: 404 });
      }
      return json({ error: false, appointments: list, windowMinutes: 15 });
    }),
  );
  return calls;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(<ScheduledAppointments />, { language: lang, route: '/' });
  return host;
}

const rows = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="scheduled-appointment"]')].map(
    (row) => row.dataset.id,
  );
const deleteButton = (n: number) =>
  document.querySelector<HTMLElement>(
    `[data-testid="scheduled-appointment"][data-id="${id(n)}"] [data-testid="appointment-delete"]`,
  );
const confirmButton = () =>
  document.querySelector<HTMLElement>('[data-testid="appointment-delete-dialog-confirm"]');
const scheduledReads = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.path.endsWith('/appointments-scheduled')).length;

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('ScheduledAppointments', () => {
  it('deletes after asking and shows the list the deletion answers with', async () => {
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const sooner = new Date(Date.now() + 86_400_000).toISOString();
    const calls = serve([appointment(1, later), appointment(2, sooner)]);
    const host = await render('en');
    await expect.poll(() => rows()).toEqual([id(2), id(1)]);
    expect(host.textContent).toContain('Your appointments');

    await userEvent.click(deleteButton(2)!);
    await expect.poll(() => confirmButton()?.textContent ?? null).toBe('Delete');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(confirmButton()!);

    await expect.poll(() => rows()).toEqual([id(1)]);
    const deletions = calls.filter((c) => c.method === 'DELETE');
    expect(deletions).toHaveLength(1);
    expect(deletions[0]?.path.endsWith(`/appointments-scheduled/${id(2)}`)).toBe(true);
    expect(scheduledReads(calls)).toBe(1);
  });

  it('says there are none once the last one is deleted, in Spanish', async () => {
    const calls = serve([appointment(1, new Date(Date.now() + 86_400_000).toISOString())]);
    const host = await render('es');
    await expect.poll(() => rows()).toEqual([id(1)]);
    expect(host.textContent).toContain('Sus citas');

    await userEvent.click(deleteButton(1)!);
    await expect.poll(() => confirmButton()?.textContent ?? null).toBe('Eliminar');
    await userEvent.click(confirmButton()!);

    await expect
      .poll(() => document.querySelector('[data-testid="scheduled-empty"]'))
      .not.toBeNull();
    expect(rows()).toEqual([]);
    expect(scheduledReads(calls)).toBe(1);
  });
});
