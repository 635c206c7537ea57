import '@mantine/core/styles.css';
import type { DeviceCredential } from '@apothecall/domain/accounts/accounts.api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { DeviceCredentials } from './device-credentials';

/**
 * The devices that can log in with biometrics, in Chromium: Remove is asked first, then sent,
 * and the devices are asked for again; in English and Spanish.
 */
const device = (n: number, platform: DeviceCredential['platform']): DeviceCredential => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  platform,
  createdAt: '2026-11-01T09:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2027-11-01T09:00:00.000Z',
});

interface Call {
  method: string;
  path: string;
}

/** The server: two devices; a removal takes one out. */
function serve() {
  let devices = [device(1, 'cordova-ios'), device(2, 'cordova-android')];
  const calls: Call[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      calls.push({ method, path });
      const removed = path.match(/\/account\/devices\/([^/]+)$/);
      if (method === 'DELETE' && removed) {
        devices = devices.filter((d) => d.id !== removed[1]);
        return json({ error: false });
      }
      if (method === 'GET' && path.endsWith('/account/devices')) {
        return json({ error: false, devices });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

async function render(lang: 'en' | 'es') {
  const { host } = await renderWithApp(<DeviceCredentials />, { language: lang });
  return host;
}

const listed = () =>
  [...document.querySelectorAll<HTMLElement>('[data-device-id]')].map(
    (row) => row.dataset.deviceId,
  );
const removeButton = (n: number) =>
  document.querySelector<HTMLElement>(`[data-device-id="${device(n, 'cordova-ios').id}"] button`);
const confirm = () => document.querySelector<HTMLElement>('[data-testid="device-remove-confirm"]');
const deviceReads = (calls: Call[]) => calls.filter((c) => c.method === 'GET').length;

afterEach(async () => {
  await cleanupApp();
  vi.unstubAllGlobals();
});

describe('DeviceCredentials', () => {
  it('removes a device after asking and shows the devices asked for again', async () => {
    const calls = serve();
    const host = await render('en');
    await expect.poll(() => listed().length).toBe(2);
    expect(host.textContent).toContain('iOS app');
    expect(removeButton(2)?.textContent).toBe('Remove');

    await userEvent.click(removeButton(2)!);
    await expect.poll(() => confirm()).not.toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(confirm()!);

    await expect.poll(() => listed()).toEqual([device(1, 'cordova-ios').id]);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(deviceReads(calls)).toBe(2);
  });

  it('does so in Spanish', async () => {
    const calls = serve();
    const host = await render('es');
    await expect.poll(() => listed().length).toBe(2);
    expect(host.textContent).toContain('Aplicación de Android');
    expect(removeButton(1)?.textContent).toBe('Eliminar');

    await userEvent.click(removeButton(1)!);
    await expect.poll(() => confirm()?.textContent ?? null).toBe('Eliminar');
    await userEvent.click(confirm()!);

    await expect.poll(() => listed()).toEqual([device(2, 'cordova-android').id]);
    expect(deviceReads(calls)).toBe(2);
  });
});
