import { useSyncExternalStore } from 'react';
import { getBrand } from '../../lib/brand-store';
import { getWebappVersion } from './api/get-webapp-version';

/**
 * The running app's version and the latest the server serves (issue 13: /api/webapp-version
 * was never asked). The build stamps its version into the app and into `version.json`, which
 * the server answers (apps/web/vite.config.ts); a difference means a newer build is deployed.
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

/**
 * Loads the latest version: the service worker is asked to fetch the new build first (it
 * takes over and the page reloads once it is in, registerType 'autoUpdate'); the page then
 * reloads at Home in any case, so a browser without a worker gets it too.
 */
export async function applyUpdate(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  await registration?.update().catch(() => undefined);
  window.location.hash = '#/';
  window.location.reload();
}
