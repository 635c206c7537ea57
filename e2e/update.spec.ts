import { expect, test } from '@playwright/test';
import { expectAccessible, expectHome, logIn, useSpanish } from './support';

// A returning visitor's page, with the service worker in control (the suite blocks it elsewhere:
// e2e/playwright.config.ts); the describe below takes it away again.
test.use({ serviceWorkers: 'allow' });

/**
 * The app asks the server for the version it serves and offers a newer one on /update, not a
 * placeholder. A newer deployment is played by answering /api/webapp-version with
 * another version; the real answer (the build's own version.json) then shows no update.
 */
test('a newer deployed version is offered, explained on /update and loaded', async ({ page }) => {
  await page.route('**/api/webapp-version*', (route) =>
    route.fulfill({ json: { error: false, version: '99.0.0+20990101000000' } }),
  );
  await page.goto('/#/login');
  const banner = page.getByTestId('update-banner');
  await expect(banner).toContainText('A new version of Apothecall is ready.');
  await banner.getByRole('link', { name: 'Update' }).click();
  await expect(page.locator('[data-screen="update"]')).toBeVisible();
  await expect(page.getByTestId('latest-version')).toHaveText('99.0.0+20990101000000');
  await expect(page.getByText('Updating reloads the page.')).toBeVisible();
  await expectAccessible(page, 'the update screen');

  // The deployment is now the one this page runs: the update loads it and nothing is offered.
  await page.unroute('**/api/webapp-version*');
  const running = (await page.getByTestId('running-version').textContent()) ?? '';
  // The update reloads the page: wait for the new document, not just the address (the hash
  // changes before the reload, and a page still running the old document keeps the old answer).
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('button', { name: 'Update now' }).click(),
  ]);
  await expect(page).toHaveURL(/#\/$/);
  await page.goto('/#/update');
  await expect(page.getByTestId('latest-version')).toHaveText(running);
  await expect(page.getByRole('status')).toHaveText('You have the latest version.');
  await expect(page.getByTestId('update-banner')).toHaveCount(0);
});

test('in Spanish the offer and the screen are in Spanish', async ({ page }) => {
  await useSpanish(page);
  await page.route('**/api/webapp-version*', (route) =>
    route.fulfill({ json: { error: false, version: '99.0.0+20990101000000' } }),
  );
  await page.goto('/#/login');
  const banner = page.getByTestId('update-banner');
  await expect(banner).toContainText('Hay una nueva versión de Apothecall lista.');
  await banner.getByRole('link', { name: 'Actualizar' }).click();
  await expect(page.getByRole('button', { name: 'Actualizar ahora' })).toBeVisible();
  await expectAccessible(page, 'the update screen in Spanish');
});

test.describe('without a service worker (a first visit, or while a new one installs)', () => {
  // With one in control the chunks come from its precache; without, from the server.
  test.use({ serviceWorkers: 'block' });

  test('a part of the app whose file fails to come (a server restarting) is fetched again, and a screen that never comes says so', async ({
    page,
  }) => {
    // The first fetch of the notifications watcher's chunk is answered as a restarting server
    // answers (503): the app asks again and the signed-in page stays, with its header.
    const watcherFetches: number[] = [];
    await page.route('**/assets/notifications-watcher-*.js', async (route) => {
      watcherFetches.push(Date.now());
      if (watcherFetches.length === 1) await route.fulfill({ status: 503, body: 'restarting' });
      else await route.fallback();
    });
    await page.goto('/#/login');
    await logIn(page);
    await expectHome(page);
    await expect.poll(() => watcherFetches.length).toBe(2);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

    // A screen's chunk that never comes: the screen says so and offers to try again; the header
    // and the navigation stay.
    await page.route('**/assets/notes-screen-*.js', (route) =>
      route.fulfill({ status: 503, body: 'restarting' }),
    );
    // Its four fetches again, 1, 3, 8 and 15 s apart, on the page's clock.
    await page.clock.install();
    await page.goto('/#/notes');
    const failure = page.getByRole('heading', { name: 'This screen could not be loaded' });
    await expect
      .poll(async () => {
        await page.clock.runFor(5_000);
        return failure.count();
      })
      .toBe(1);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });
});
