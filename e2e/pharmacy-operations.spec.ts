import { expect, test } from '@playwright/test';
import nodemailer from 'nodemailer';
import { e2eInboundSmtpPort } from './playwright.config';
import { demoStaff, logIn } from './support';

/**
 * Pharmacy operations (issue 20, started; desktop only): an e-mail sent to the pharmacy's
 * address over SMTP appears in its inbox and is answered; a CRM customer is tagged and a task
 * added and done.
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
  await page.getByTestId('crm-task-due').fill(new Date().toISOString().slice(0, 10));
  await page.getByLabel('Task tag').selectOption('Urgent');
  await page.getByTestId('crm-task-add').click();
  const task = page.getByTestId('crm-task').filter({ hasText: title });
  await expect(task).toHaveAttribute('data-tag', 'Urgent');
  await task.getByRole('button', { name: `Mark done: ${title}` }).click();
  await expect(task).toHaveAttribute('data-done', 'true');
});

/** A one-page PDF, as small as a valid one gets. */
function minimalPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}
