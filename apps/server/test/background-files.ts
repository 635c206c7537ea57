import { existsSync, readFileSync } from 'node:fs';

/** Files the run writes in the background (test/global-setup.ts): usable once `ready` exists. */
export interface BackgroundFiles {
  ready: string;
  /** Written instead of `ready` when the work failed, with what it printed. */
  failed: string;
}

/**
 * Waits until the run's background work behind `files` is done, and throws what it printed if it
 * failed, or after ten minutes without either (a run whose setup never started it).
 */
export async function whenReady(what: string, files: BackgroundFiles): Promise<void> {
  const until = Date.now() + 10 * 60_000;
  for (;;) {
    if (Date.now() > until) throw new Error(`${what}: not written after ten minutes`);
    if (existsSync(files.ready)) return;
    if (existsSync(files.failed)) {
      throw new Error(`${what} failed:\n${readFileSync(files.failed, 'utf8')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
