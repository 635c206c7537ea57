import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { licenceDay } from '../packages/domain/src/clinic/licences.rules';
import { addDays } from '../packages/domain/src/dates/zones.rules';
import { isValidNpi } from '../packages/domain/src/providers/providers.rules';
import { apiToken, newPatient, onDuty, providerLogin, startVisitByApi } from './care-api';
import { type CapturedMail, captureMail } from './mail-capture';
import { e2eSmtpPort } from './playwright.config';
import { demoPassword, demoStaff, logIn, openContext, test } from './support';

/**
 * The back office's providers area end to end: the admin invites a provider on
 * /admin/providers, the provider chooses a password through the e-mailed link, the admin gives
 * them a Florida licence, they go on duty and claim a Florida visit; once the licence has
 * expired (yesterday in Florida) the next Florida visit is not offered to them.
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

const linkPattern = /\/#\/resetpw\/([A-Za-z0-9_-]+)/;

/** The set-password code of the invitation to `email`: by SMTP, or from the dev outbox. */
async function invitationCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mailed = inbox.findLast((m) => m.to.includes(email) && linkPattern.test(m.text));
        if (mailed) code = linkPattern.exec(mailed.text)?.[1];
        if (!code) {
          const outbox = (await (await request.get('/api/dev/outbox')).json()) as {
            messages: { to: string; text: string | null }[];
          };
          const row = outbox.messages.findLast(
            (m) => m.to === email && linkPattern.test(m.text ?? ''),
          );
          code = row ? linkPattern.exec(row.text ?? '')?.[1] : undefined;
        }
        return code;
      },
      { message: `the invitation to ${email} arrives`, timeout: 30_000 },
    )
    .toMatch(/^[A-Za-z0-9_-]{16,}$/);
  return code ?? '';
}

