import { useSyncExternalStore } from 'react';
import { getBrand } from '../../lib/brand-store';
import { getWebappVersion } from './api/get-webapp-version';

/**
 * The running app's version and the latest the server serves (/api/webapp-version, asked so a
 * newer build is noticed). The build stamps its version into the app and into `version.json`,
 * which the server answers (apps/web/vite.config.ts); a difference means a newer build is
 * deployed.
 */
export const runningVersion: string = __APP_VERSION__;

let latest: string | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Asks the server for the latest version and keeps it; rejects when it cannot be asked. */
export async function checkVersion(): Promise<string> {
  const answer = await getWebappVersion(getBrand().id);
  if (answer !== latest) {
    latest = answer;
    for (const listener of listeners) listener();
  }
  return answer;
}

/** The latest version known (null before the first answer). */
export function useLatestVersion(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => latest,
    () => latest,
  );
}

export function isNewer(known: string | null): boolean {
  return known !== null && known !== runningVersion;
}

/** How long a new service worker may take to install the new build before the page reloads. */
const takeOverTimeoutMs = 15_000;

/** Resolves once a new worker controls the page, or after the timeout (none was coming). */
function newWorkerInControl(registration: ServiceWorkerRegistration): Promise<void> {
  if (!registration.installing && !registration.waiting) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, takeOverTimeoutMs);
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Loads the latest version: the service worker is asked to fetch the new build first, and the
 * page waits until the new worker (registerType 'autoUpdate': it takes over at once) controls
 * it, so the reload gets the new build rather than the old one's precache; then it reloads at
 * Home, which a browser without a worker does at once.
 */
export async function applyUpdate(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (registration) {
    await registration.update().catch(() => undefined);
    await newWorkerInControl(registration);
  }
  window.location.hash = '#/';
  window.location.reload();
}
