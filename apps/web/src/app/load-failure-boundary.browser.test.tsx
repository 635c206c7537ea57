import '@mantine/core/styles.css';
import { type ReactNode, Suspense, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { loadLanguage, setLanguage } from '../lib/i18n';
import { lazyChunk } from '../lib/lazy-chunk';
import { cleanupApp, renderWithApp } from '../testing/render';
import { LoadFailureBoundary } from './load-failure-boundary';

/**
 * A part of the app whose chunk cannot be fetched, in Chromium: fetched again after a failure
 * (lazyChunk), and when it never comes, the failure stays inside the part (LoadFailureBoundary):
 * a screen says so in the person's language and offers to try again, a watcher shows nothing,
 * and the rest of the page stays. A failed fetch used to leave the whole page blank.
 */
async function render(children: ReactNode): Promise<HTMLElement> {
  return (await renderWithApp(children)).host;
}

/** A component whose loader fails `failures` times (a 503, a dropped connection), then loads. */
function flakyPart(failures: number, text: string) {
  let asks = 0;
  const Part = lazyChunk(async () => {
    asks += 1;
    if (asks <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return () => <p>{text}</p>;
  }, [20, 20, 20]);
  return { Part, asks: () => asks };
}

/** A screen that throws while drawing while `screenFails` is set. */
let screenFails = false;
function Screen() {
  if (screenFails) throw new Error('cannot draw');
  return <p>Drawn</p>;
}

function Shell({ children }: { children: ReactNode }) {
  const [clicks, setClicks] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        Header button {clicks}
      </button>
      {children}
    </>
  );
}

beforeAll(async () => {
  await loadLanguage('en');
  await loadLanguage('es');
});

afterEach(async () => {
  await cleanupApp();
  await setLanguage('en');
});

describe('a chunk that fails to load', () => {
  it('is fetched again and drawn when a later fetch succeeds', async () => {
    const { Part, asks } = flakyPart(2, 'The screen');
    await render(
      <LoadFailureBoundary>
        <Suspense fallback={<p>Loading</p>}>
          <Part />
        </Suspense>
      </LoadFailureBoundary>,
    );
    await expect.element(page.getByText('The screen')).toBeVisible();
    expect(asks()).toBe(3);
  });

  it('that never comes leaves a message and a way to try again in the screen, in English and Spanish', async () => {
    for (const [lang, title, retry] of [
      ['en', 'This screen could not be loaded', 'Try again'],
      ['es', 'No se pudo cargar esta pantalla', 'Intentar de nuevo'],
    ] as const) {
      await setLanguage(lang);
      const { Part, asks } = flakyPart(99, 'The screen');
      await render(
        <Shell>
          <LoadFailureBoundary>
            <Suspense fallback={<p>Loading</p>}>
              <Part />
            </Suspense>
          </LoadFailureBoundary>
        </Shell>,
      );
      await expect.element(page.getByRole('alert')).toBeVisible();
      await expect.element(page.getByRole('heading', { name: title })).toBeVisible();
      await expect.element(page.getByRole('button', { name: retry })).toBeVisible();
      // One first fetch and one for each delay.
      expect(asks()).toBe(4);
      // The rest of the page still works.
      await userEvent.click(page.getByRole('button', { name: 'Header button 0' }));
      await expect.element(page.getByRole('button', { name: 'Header button 1' })).toBeVisible();
      await cleanupApp();
    }
  });

  it('in a part the page can do without (quiet) shows nothing and leaves the screen', async () => {
    const { Part: Watcher, asks } = flakyPart(99, 'The watcher');
    const host = await render(
      <Shell>
        <LoadFailureBoundary quiet>
          <Suspense fallback={null}>
            <Watcher />
          </Suspense>
        </LoadFailureBoundary>
        <p>The screen</p>
      </Shell>,
    );
    await expect.poll(asks).toBe(4);
    await expect.element(page.getByText('The screen')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Header button 0' })).toBeVisible();
    expect(host.querySelectorAll('p')).toHaveLength(1);
    await expect.element(page.getByRole('alert')).not.toBeInTheDocument();
  });

  it('is drawn again at the next address (resetKey)', async () => {
    screenFails = true;
    const at = (key: string) => (
      <LoadFailureBoundary resetKey={key}>
        <Screen />
      </LoadFailureBoundary>
    );
    const { rerender } = await renderWithApp(at('/a'));
    await expect.element(page.getByRole('alert')).toBeVisible();
    screenFails = false;
    rerender(at('/b'));
    await expect.element(page.getByText('Drawn')).toBeVisible();
  });
});
