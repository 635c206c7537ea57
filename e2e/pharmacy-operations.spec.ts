import { expect } from '@playwright/test';
import nodemailer from 'nodemailer';
import { e2eInboundSmtpPort } from './playwright.config';
import { appCalendar, demoStaff, expectAccessible, logIn, test } from './support';

/**
 * README, "Try the pharmacy's analytics".
 *
 * Pharmacy operations (desktop only): an e-mail sent to the pharmacy's
 * address over SMTP appears in its inbox and is answered; a CRM customer is tagged and a task
 * added and done; the administrator reads the demo's analytics.
 */

test('an e-mail sent to the pharmacy over SMTP appears in its inbox, and the pharmacist replies', async ({
  page,
}) => {
  const subject = `Refill question ${Date.now()}`;
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: e2eInboundSmtpPort,
    secure: false,
    ignoreTLS: true,
  });
  await transport.sendMail({
    from: 'Casey Customer <casey@example.test>',
    to: 'sunrise-pharmacy@inbox.apothecall.test',
    subject,
    text: 'Is my refill ready for pickup?',
    attachments: [{ filename: 'note.pdf', content: minimalPdf(), contentType: 'application/pdf' }],
  });
  transport.close();

  await page.goto('/#/login');
  await logIn(page, demoStaff.pharmacist.loginId);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' }).click();
  await expect(page.getByTestId('inbox-address')).toHaveValue(
    'sunrise-pharmacy@inbox.apothecall.test',
  );
  const thread = page.getByTestId('inbox-thread').filter({ hasText: subject });
  await expect(thread).toBeVisible();
  await thread.click();
  await expect(page.getByTestId('inbox-email-text').first()).toContainText(
    'Is my refill ready for pickup?',
  );
  await expect(page.getByTestId('inbox-attachment')).toContainText('note.pdf');
  await page.getByTestId('inbox-reply-text').fill('Yes, it is ready at the counter.');
  await page.getByTestId('inbox-reply-send').click();
  await expect(page.locator('[data-testid="inbox-email"][data-direction="out"]')).toContainText(
    'Yes, it is ready at the counter.',
  );
});

test('a CRM customer is tagged VIP and an Urgent task is added and done', async ({ page }) => {
  const name = `Dana Customer ${Date.now() % 100000}`;
  await page.goto('/#/login');
  await logIn(page, demoStaff.pharmacyAdmin.loginId);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'CRM' }).click();
  await expect(page.locator('[data-screen="crm"]')).toBeVisible();

  await page.getByTestId('crm-customer-add').click();
  await page.getByTestId('crm-customer-name').fill(name);
  await page.getByLabel('Customer tag').selectOption('VIP');
  await page.getByTestId('crm-customer-save').click();
  await expect(page.getByText('Customer saved.')).toBeVisible();
  const row = page.getByTestId('crm-customer').filter({ hasText: name });
  await expect(row).toHaveAttribute('data-tag', 'VIP');
  await expect(row.getByTestId('crm-tag')).toHaveText('VIP');

  const title = `Call ${name} back`;
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await page.getByTestId('crm-task-title').fill(title);
  await page.getByTestId('crm-task-due').fill(appCalendar().today);
  await page.getByLabel('Task tag').selectOption('Urgent');
  await page.getByTestId('crm-task-add').click();
  const task = page.getByTestId('crm-task').filter({ hasText: title });
  await expect(task).toHaveAttribute('data-tag', 'Urgent');
  await task.getByRole('button', { name: `Mark done: ${title}` }).click();
  await expect(task).toHaveAttribute('data-done', 'true');
});

test("the pharmacy's administrator opens Analytics and sees the demo's figures on every tab", async ({
  page,
}) => {
  await page.goto('/#/login');
  await logIn(page, demoStaff.pharmacyAdmin.loginId);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Analytics' })
    .click();
  await expect(page.locator('[data-screen="analytics"]')).toBeVisible();
  await expect(page.getByTestId('analytics-overview')).toBeVisible();

  // The demo seeds four Sunrise visits 3 to 9 days ago (demo-analytics.ts); a range that ends
  // two days ago holds them and none of the visits other specs start today.
  const calendar = appCalendar();
  const [from, to] = [calendar.day(-12), calendar.day(-2)];
  await page.getByTestId('analytics-from').fill(from);
  await page.getByTestId('analytics-to').fill(to);
  await page.getByTestId('analytics-apply').click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));

  const tile = (name: string) => page.getByTestId(`analytics-tile-${name}-value`);
  await expect(tile('visits')).toHaveText('4');
  await expect(tile('paid')).toHaveText('3');
  await expect(tile('conversion')).toHaveText('75 %');
  await expect(tile('net')).toHaveText('$95.00');
  await expect(tile('fees-paid')).toHaveText('$10.00');
  await expect(tile('fees-owed')).toHaveText('$0.00');
  await expect(tile('median-claim')).toHaveText('32.5 min');
  const bar = (chart: string, key: string) =>
    page.getByTestId(chart).locator(`[data-testid="analytics-bar"][data-key="${key}"]`);
  await expect(bar('analytics-chart-status', 'picked-up')).toContainText('Picked up');
  await expect(bar('analytics-chart-status', 'picked-up')).toHaveAttribute('data-value', '1');
  await expect(bar('analytics-chart-status', 'claimed')).toHaveAttribute('data-value', '1');
  await expect(bar('analytics-chart-status', 'voided')).toHaveAttribute('data-value', '1');
  await expect(bar('analytics-chart-status', 'notAtPharmacy')).toHaveAttribute('data-value', '1');
  await expect(bar('analytics-chart-treatment', 'acute')).toContainText('Acute problem3');
  await expect(bar('analytics-chart-money', 'net')).toContainText('$95.00');
  await expect(bar('analytics-chart-claim', 'median')).toContainText('32.5 min');
  await expect(bar('analytics-chart-claim', 'p90')).toContainText('47 min');
  await expect(
    page.locator('[data-testid="analytics-conversion-link"][data-link-id="sunrisedemoacute"]'),
  ).toContainText('100 %');
  await expectAccessible(page, 'the analytics overview (desktop)');

  await page.getByRole('tab', { name: 'Attribution' }).click();
  await expect(bar('analytics-chart-source', 'link')).toHaveAttribute('data-value', '2');
  await expect(bar('analytics-chart-source', 'direct')).toHaveAttribute('data-value', '2');
  await expect(bar('analytics-chart-brand', 'sunrise-pharmacy')).toContainText('Sunrise Pharmacy2');

  await page.getByRole('tab', { name: 'Referrals' }).click();
  const code = page.locator('[data-testid="analytics-referral-code"][data-code="SUNRISE10"]');
  await expect(code.getByTestId('analytics-referral-uses')).toHaveText('2');
  await expect(code.getByTestId('analytics-referral-amount')).toHaveText('$60.00');
  await expect(page.getByText('Who paid is never shown.')).toBeVisible();

  // Logins: this very login is in the history of the last 7 days, with a shortened address.
  await page.getByRole('tab', { name: 'Logins' }).click();
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(
    page.getByTestId('analytics-staff-row').filter({ hasText: 'Tom Becker' }),
  ).toBeVisible();
  const signedIn = page
    .locator('[data-testid="analytics-login-event"][data-outcome="success"]')
    .filter({ hasText: demoStaff.pharmacyAdmin.loginId })
    .first();
  await expect(signedIn).toContainText('Signed in');
  await expect(signedIn).toContainText(/\.0\/24|::\/48/);
  await expectAccessible(page, 'the analytics logins (desktop)');
});

/** A one-page PDF, as small as a valid one gets. */
function minimalPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}
