import type { Readable } from 'node:stream';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { e2eSmtpPort } from './playwright.config';
import { demoPatient, expectHome, logIn } from './support';

/**
 * Password Help end to end (spec sections 2 and 8): the reset link arrives through a real SMTP
 * server on loopback (the e2e server sends to SMTP_URL=smtp://127.0.0.1:2526) and by SMS (read
 * from the dev outbox, EXPOSE_OUTBOX=true). The full change runs on a freshly registered user,
 * so the demo patient keeps the demo password for the other specs.
 */

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

const inbox: ReceivedMail[] = [];

/** Decodes quoted-printable text (soft line breaks, =XX bytes) as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const unfolded = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const hex = unfolded.slice(i + 1, i + 3);
    if (unfolded[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_m, _charset: string, enc: string, text: string) =>
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/**
 * Reads the subject and plain-text body of the single-part text mail the server sends
 * (nodemailer: text/plain, 7bit, quoted-printable or base64).
 */
function parseRawMail(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) =>
    head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { subject: decodeHeader(header('Subject')), text };
}
let smtp: SMTPServer | undefined;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream: Readable, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error: Error) => callback(error));
      stream.on('end', () => {
        const mail = parseRawMail(Buffer.concat(chunks).toString('utf8'));
        inbox.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: mail.subject,
          text: mail.text,
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp?.once('error', reject);
    smtp?.listen(e2eSmtpPort, '127.0.0.1', () => resolve());
  });
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
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
  text: string;
  createdAt: string;
}

/** The SMS messages of the dev outbox that carry the link with this code. */
async function smsWithCode(request: APIRequestContext, code: string): Promise<OutboxMessage[]> {
  const response = await request.get('/api/dev/outbox');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { messages: OutboxMessage[] };
  return body.messages.filter((m) => m.channel === 'sms' && m.text.includes(`/#/resetpw/${code}`));
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
