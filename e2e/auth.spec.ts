import { expect, test } from '@playwright/test';
import { idleBaseURL } from './playwright.config';
import { demoPatient, expectHome, logIn } from './support';

test('a patient logs in, sees Home with their name, and logs out', async ({ page }) => {
  await page.goto('/#/login');
  await logIn(page);
  await expectHome(page);
  expect(await page.evaluate(() => localStorage.getItem('apothecall.session'))).not.toBeNull();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: /Care from a licensed provider/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('apothecall.session'))).toBeNull();
  // The old session is gone: a protected page asks for login again.
  await page.goto('/#/notes');
  await expect(page).toHaveURL(/#\/login\?to=%2Fnotes$/);
});

test("a wrong password shows the spec's message and does not log in", async ({ page }) => {
  await page.goto('/#/login');
  await logIn(page, demoPatient.loginId, 'Not-The-Password-1');
  await expect(page.getByRole('alert')).toContainText(
    'Unauthorized. User Id or Password is incorrect.',
  );
  await expect(page).toHaveURL(/#\/login/);
});

test('an unauthenticated deep link to /notes lands on login and returns to notes after login', async ({
  page,
}) => {
  await page.goto('/#/notes');
  await expect(page).toHaveURL(/#\/login\?to=%2Fnotes$/);
  await logIn(page);
  await expect(page).toHaveURL(/#\/notes$/);
  await expect(page.locator('[data-screen="notes"]')).toBeVisible();
});

test('the login redirect carries the referral id and itemId', async ({ page }) => {
  await page.goto('/#/care?id=FRIEND10&itemId=7');
  await expect(page).toHaveURL(/#\/login\?to=%2Fcare&id=FRIEND10&itemId=7$/);
});

test("switching to Spanish changes the login screen's text", async ({ page }) => {
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByText('ES', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeVisible();
  await logIn(page, demoPatient.loginId, 'Not-The-Password-1');
  await expect(page.getByRole('alert')).toContainText(
    'No autorizado. El usuario o la contraseña son incorrectos.',
  );
  // The choice is remembered.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
});

test('unknown routes fall back to Home', async ({ page }) => {
  await page.goto('/#/no-such-screen');
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { name: /Care from a licensed provider/ })).toBeVisible();
});

test('a session idle past the server timeout shows the login screen', async ({ page }) => {
  await page.goto(`${idleBaseURL}/#/login`);
  await logIn(page);
  await expectHome(page);
  // The idle server ends sessions after 3 s without activity.
  await page.waitForTimeout(4_500);
  await page.goto(`${idleBaseURL}/#/notes`);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('apothecall.session'))).toBeNull();
});

test("the domain route guard keeps a patient out of the pharmacist's dashboard, with its message", async ({
  page,
}) => {
  await page.goto('/#/login');
  await logIn(page);
  await expectHome(page);
  await page.goto('/#/prescriptions');
  await expect(
    page.getByText(
      "This page is for the staff of verified pharmacies only. A pharmacy's administrator gives its pharmacists access on the Pharmacists page; Apothecall's staff verify a pharmacy once its NCPDP ID, address, phone and fax match the NCPDP registry.",
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
  await page.goto('/#/rxadmin');
  await expect(page.getByText('Unauthorized.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
});

test('the route guard lets a pharmacist through to /prescriptions', async ({ page }) => {
  // The guard's side: the dashboard itself is rx-pharmacy.spec.ts's.
  await page.goto('/#/prescriptions');
  await logIn(page, 'pharmacist@apothecall.test');
  await expect(page).toHaveURL(/#\/prescriptions$/);
  await expect(page.locator('[data-screen="prescriptions"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Prescriptions', level: 1 })).toBeVisible();
  await expect(page.locator('[data-placeholder="coming-soon"]')).toHaveCount(0);
  await expect(page.getByText('Unauthorized.', { exact: true })).toHaveCount(0);
});
