import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { futureExpiry } from './care-api';
import {
  call,
  demoPassword,
  demoStaff,
  expectAccessible,
  logIn,
  openContext,
  test,
  tokenFor,
} from './support';

/**
 * README, "Try subscriptions".
 *
 * Subscriptions end to end. A patient buys a family plan billed annually with a new
 * card; Get Care for their son prices the visit at the member price; on /subscription they
 * cancel (with a reason), then uncancel. The rx-subscription administrator opens /rxadmin and
 * finds them among the subscribers; the patient opening /rxadmin is told 'Unauthorized.'.
 */

/** Letters only (the name rule); unique per run. */
function uniqueSurname(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let n = Date.now() + Math.floor(Math.random() * 1e6);
  let out = '';
  for (let i = 0; i < 7; i++) {
    out += letters[n % 26];
    n = Math.floor(n / 26);
  }
  return `${out[0]?.toUpperCase()}${out.slice(1)}`;
}

/** A new holder in FL with the consents accepted and a 16-year-old son. */
async function family(request: APIRequestContext) {
  const surname = uniqueSurname();
  const email = `plan-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const password = 'Plan-Family-42';
  await call(request, 'POST', '/api/register', null, {
    profile: {
      name: `Rosa ${surname}`,
      dob: '04-11-1984',
      gender: 'F',
      address: '12 Bay Rd',
      state: 'FL',
      zipCode: '33101',
      phone: `305-557-${String(Math.floor(Math.random() * 9000) + 1000)}`,
      email,
    },
    credentials: { password },
  });
  const token = await tokenFor(request, email, password);
  const consents = (await call(request, 'GET', '/api/consents', token)) as {
    documents: { id: string; version: string }[];
  };
  await call(request, 'POST', '/api/consents', token, {
    documents: consents.documents.map(({ id, version }) => ({ id, version })),
  });
  const year = new Date().getFullYear() - 16;
  await call(request, 'POST', '/api/account/dependents', token, {
    profile: { name: `Leo ${surname}`, dob: `02-03-${year}`, gender: 'M', relation: 'son' },
  });
  return { email, password, holder: `Rosa ${surname}`, son: `Leo ${surname}` };
}

const next = (page: Page) => page.getByRole('button', { name: 'Continue' }).click();

test('a family plan billed annually prices a dependent at the member price; cancel, uncancel; the rx admin sees it, a patient may not', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const who = await family(request);
  const provider = await tokenFor(request, 'provider@apothecall.test', demoPassword);
  await call(request, 'PUT', '/api/clinic/duty', provider, { onDuty: true });

  const page = await openContext(browser, false);
  await page.goto('/#/login');
  await logIn(page, who.email, who.password);

  // Buy: family, billed annually (11 months of $40.00: one month free), with a new card.
  await page.getByTestId('membership-home-card').getByRole('link').first().click();
  await expect(page).toHaveURL(/#\/subscription$/);
  await page.getByTestId('subscription-buy').click();
  await expect(page).toHaveURL(/#\/subscription-purchase$/);
  await page.getByTestId('subscription-plan-family').check({ force: true });
  await page.getByTestId('subscription-period-annual').check({ force: true });
  await expect(page.getByTestId('subscription-billed')).toContainText('$440.00');
  await expect(page.getByTestId('subscription-free')).toHaveText(
    'One month free on annual billing',
  );
  await expectAccessible(page, 'buying a subscription (desktop)');
  await page.getByRole('button', { name: 'Add card' }).click();
  await page.getByLabel('Name on card').fill(who.holder);
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiration (MM/YY)').fill(futureExpiry());
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Billing zip code').fill('33101');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('radio', { name: /1111/ })).toBeChecked();
  await page.getByTestId('subscription-purchase-accept').check({ force: true });
  await page.getByTestId('subscription-purchase-submit').click();
  await expect(page).toHaveURL(/#\/subscription$/);
  await expect(page.getByTestId('subscription-visit-plan')).toHaveAttribute(
    'data-status',
    'active',
  );
  await expect(page.getByTestId('subscription-visit-plan')).toContainText('Family plan');

  // Get Care for the son: the review step prices the visit at the member price.
  await page.goto('/#/care');
  await expect(page.getByRole('heading', { name: 'Who is this visit for?' })).toBeVisible();
  await page.getByRole('radio', { name: who.son }).check({ force: true });
  await next(page);
  await page.getByRole('radio', { name: 'Sore throat' }).check({ force: true });
  await next(page);
  await expect(page.getByRole('heading', { name: 'Where are you right now?' })).toBeVisible();
  await page.getByLabel('State').selectOption('FL');
  await page.getByRole('button', { name: 'Confirm location' }).click();
  await next(page);
  await expect(page.getByRole('heading', { name: 'Pre-visit screening' })).toBeVisible();
  await page.getByTestId('care-emergency-signs').getByLabel('None of these').check({ force: true });
  await page.getByLabel('Blood pressure').fill('112/70');
  await page.getByLabel('Weight', { exact: true }).fill('130');
  await page.getByLabel('Height', { exact: true }).fill('66');
  await page.getByLabel('Allergies').fill('None');
  await page
    .getByTestId('care-medical-problems')
    .getByLabel('None of these')
    .check({ force: true });
  await next(page);
  await expect(page.getByRole('heading', { name: 'Consent and phone' })).toBeVisible();
  await page.getByLabel('This phone number is correct').check({ force: true });
  await next(page);
  await expect(page.getByRole('heading', { name: 'Choose a pharmacy' })).toBeVisible();
  await page.getByLabel('Search pharmacies').fill('miami');
  await page.getByRole('button', { name: 'Choose Bayfront Drugs' }).click();
  await next(page);
  await expect(page.getByRole('heading', { name: 'Review and pay' })).toBeVisible();
  await expect(page.getByTestId('care-price')).toContainText('$10.00');
  await expect(page.getByTestId('care-price-source')).toHaveText('Member price');

  // Cancel with a reason, then uncancel.
  await page.goto('/#/subscription');
  await page.getByTestId('subscription-cancel').click();
  await page.getByTestId('subscription-cancel-dialog-reason').fill('Moving abroad for a year');
  await page.getByTestId('subscription-cancel-dialog-confirm').click();
  await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('subscription-renewal')).toContainText('Ends on');
  await expect(page.getByTestId('subscription-cancelled-notice')).toBeVisible();
  await page.getByTestId('subscription-uncancel').click();
  await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-status', 'active');

  // The rx-subscription administrator sees the subscriber.
  const admin = await openContext(browser, false);
  await admin.goto('/#/login');
  await logIn(admin, demoStaff.rxAdmin.loginId);
  await admin.getByRole('link', { name: 'Rx admin' }).first().click();
  await expect(admin.locator('[data-screen="rx-admin"]')).toBeVisible();
  const row = admin.getByTestId('rxadmin-subscriber').filter({ hasText: who.holder });
  await expect(row).toHaveAttribute('data-status', 'active');
  await expect(row.getByTestId('rxadmin-subscriber-last-charge')).toContainText('$440.00');
  await expect(admin.getByTestId('rxadmin-revenue')).toBeVisible();
  await expectAccessible(admin, 'the rx admin (desktop)');

  // The patient may not open it.
  await page.goto('/#/rxadmin');
  await expect(page.getByText('Unauthorized.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
  await call(request, 'PUT', '/api/clinic/duty', provider, { onDuty: false });
});
