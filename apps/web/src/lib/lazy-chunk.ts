import { type ComponentType, lazy } from 'react';
import { retried } from './retrying';

/**
 * How long to wait before fetching a chunk of the app again after a failed fetch: the server
 * restarting for a deployment answers 503 or nothing for a few seconds, and a phone's network
 * comes and goes. Chromium, Safari and Firefox fetch a failed dynamic import again when it is
 * imported again. After the last one the error reaches the screen's LoadFailureBoundary.
 */
export const chunkRetryDelaysMs: readonly number[] = [1_000, 3_000, 8_000, 15_000];

/** A chunk's loader that fetches again after a failure (chunkRetryDelaysMs). */
export function loadChunk<T>(
  load: () => Promise<T>,
  delaysMs: readonly number[] = chunkRetryDelaysMs,
): () => Promise<T> {
  return () => retried(load, delaysMs);
}

/**
 * React's lazy for a component in a chunk of its own, fetched again after a failure. One failed
 * fetch used to leave the page blank: in a clean-clone CI run a signed-in page asked for a
 * watcher's chunk while its server restarted for a deployment, and React unmounted the app.
 */
export function lazyChunk<P extends object>(
  load: () => Promise<ComponentType<P>>,
  delaysMs: readonly number[] = chunkRetryDelaysMs,
) {
  const loadAgain = loadChunk(load, delaysMs);
  return lazy(() => loadAgain().then((component) => ({ default: component })));
}
