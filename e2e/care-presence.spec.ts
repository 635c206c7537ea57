import { writeFileSync } from 'node:fs';
import { type APIRequestContext, expect } from '@playwright/test';
import { translate } from '../packages/domain/src/i18n/catalog';
import { newPatient, providerLogin, startVisitByApi } from './care-api';
import { presenceBaseURL, presenceClockFile } from './playwright.config';
import { demoPassword, logIn, openContext, test } from './support';

/**
 * Ghost providers, on a server whose clock this spec moves (libfaketime's
 * timestamp file, e2e/playwright.config.ts). A provider switches "On duty" in the clinic and then
 * closes the browser without switching off. A patient waits, paid. Past the 2-minute presence
 * grace the minute sweep takes the provider off duty: the waiting room says that no provider is
 * available in the state, with the choice to cancel, and the patient is texted once. Past the
 * 20-minute limit nobody claimed the visit: it is cancelled, the waiting room says so, the
 * payment is refunded in full and the patient is texted. The clock moves; the sweep is the real
 * job on its real schedule (pg-boss's cron, which this server checks every second:
 * JOBS_CRON_CHECK_SECONDS).
 */

/** Moves the presence server's clock to this many seconds past the real one. */
function serverClock(seconds: number) {
  writeFileSync(presenceClockFile, `+${seconds}\n`);
}

async function ledger(request: APIRequestContext, token: string) {
  const res = await request.post(`${presenceBaseURL}/api/transactionsGET`, {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).transactions as { kind: string; amount: number }[];
}

async function textsTo(request: APIRequestContext, phone: string): Promise<string[]> {
  const body = await (await request.get(`${presenceBaseURL}/api/dev/outbox`)).json();
  return (body.messages as { channel: string; to: string; text: string | null }[])
    .filter(
      (m) => m.channel === 'sms' && m.to.replace(/\D/g, '').endsWith(phone.replace(/\D/g, '')),
    )
    .map((m) => m.text ?? '');
}

test.afterEach(() => serverClock(0));

test('a provider who closes the browser on duty stops counting: the waiting patient is told, and an unclaimed visit is cancelled and refunded', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  serverClock(0);

  // The provider goes on duty in the clinic (their console's socket keeps them present).
  const provider = await openContext(browser, false, { baseURL: presenceBaseURL });
  await provider.goto('/#/login');
  await logIn(provider, providerLogin, demoPassword);
  await provider.getByRole('link', { name: 'Open the clinic' }).click();
  await expect(provider.getByTestId('queue-count')).toBeVisible();
  const duty = provider.getByRole('switch', { name: 'On duty' });
  await expect(duty).toBeEnabled();
  if (!(await duty.isChecked())) await duty.click({ force: true });
  await expect(duty).toBeChecked();

  // A patient pays and waits: a wait estimate, no warning.
  const patient = await newPatient(request, presenceBaseURL);
  await startVisitByApi(request, patient, presenceBaseURL);
  const page = await openContext(browser, true, { baseURL: presenceBaseURL });
  await page.goto('/#/login');
  await logIn(page, patient.email, patient.password);
  await page.getByRole('link', { name: 'Go to the waiting room' }).click();
  await expect(page.getByTestId('waiting-visit')).toContainText('Pink eye');
  await expect(page.getByTestId('waiting-wait')).toHaveText(/\d+ min/);
  await expect(page.getByTestId('waiting-no-provider')).toHaveCount(0);
  expect((await ledger(request, patient.token)).map((e) => [e.kind, e.amount])).toEqual([
    ['charge', 4900],
  ]);

  // The provider closes the browser without switching off. Past the 2-minute grace, the next
  // sweep takes them off duty and the waiting room says so, live.
  await provider.context().close();
  serverClock(150);
  const noProvider = translate('en', 'care.visit.noProviderNow', { minutes: 20 });
  await expect(page.getByTestId('waiting-no-provider')).toHaveText(noProvider, {
    timeout: 90_000,
  });
  await expect
    .poll(async () => (await textsTo(request, patient.phone)).length, { timeout: 15_000 })
    .toBe(1);
  expect((await textsTo(request, patient.phone))[0]).toContain(
    'no provider is available in your state right now',
  );

  // Twenty minutes after it started nobody has taken it: cancelled and refunded in full.
  serverClock(21 * 60 + 30);
  const ended = page.getByTestId('visit-ended');
  await expect(ended).toHaveAttribute('data-state', 'cancelled', { timeout: 90_000 });
  await expect(ended).toContainText(translate('en', 'careUi.ended.cancelled'));
  await expect(page.getByTestId('waiting-visit')).toHaveCount(0);
  // The sweep announces the cancel as soon as it stands and then refunds (care-presence.ts, as
  // the patient's own cancel): the refund follows the notice by the gateway's call.
  await expect
    .poll(async () => (await ledger(request, patient.token)).map((e) => [e.kind, e.amount]), {
      timeout: 15_000,
    })
    .toEqual([
      ['refund', 4900],
      ['charge', 4900],
    ]);
  // And its text after the refund.
  await expect
    .poll(async () => (await textsTo(request, patient.phone)).length, { timeout: 15_000 })
    .toBe(2);
  const texts = await textsTo(request, patient.phone);
  expect(texts[1]).toContain('no provider could take your visit within 20 minutes');
});
