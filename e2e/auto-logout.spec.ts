import { expect, type Page, test } from '@playwright/test';
import { autoLogoutBaseURL } from './playwright.config';
import { expectHome, keepActive, logIn } from './support';

/** The token the app stored at login (read before the auto-logout forgets it). */
async function storedToken(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => {
    const raw = localStorage.getItem('apothecall.session');
    return raw ? (JSON.parse(raw) as { token: string }).token : null;
  });
  return (await handle.jsonValue()) as string;
}

test('activity keeps the session; idle past the configured limit logs out and ends the token', async ({
  page,
  request,
}) => {
  // This server sets the client idle limit to 3 s (CLIENT_IDLE_LOGOUT_SECONDS=3).
  await page.goto(`${autoLogoutBaseURL}/#/login`);
  await logIn(page);
  // Active from the click on: on a slow machine Home can take longer than the limit to show.
  const stop = keepActive(page);
  const token = await storedToken(page);
  await expectHome(page);

  // Moving the pointer now and then is activity: still signed in after more than 3 s.
  await page.waitForTimeout(5_000);
  await expectHome(page);
  await stop();
  expect(await page.evaluate(() => localStorage.getItem('apothecall.session'))).not.toBeNull();
  // The app signs the page out at once and tells the server after (use-logout.ts): the server's
  // answer, not the screen, says when the token has ended.
  const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/account/logout'), {
    timeout: 20_000,
  });

  // No activity: the app logs out with the 'Auto logout' toast and shows the login screen.
  await expect(page.getByText('Auto logout', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
  expect(await page.evaluate(() => localStorage.getItem('apothecall.session'))).toBeNull();

  // The server refuses the old token: the logout reached it.
  expect((await loggedOut).ok()).toBe(true);
  const response = await request.get(`${autoLogoutBaseURL}/api/account/profile`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(401);
});
