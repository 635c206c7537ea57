import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type CapturedMail, captureMail } from './mail-capture';
import { e2eSmtpPort } from './playwright.config';
import { demoPatient, expectHome, logIn } from './support';

/**
 * Password Help end to end (spec sections 2 and 8): the reset link arrives through a real SMTP
 * server on loopback (the e2e server sends to SMTP_URL=smtp://127.0.0.1:2526) and by SMS (read
 * from the dev outbox, EXPOSE_OUTBOX=true). The full change runs on a freshly registered user,
 * so the demo patient keeps the demo password for the other specs.
 */

let inbox: CapturedMail[] = [];
let closeSmtp: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  const capture = await captureMail(e2eSmtpPort);
  inbox = capture.mails;
  closeSmtp = capture.close;
});

test.afterAll(async () => {
  await closeSmtp?.();
});

const resetLinkPattern = /\/#\/resetpw\/([A-Za-z0-9_-]+)/;

/** The reset code of the newest reset e-mail to `email` received since `since`. */
async function resetCodeFromMail(email: string, since: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const mail = inbox
          .filter((m) => m.receivedAt >= since && m.to.includes(email.toLowerCase()))
          .findLast((m) => resetLinkPattern.test(m.text));
        code = mail ? resetLinkPattern.exec(mail.text)?.[1] : undefined;
        return code;
      },
      { message: `a reset e-mail to ${email} arrives by SMTP`, timeout: 30_000 },
    )
    .toMatch(/^[A-Za-z0-9_-]{32}$/);
  return code ?? '';
}

interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string | null;
  /** Null once the message was sent (its body is purged). */
  text: string | null;
  createdAt: string;
}

/** The SMS messages of the dev outbox that carry the link with this code. */
async function smsWithCode(request: APIRequestContext, code: string): Promise<OutboxMessage[]> {
  const response = await request.get('/api/dev/outbox');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { messages: OutboxMessage[] };
  return body.messages.filter((m) => m.channel === 'sms' && m.text?.includes(`/#/resetpw/${code}`));
}

/** Requests Password Help from the login screen and checks the spec's dialog. */
async function requestPasswordHelp(page: Page, email: string) {
  await page.goto('/#/login');
  await page.getByRole('button', { name: 'Password Help' }).click();
  const form = page.getByRole('dialog', { name: 'Password Help' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  const done = page.getByRole('dialog', { name: 'Reset Request Received' });
  await expect(done).toContainText(
    'We have sent an email containing the link to reset your password.',
  );
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(done).toBeHidden();
}

const invalidLinkMessage =
  'Password reset code is not valid. Your password cannot be changed with this link.';

async function expectLinkRefused(page: Page, code: string) {
  await page.goto('/#/login');
  await page.goto(`/#/resetpw/${code}`);
  await expect(page.getByRole('alert').filter({ hasText: invalidLinkMessage })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to log in' })).toBeVisible();
}

/** A fresh account registered through the API, so its password can be changed freely. */
async function registerFreshUser(request: APIRequestContext) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const person = {
    email: `e2e-reset-${suffix}@example.test`,
    password: 'Before-Reset-3',
    name: 'Reset Prueba',
  };
  const response = await request.post('/api/register', {
    data: {
      profile: {
        name: person.name,
        dob: '1985-03-14',
        gender: 'M',
        address: '200 Main Street',
        state: 'FL',
        zipCode: '33101',
        phone: '3055550199',
        email: person.email,
      },
      whiteLabelId: 'apothecall',
      credentials: { password: person.password },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return person;
}

test('Password Help for the demo patient sends the link by e-mail and SMS; Cancel keeps the password', async ({
  page,
  request,
}) => {
  const since = Date.now();
  await requestPasswordHelp(page, demoPatient.loginId);
  const code = await resetCodeFromMail(demoPatient.loginId, since);
  expect(await smsWithCode(request, code)).toHaveLength(1);

  await page.goto(`/#/resetpw/${code}`);
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByText('Password was not changed.')).toBeVisible();

  // A cancelled link stops working; the demo password still logs in.
  await expectLinkRefused(page, code);
  await page.goto('/#/login');
  await logIn(page);
  await expectHome(page);
});

test('after a failed login, Password Help opens without the red error behind it', async ({
  page,
}) => {
  await page.goto('/#/login');
  await logIn(page, 'nobody-here@example.test', 'Not-The-Password-1');
  const failed = page.getByRole('alert').filter({ hasText: /password|contraseña/i });
  await expect(failed).toBeVisible();
  await page.getByRole('button', { name: 'Password Help' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test('a user resets a forgotten password with the e-mailed link', async ({ page, request }) => {
  const user = await registerFreshUser(request);
  const newPassword = 'After-Reset-42';

  const since = Date.now();
  await requestPasswordHelp(page, user.email);
  const code = await resetCodeFromMail(user.email, since);
  expect(await smsWithCode(request, code)).toHaveLength(1);

  await page.goto(`/#/resetpw/${code}`);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();

  // Mismatched passwords show the spec's message and change nothing.
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('After-Reset-43');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Please make sure both passwords are the same.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/resetpw/${code}$`));

  // The password rules apply too.
  await page.getByLabel('New password', { exact: true }).fill('alllowercase1');
  await page.getByLabel('Confirm new password').fill('alllowercase1');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(
    page.getByText('The password must contain at least 1 capital letter.'),
  ).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(
    page.getByText('Your password has been changed. Please log in with your new password.'),
  ).toBeVisible();

  // The old password no longer works; the new one does.
  await logIn(page, user.email, user.password);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Unauthorized. User Id or Password is incorrect.' }),
  ).toBeVisible();
  await logIn(page, user.email, newPassword);
  await expectHome(page, user.name);

  // The link works once.
  await expectLinkRefused(page, code);
});

test('a made-up reset link is refused with a way back to login', async ({ page }) => {
  await page.goto('/#/resetpw/not-a-real-code');
  await expect(page.getByRole('alert').filter({ hasText: invalidLinkMessage })).toBeVisible();
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL(/#\/login$/);
});