/** An NPI no earlier run used (one NPI, one provider): nine random digits and their check digit. */
function freshNpi(): string {
  const body = `1${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const npi = Array.from({ length: 10 }, (_, d) => `${body}${d}`).find(isValidNpi);
  if (!npi) throw new Error('no check digit');
  return npi;
}

/** Saves a licence on the admin's provider page (state chosen from the list). */
async function saveLicence(admin: Page, number: string, expiresOn: string) {
  await admin.getByTestId('licence-state').fill('FL');
  await admin.getByRole('option', { name: 'FL · Florida' }).click();
  await admin.getByTestId('licence-number').fill(number);
  await admin.getByTestId('licence-expires').fill(expiresOn);
  await admin.getByRole('button', { name: 'Save licence' }).click();
  await expect(admin.getByText('Licence saved.')).toBeVisible();
}

test('the admin invites a provider and licenses them in Florida; an expired licence stops Florida visits', async ({
  browser,
  request,
}) => {
  // Three people and two visits: longer than the default minute on a busy machine.
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const email = `nadia-${suffix}@example.test`;
  const name = 'Nadia Petrova';

  // The admin invites the provider.
  const admin = await openContext(browser, false);
  await admin.goto('/#/login');
  await logIn(admin, demoStaff.admin.loginId, demoPassword);
  await admin.goto('/#/admin/providers');
  await expect(admin.getByRole('heading', { name: 'Providers', level: 1 })).toBeVisible();
  const invite = admin.getByTestId('provider-invite-form');
  await invite.getByLabel('First name').fill('Nadia');
  await invite.getByLabel('Last name').fill('Petrova');
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByLabel('NPI').fill(freshNpi());
  await invite.getByLabel('Credentials (MD, DO, NP…)').fill('MD');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(admin.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const row = admin.getByTestId('provider-row').filter({ hasText: name });
  await expect(row).toContainText('No licences');

  // The provider chooses a password through the e-mailed link and signs in.
  const code = await invitationCode(request, email);
  const provider = await openContext(browser, false);
  await provider.goto(`/#/resetpw/${code}`);
  await expect(provider.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  const password = 'Nadia-Petrova-42';
  await provider.getByLabel('New password', { exact: true }).fill(password);
  await provider.getByLabel('Confirm new password').fill(password);
  await provider.getByRole('button', { name: 'Save new password' }).click();
  await expect(provider).toHaveURL(/#\/login/);
  await logIn(provider, email, password);
  await expect(provider.getByRole('link', { name: 'Open the clinic' })).toBeVisible();

  // The admin gives them a Florida licence through the end of next year.
  await row.getByRole('link', { name: new RegExp(`^${name}`) }).click();
  await expect(admin.getByRole('heading', { name: `${name}, MD` })).toBeVisible();
  const today = licenceDay('FL', Date.now());
  await saveLicence(admin, 'ME 98765', addDays(today, 400));
  const licence = admin.getByTestId('licence-row').filter({ hasText: 'FL' });
  await expect(licence).toContainText('In force');
  // And the practice their notes will print (until then the page says a note cannot be completed).
  await expect(admin.getByTestId('provider-practice-missing')).toBeVisible();
  await admin.getByTestId('practice-name').fill('Bayside Family Medicine');
  await admin.getByTestId('practice-line1').fill('200 Biscayne Blvd');
  await admin.getByTestId('practice-line2').fill('Miami, FL 33132');
  await admin.getByTestId('practice-phone').fill('305 555 0199');
  await admin.getByTestId('practice-save').click();
  await expect(admin.getByText('Practice saved.')).toBeVisible();
  await expect(admin.getByTestId('provider-practice-missing')).toHaveCount(0);

  // On duty, they see and claim a Florida visit.
  await provider.goto('/#/clinic');
  await expect(provider.getByTestId('queue-count')).toBeVisible();
  const duty = provider.getByRole('switch', { name: 'On duty' });
  await expect(duty).toBeEnabled();
  await duty.click({ force: true });
  await expect(duty).toBeChecked();
  const first = await newPatient(request);
  await startVisitByApi(request, first);
  const entry = provider.getByRole('listitem', { name: first.name });
  await expect(entry).toBeVisible({ timeout: 20_000 });
  await entry.getByRole('button', { name: 'Claim' }).click();
  await expect(provider.getByRole('heading', { name: `Visit with ${first.name}` })).toBeVisible();

  // The licence is recorded as having expired yesterday.
  await licence.getByRole('button', { name: 'Edit the FL licence' }).click();
  await expect(admin.getByTestId('licence-number')).toHaveValue('ME 98765');
  await admin.getByTestId('licence-expires').fill(addDays(today, -1));
  await admin.getByRole('button', { name: 'Save licence' }).click();
  await expect(licence).toContainText('Expired');

  // The next Florida visit (another provider is on duty there) is not offered to them.
  const samuel = await onDuty(request, providerLogin);
  const second = await newPatient(request);
  const secondVisit = await startVisitByApi(request, second);
  const samuelQueue = await (
    await request.get('/api/clinic/queue', { headers: { authorization: `Bearer ${samuel}` } })
  ).json();
  expect(samuelQueue.visits.map((v: { visitId: string }) => v.visitId)).toContain(secondVisit);
  await provider.goto('/#/clinic');
  await expect(provider.getByTestId('queue-count')).toBeVisible();
  await expect(provider.getByRole('listitem', { name: second.name })).toHaveCount(0);
  const claim = await request.post(`/api/clinic/visits/${secondVisit}/claim`, {
    headers: { authorization: `Bearer ${await apiToken(request, email, password)}` },
  });
  expect(claim.status()).toBe(403);

  // Samuel takes the second patient; both leave duty so other journeys start from an empty line.
  await request.post(`/api/clinic/visits/${secondVisit}/claim`, {
    headers: { authorization: `Bearer ${samuel}` },
  });
  await request.put('/api/clinic/duty', {
    headers: { authorization: `Bearer ${samuel}` },
    data: { onDuty: false },
  });
});
