import { expect } from '@playwright/test';
import { newPatient } from './care-api';
import {
  demoPassword,
  demoStaff,
  expectAccessible,
  expectHome,
  logIn,
  openContext,
  test,
} from './support';

/**
 * A brand's offers end to end (issue 35): the operator (the demo admin) creates a 25%-off coupon
 * on /admin/brands/apothecall/offers, and a new patient, on a phone, applies it at checkout at
 * once (no restart): the visit price is the coupon's. Then the operator stops it and the
 * checkout refuses it.
 */
test('the operator creates a coupon and a patient applies it at checkout at once', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;

  const operator = await openContext(browser, false);
  await operator.goto('/#/login');
  await logIn(operator, demoStaff.admin.loginId, demoPassword);
  await expect(operator.locator('[data-screen="home"]')).toBeVisible();
  await operator.goto('/#/admin/brands/apothecall/offers');
  await expect(
    operator.getByRole('heading', { name: 'Offers of apothecall', level: 1 }),
  ).toBeVisible();
  const coupons = operator.getByTestId('brand-coupons');
  await expect(coupons.getByTestId('coupon-SAVE20')).toBeVisible();
  const form = operator.getByTestId('coupon-new');
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Percent off').fill('25');
  await form.getByLabel('Title').fill('Spring');
  await form.getByRole('button', { name: 'New coupon' }).click();
  const row = coupons.getByTestId(`coupon-${code}`);
  await expect(row).toContainText('25% off');
  await expect(row).toContainText('In use');
  await expectAccessible(operator, "a brand's offers");

  const patient = await newPatient(request);
  const page = await openContext(browser, true);
  await page.goto('/#/login');
  await logIn(page, patient.email, patient.password);
  await expectHome(page, patient.name);
  await page.goto('/#/coupon');
  await page.getByLabel('Coupon code').fill(code);
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  const added = page.getByRole('dialog', { name: 'Coupon Code Added' });
  await expect(added).toContainText('$36.75');
  await added.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('current-price')).toHaveText('$36.75');
  await expect(page.getByTestId('price-source')).toHaveText(`With coupon ${code}`);

  // Stopped: the checkout refuses it from the next try.
  await row.getByRole('button', { name: `Stop ${code}` }).click();
  await expect(row).toContainText('Stopped');
  const other = await newPatient(request);
  const otherPage = await openContext(browser, true);
  await otherPage.goto('/#/login');
  await logIn(otherPage, other.email, other.password);
  await expectHome(otherPage, other.name);
  await otherPage.goto('/#/coupon');
  await otherPage.getByLabel('Coupon code').fill(code);
  await otherPage.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(otherPage.getByRole('dialog', { name: 'Coupon Code Error' })).toContainText(
    'Coupon code cannot be used.',
  );
});
