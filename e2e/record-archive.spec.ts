import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { newPatient } from './care-api';
import { logIn, openContext, test } from './support';

/**
 * Profile's Download my record (the README's documents paragraph mentions it,
 * documents-notifications.spec walks the rest of that paragraph). A new patient downloads their
 * record from Profile: one ZIP under a dated name (no person's name) holding the README, the
 * summary and the payments list. At phone width the section fits the screen.
 */
test('record archive: a patient downloads their whole record as one ZIP from Profile', async ({
  browser,
  request,
}) => {
  const patient = await newPatient(request);
  const page = await openContext(browser, false);
  await page.goto('/#/login');
  await logIn(page, patient.email, patient.password);
  await page.goto('/#/profile');
  const section = page.getByTestId('record-archive');
  await expect(section.getByRole('heading', { name: 'Download my record' })).toBeVisible();
  await expect(section).toContainText('visit notes, prescriptions');

  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my record' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^health-record-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = await readFile(await file.path());
  // A ZIP (local file header), whose entry names are stored as they are.
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  for (const name of ['README.txt', 'summary.json', 'payments.csv']) {
    expect(bytes.includes(Buffer.from(name)), name).toBe(true);
  }
  await expect(page.getByText('Your record has been downloaded.')).toBeVisible();

  // At phone width the section and its button fit the screen.
  const phone = await openContext(browser, true);
  await phone.goto('/#/login');
  await logIn(phone, patient.email, patient.password);
  await phone.goto('/#/profile');
  const button = phone.getByTestId('record-archive').getByRole('button', {
    name: 'Download my record',
  });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 360).toBe(true);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
