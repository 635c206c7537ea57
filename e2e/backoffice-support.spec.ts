import { expect } from '@playwright/test';
import { newPatient } from './care-api';
import {
  demoPassword,
  expectAccessible,
  expectHome,
  logIn,
  openContext,
  test,
  tokenFor,
} from './support';

/**
 * README, "Try the back office".
 *
 * The operator's back office, People and support (desktop): a patient locked out by
 * wrong passwords is found by the support user, whose unlock lets the patient in again; support
 * is sent away from the money console (the web guard's step 4h) and the server refuses support's
 * session on /api/admin/money (403); the accounting of disclosures lists support's reads of the
 * patient's record.
 */
test('support unlocks a locked-out patient, is kept out of money, and sees its reads in the disclosures', async ({
  page,
  browser,
  request,
}) => {
  const patient = await newPatient(request);
  // Wrong passwords (from this machine's address) until the login is locked.
  for (let i = 0; i < 10; i++) {
    const wrong = await request.post('/api/account/token', {
      data: { loginId: patient.email, password: `Wrong-${i}`, platform: 'web', version: 'e2e' },
    });
    expect(wrong.status()).toBe(401);
  }
  const locked = await request.post('/api/account/token', {
    data: { loginId: patient.email, password: patient.password, platform: 'web', version: 'e2e' },
  });
  expect(locked.status()).toBe(429);

  // Support logs in; the console's home offers People and support, not money.
  await page.goto('/#/login');
  await logIn(page, 'support@apothecall.test');
  await expectHome(page, 'Sam Rivera');
  const console = page.getByTestId('backoffice-home');
  await expect(console.getByRole('link', { name: 'People and support' })).toBeVisible();
  await expect(console.getByRole('link', { name: 'Accounting of disclosures' })).toBeVisible();
  await expect(console.getByRole('link', { name: 'Money' })).toHaveCount(0);
  await console.getByRole('link', { name: 'People and support' }).click();

  // The search (the e-mail travels in a POST body), the account page, the unlock.
  await page.getByTestId('people-search-query').fill(patient.email);
  await page.getByTestId('people-search-submit').click();
  await expect(page.getByTestId('people-search-results')).toBeVisible();
  await expectAccessible(page, 'people search');
  await page.getByTestId('people-search-results').getByRole('link', { name: patient.name }).click();
  await expect(page.getByRole('heading', { name: `Account of ${patient.name}` })).toBeVisible();
  await expectAccessible(page, 'account page');
  await expect(page.getByTestId('person-locked')).toHaveText('Login locked by wrong passwords');
  await page.getByTestId('person-action-unlock').click();
  await expect(page.getByText('Login unlocked.')).toBeVisible();
  await expect(page.getByTestId('person-locked')).toHaveText('Login not locked');

  // The patient logs in, in a browser of their own.
  const patientPage = await openContext(browser, false);
  await patientPage.goto('/#/login');
  await logIn(patientPage, patient.email, patient.password);
  await expectHome(patientPage, patient.name);

  // The disclosures of the patient's record, opened from the account page, list support's reads.
  await page.getByTestId('person-disclosures').click();
  await expect(page.getByTestId('disclosures-of')).toHaveText(`Record of ${patient.name}`);
  await expect(page.getByTestId('disclosures-rows')).toBeVisible();
  await expectAccessible(page, 'disclosures');
  const reads = page
    .getByTestId('disclosures-rows')
    .getByRole('row')
    .filter({ hasText: 'backoffice.people.read' })
    .filter({ hasText: 'Sam Rivera' });
  await expect(reads.first()).toBeVisible();
  await expect(
    page
      .getByTestId('disclosures-rows')
      .getByRole('row')
      .filter({ hasText: 'backoffice.people.unlock' }),
  ).toHaveCount(1);
  // The CSV of the same rows downloads.
  const download = page.waitForEvent('download');
  await page.getByTestId('disclosures-csv').click();
  expect((await download).suggestedFilename()).toBe('disclosures.csv');

  // The money console is not support's: the guard sends them Home.
  await page.goto('/#/admin/money');
  await expect(page).not.toHaveURL(/admin\/money/);
  await expectHome(page, 'Sam Rivera');
  // And the server refuses support's session on the money area's calls.
  const supportToken = await tokenFor(request, 'support@apothecall.test', demoPassword);
  const money = await request.post('/api/admin/money/transactions', {
    headers: { authorization: `Bearer ${supportToken}` },
    data: { page: 1 },
  });
  expect(money.status()).toBe(403);
});
