import { readFile } from 'node:fs/promises';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { type MessageKey, translate } from '../packages/domain/src/i18n/catalog';
import {
  futureExpiry,
  newPatient,
  onDuty,
  type Patient,
  providerLogin,
  startVisitByApi,
} from './care-api';
import { autoLogoutBaseURL } from './playwright.config';
import { expectAccessible, keepActive, logIn, openContext, test, useSpanish } from './support';

/**
 * README, "Try a video visit".
 *
 * On-demand care end to end, in two browser contexts with Chromium's fake camera
 * and microphone: a new patient (phone-sized) gets care, passes screening, pays with the test
 * card and waits; the provider (desktop) sees the visit arrive without reloading, claims it;
 * both videos play, chat goes both ways; the note and prescription end the visit; the patient
 * reads the note and downloads its PDF; the card was charged once. Then: a reload in the waiting
 * room keeps the place, the SMS meet link joins the call once, a refund returns the money; a
 * state that is not offered and a failed screening stop the flow.
 */

const demoPassword = 'Apothecall-Demo-1';

async function providerConsole(browser: Browser): Promise<Page> {
  const page = await openContext(browser, false, { permissions: ['camera', 'microphone'] });
  await page.goto('/#/login');
  await logIn(page, providerLogin, demoPassword);
  await page.getByRole('link', { name: 'Open the clinic' }).click();
  await expect(page.getByRole('heading', { name: 'Patients waiting' })).toBeVisible();
  // The switch shows the server's answer once the queue has loaded.
  await expect(page.getByTestId('queue-count')).toBeVisible();
  const duty = page.getByRole('switch', { name: 'On duty' });
  await expect(duty).toBeEnabled();
  if (!(await duty.isChecked())) await duty.click({ force: true });
  await expect(duty).toBeChecked();
  return page;
}

const next = (page: Page) => page.getByRole('button', { name: 'Continue' }).click();

/** Get Care up to (and including) the location step for FL. */
async function getCareToScreening(page: Page, patient: Patient, state = 'FL') {
  await page.goto('/#/care');
  await expect(page.getByRole('heading', { name: 'Who is this visit for?' })).toBeVisible();
  await page.getByRole('radio', { name: patient.name }).check({ force: true });
  await next(page);
  await expect(page.getByRole('heading', { name: 'Why do you need care?' })).toBeVisible();
  await page.getByRole('radio', { name: 'Sore throat' }).check({ force: true });
  await page
    .getByLabel('Anything else the provider should know? (optional)')
    .fill('Two days, no fever');
  await next(page);
  await expect(page.getByRole('heading', { name: 'Where are you right now?' })).toBeVisible();
  await page.getByLabel('State').selectOption(state);
  await page.getByRole('button', { name: 'Confirm location' }).click();
}

async function passScreening(page: Page) {
  await expect(page.getByRole('heading', { name: 'Pre-visit screening' })).toBeVisible();
  await page.getByTestId('care-emergency-signs').getByLabel('None of these').check({ force: true });
  await page.getByLabel('Blood pressure').fill('118/76');
  await page.getByLabel('Weight', { exact: true }).fill('150');
  await page.getByLabel('Height', { exact: true }).fill('65');
  await expect(page.getByTestId('care-bmi')).toContainText('25');
  await page.getByLabel('Allergies').fill('Penicillin');
  await page
    .getByTestId('care-medical-problems')
    .getByLabel('None of these')
    .check({ force: true });
  // A sore throat is not screened for a treatment it does not ask for.
  await expect(page.getByText('Are you requesting low dose naltrexone (LDN)?')).toHaveCount(0);
  await expect(page.getByText('Are you requesting birth control?')).toHaveCount(0);
  await next(page);
}

async function remoteVideoPlays(page: Page) {
  const video = page.getByTestId('remote-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 })
    .toBeGreaterThan(0);
  const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(t0);
}

async function connected(call: Locator) {
  await expect(call).toHaveAttribute('data-connection-state', 'connected', { timeout: 45_000 });
}

async function ledger(request: APIRequestContext, token: string) {
  const res = await request.post('/api/transactionsGET', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  return (await res.json()).transactions as { kind: string; amount: number }[];
}

test('a patient gets care by video: screening, payment, queue, claim, call, chat, note, PDF, one charge', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const patient = await newPatient(request);
  const provider = await providerConsole(browser);

  const page = await openContext(browser, true, { permissions: ['camera', 'microphone'] });
  await page.goto('/#/login');
  await logIn(page, patient.email, patient.password);
  await getCareToScreening(page, patient);
  await expect(page.getByTestId('care-location')).toHaveText('I am in: Florida');
  await expect(page.getByText('Providers are available now in Florida.')).toBeVisible();
  await next(page);
  await passScreening(page);

  await expect(page.getByRole('heading', { name: 'Consent and phone' })).toBeVisible();
  await expectAccessible(page, 'Get Care, consent and phone (phone width)');
  await expect(
    page.getByText('The phone number is used to text a video-visit link.'),
  ).toBeVisible();
  await expect(page.getByTestId('care-phone')).toContainText(patient.phone.slice(-4));
  // Accepted on the consents screen already: said, not asked again.
  await expect(page.getByTestId('care-consent-accepted')).toHaveText(
    'You have accepted the current consent to treat and terms.',
  );
  await expect(
    page.getByLabel('I accept the consent to treat and the terms and conditions.'),
  ).toHaveCount(0);
  await page.getByLabel('This phone number is correct').check({ force: true });
  await next(page);

  await expect(page.getByRole('heading', { name: 'Choose a pharmacy' })).toBeVisible();
  await page.getByLabel('Search pharmacies').fill('miami');
  await page.getByRole('button', { name: 'Choose Bayfront Drugs' }).click();
  await expect(page.getByTestId('care-chosen-pharmacy')).toContainText('Bayfront Drugs');
  await next(page);

  await expect(page.getByRole('heading', { name: 'Review and pay' })).toBeVisible();
  await expect(page.getByTestId('care-price')).toContainText('$49.00');
  await expectAccessible(page, 'Get Care, review and pay (phone width)');
  await page.getByRole('button', { name: 'Add card' }).click();
  await page.getByLabel('Name on card').fill(patient.name);
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiration (MM/YY)').fill(futureExpiry());
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Billing zip code').fill('33101');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('radio', { name: /1111/ })).toBeChecked();
  await page.getByRole('button', { name: 'Start visit' }).click();

  await expect(page).toHaveURL(/#\/waiting$/);
  await expect(page.getByRole('heading', { name: 'Waiting room' })).toBeVisible();
  await expect(page.getByTestId('waiting-visit')).toContainText('Sore throat');
  await expectAccessible(page, 'the waiting room (phone width)');

  // The provider's queue shows the visit without a reload; claiming opens the workspace.
  const entry = provider.getByRole('listitem', { name: patient.name });
  await expect(entry).toBeVisible({ timeout: 20_000 });
  await entry.getByRole('button', { name: 'Claim' }).click();
  await expect(provider.getByRole('heading', { name: `Visit with ${patient.name}` })).toBeVisible();
  await expect(provider.getByText('Penicillin').first()).toBeVisible();
  await expectAccessible(provider, "the provider's visit workspace (desktop)");

  // Both sides' video is live.
  const providerCall = provider.getByTestId('visit-call');
  const patientCall = page.getByTestId('visit-call');
  await expect(patientCall).toBeVisible({ timeout: 20_000 });
  await connected(providerCall);
  await connected(patientCall);
  await remoteVideoPlays(provider);
  await remoteVideoPlays(page);

  // Chat both ways, delivered.
  // In the call, the page says so, and the chat names the provider as the note will.
  await expect(page.getByRole('heading', { name: 'Video visit', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Waiting room' })).toHaveCount(0);
  await expectAccessible(page, 'the video call (phone width)');
  await provider.getByLabel('Message').fill('Hello, I am Dr. Okafor. Please open your mouth wide.');
  await provider.getByLabel('Message').press('Enter');
  await expect(page.getByText('Please open your mouth wide.')).toBeVisible();
  await expect(
    page.locator('[data-testid="chat-message"][data-own="false"]').first(),
  ).toContainText('Samuel Okafor, MD');
  await page.getByLabel('Message').fill('Okay, like this?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(provider.getByText('Okay, like this?')).toBeVisible();
  await expect(
    page.locator('[data-testid="chat-message"][data-own="true"][data-status="delivered"]'),
  ).toBeVisible();

  // The call recovers when the patient reloads; the conversation comes back.
  await page.reload();
  await connected(page.getByTestId('visit-call'));
  await connected(providerCall);
  await expect(page.getByText('Okay, like this?')).toBeVisible();
  await remoteVideoPlays(provider);

  // The note and a prescription end the visit.
  await provider.getByLabel('Subjective').fill('Sore throat for two days, no fever.');
  await provider.getByLabel('Objective').fill('Red pharynx with exudate on video.');
  await provider.getByLabel('Assessment').fill('Streptococcal pharyngitis, likely.');
  await provider.getByLabel('Plan').fill('Amoxicillin for 10 days; fluids; return if worse.');
  await provider.getByRole('switch', { name: 'Write a prescription' }).click({ force: true });
  await provider.getByLabel('Medication').fill('Amoxicillin');
  await provider.getByLabel('Strength').fill('500 mg');
  await provider.getByLabel('Quantity').fill('20');
  await provider.getByLabel('Refills').fill('0');
  await provider.getByLabel('Directions').fill('One capsule twice a day for 10 days');
  await provider.getByRole('button', { name: 'Complete visit' }).click();
  await provider.getByRole('button', { name: 'Yes, complete the visit' }).click();
  await expect(provider.getByTestId('visit-result')).toHaveAttribute('data-outcome', 'completed');

  // The patient is told, opens the note and downloads its PDF.
  await expect(page.getByTestId('visit-ended')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Go to Notes' }).click();
  await expect(page.locator('[data-screen="notes"]')).toBeVisible();
  await page
    .getByRole('link', { name: /Open note "Video visit: Sore throat"/ })
    .first()
    .click();
  await expect(page.locator('[data-screen="note"]')).toContainText('Amoxicillin 500 mg');
  await expect(page.locator('[data-screen="note"]')).toContainText('1234567893');
  await expectAccessible(page, 'a visit note (phone width)');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  const pdf = await readFile((await download.path()) ?? '');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Switched to Spanish, the note and its charge read in Spanish, from the catalogue (not a
  // subject written once in English, nor a charge that says 'soreThroat').
  await page.getByText('ES', { exact: true }).click();
  await expect(page.locator('[data-screen="note"]')).toContainText(
    'Consulta por video: Dolor de garganta',
  );
  await page.goto('/#/transactions');
  await expect(
    page.getByRole('link', { name: /Ver recibo de Consulta por video: Dolor de garganta/ }),
  ).toBeVisible();
  await expectAccessible(page, 'transactions in Spanish (phone width)');

  // Charged exactly once.
  const entries = await ledger(request, patient.token);
  expect(entries.filter((e) => e.kind === 'charge')).toEqual([
    expect.objectContaining({ kind: 'charge', amount: 4900 }),
  ]);
  expect(entries.filter((e) => e.kind === 'refund')).toEqual([]);
  await page.context().close();
  await provider.context().close();
});

test('the waiting room survives a reload; the SMS meet link joins the call once; a refund returns the money', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await onDuty(request);
  const patient = await newPatient(request);
  const visitId = await startVisitByApi(request, patient);

  const page = await openContext(browser, true, { permissions: ['camera', 'microphone'] });
  await page.goto('/#/login');
  await logIn(page, patient.email, patient.password);
  // After logging in, Home leads back to the waiting room the server kept.
  await expect(page.getByTestId('active-visit-banner')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the waiting room' }).click();
  const card = page.getByTestId('waiting-visit');
  await expect(card).toContainText('Pink eye');
  const place = await page.getByTestId('waiting-place').textContent();
  await page.reload();
  await expect(page.getByTestId('waiting-visit')).toContainText('Pink eye');
  await expect(page.getByTestId('waiting-place')).toHaveText(place ?? '');

  // The provider claims it; the SMS with the meet link goes to the patient's phone.
  const provider = await providerConsole(browser);
  await provider
    .locator(`[data-visit-id="${visitId}"]`)
    .getByRole('button', { name: 'Claim' })
    .click();
  await expect(provider.getByRole('heading', { name: `Visit with ${patient.name}` })).toBeVisible();
  await page.context().close();

  const outbox = (await (await request.get('/api/dev/outbox')).json()).messages as {
    channel: string;
    to: string;
    text: string | null;
  }[];
  // Texts go to the number in E.164 (a US number as registered, 305-555-0123: +13055550123).
  const e164 = `+1${patient.phone.replace(/\D/g, '')}`;
  const sms = outbox.filter((m) => m.channel === 'sms' && m.to === e164);
  const link = sms.map((m) => /\/#\/meet\?id=[A-Za-z0-9_-]+/.exec(m.text ?? '')?.[0]).find(Boolean);
  // Exactly one meet link was texted to this patient, with a 256-bit one-time id.
  expect(sms).toHaveLength(1);
  expect(link).toMatch(/^\/#\/meet\?id=[A-Za-z0-9_-]{43}$/);

  // A fresh browser (no login) joins the call with the link.
  const phone = await openContext(browser, true, { permissions: ['camera', 'microphone'] });
  await phone.goto(link ?? '');
  await expect(phone.getByText(/Your provider will join you here/)).toBeVisible();
  await expect(phone).not.toHaveURL(/id=/);
  await connected(phone.getByTestId('visit-call'));
  await connected(provider.getByTestId('visit-call'));
  await remoteVideoPlays(phone);

  // The link works once.
  const again = await openContext(browser, true, { permissions: ['camera', 'microphone'] });
  await again.goto(link ?? '');
  await expect(
    again.getByText('This video link has expired or has already been used.'),
  ).toBeVisible();
  await again.context().close();

  // The provider cannot treat by video: refund. The ledger shows it.
  await provider.getByLabel('Assessment').fill('Needs an in-person eye exam.');
  await provider.getByRole('button', { name: 'Refund (cannot treat)' }).click();
  await provider.getByRole('button', { name: 'Yes, refund the patient' }).click();
  await expect(provider.getByTestId('visit-result')).toHaveAttribute('data-outcome', 'refund');
  const entries = await ledger(request, patient.token);
  expect(entries.map((e) => [e.kind, e.amount])).toEqual([
    ['refund', 4900],
    ['charge', 4900],
  ]);
  await phone.context().close();
  await provider.context().close();
});

test('a state that is not offered is refused, and a failed screening stops the visit', async ({
  browser,
  request,
}) => {
  await onDuty(request);
  const patient = await newPatient(request);
  const page = await openContext(browser, true, { permissions: ['camera', 'microphone'] });
  await page.goto('/#/login');
  await logIn(page, patient.email, patient.password);

  await getCareToScreening(page, patient, 'NY');
  await expect(page.getByTestId('care-unavailable')).toContainText('Service unavailable in');

  await page.getByLabel('State').selectOption('FL');
  await page.getByRole('button', { name: 'Confirm location' }).click();
  await expect(page.getByTestId('care-location')).toHaveText('I am in: Florida');
  await next(page);
  await expect(page.getByRole('heading', { name: 'Pre-visit screening' })).toBeVisible();
  await page
    .getByTestId('care-emergency-signs')
    .getByLabel('Chest pain or pressure')
    .check({ force: true });
  await expect(page.getByRole('alert').filter({ hasText: 'Call 911' })).toBeVisible();
  await page
    .getByTestId('care-medical-problems')
    .getByLabel('None of these')
    .check({ force: true });
  await next(page);
  await expect(page.getByText('Screening Failed. Visit Cannot Continue.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start visit' })).toHaveCount(0);
  await page.context().close();
});

test('an open video call is not idle: no auto-logout while the patient watches', async ({
  browser,
  request,
}) => {
  // This server logs out after 3 s without pointer, key or touch (CLIENT_IDLE_LOGOUT_SECONDS=3).
  const base = autoLogoutBaseURL;
  const providerToken = await onDuty(request, providerLogin, base);
  const patient = await newPatient(request, base);
  const visitId = await startVisitByApi(request, patient, base);
  const claimed = await request.post(`${base}/api/clinic/visits/${visitId}/claim`, {
    headers: { authorization: `Bearer ${providerToken}` },
  });
  expect(claimed.ok()).toBe(true);

  const page = await openContext(browser, true, { permissions: ['camera', 'microphone'] });
  await page.goto(`${base}/#/login`);
  await logIn(page, patient.email, patient.password);
  // Active until the call shows (a slow machine's login and call can outlast the 3 s limit).
  let stop = keepActive(page);
  await expect(page.getByRole('link', { name: 'Go to the waiting room' })).toBeVisible();
  await stop();
  await page.getByRole('link', { name: 'Go to the waiting room' }).click();
  stop = keepActive(page);
  await expect(page.getByTestId('visit-call')).toBeVisible();
  await stop();
  // Three times the idle limit with no input at all: still in the call.
  await page.waitForTimeout(9_000);
  await expect(page.getByText('Auto logout', { exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/#\/waiting$/);
  await expect(page.getByTestId('visit-call')).toBeVisible();
  await page.context().close();
});

test("the visit's screens in Spanish (the patient's at both widths, the provider's at desktop) pass axe", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const providerToken = await onDuty(request);
  const patient = await newPatient(request);
  const visitId = await startVisitByApi(request, patient);
  const inSpanish = async (phone: boolean) => {
    const page = await openContext(browser, phone);
    await useSpanish(page);
    return page;
  };
  const width = (phone: boolean) => (phone ? 'phone' : 'desktop');

  // Waiting, then in the call: the patient at each width.
  const patients = [await inSpanish(true), await inSpanish(false)];
  for (const [i, page] of patients.entries()) {
    await page.goto('/#/login');
    await logIn(page, patient.email, patient.password);
    await expect(page.getByRole('heading', { name: /Bienvenido\/a/ })).toBeVisible();
    await page.goto('/#/waiting');
    await expect(page.locator('[data-screen="waiting"]')).toBeVisible();
    await expect(page.getByTestId('waiting-visit')).toBeVisible();
    await expectAccessible(page, `the waiting room in Spanish (${width(i === 0)})`);
  }
  // The provider's queue with the visit in it, at desktop width (providers work at a desk;
  // a11y.spec.ts checks the clinic in Spanish at phone width).
  for (const phone of [false]) {
    const page = await inSpanish(phone);
    await page.goto('/#/login');
    await logIn(page, providerLogin, demoPassword);
    await expect(page.getByRole('heading', { name: /Bienvenido\/a/ })).toBeVisible();
    await page.goto('/#/clinic');
    await expect(page.getByTestId('queue-entry').first()).toBeVisible();
    await expectAccessible(page, `the clinic queue in Spanish (${width(phone)})`);
    await page.context().close();
  }
  const claimed = await request.post(`/api/clinic/visits/${visitId}/claim`, {
    headers: { authorization: `Bearer ${providerToken}` },
  });
  expect(claimed.ok()).toBe(true);
  for (const [i, page] of patients.entries()) {
    await expect(page.getByTestId('visit-call')).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, `the call in Spanish (${width(i === 0)})`);
  }

  // The provider's workspace, at desktop width.
  for (const phone of [false]) {
    const page = await inSpanish(phone);
    await page.goto('/#/login');
    await logIn(page, providerLogin, demoPassword);
    await expect(page.getByRole('heading', { name: /Bienvenido\/a/ })).toBeVisible();
    await page.goto(`/#/clinic/visits/${visitId}`);
    await expect(page.getByTestId('clinic-visit')).toBeVisible();
    await expectAccessible(page, `the provider's visit workspace in Spanish (${width(phone)})`);
    await page.context().close();
  }

  // The note and the receipt, once the visit ends.
  const ended = await request.post(`/api/clinic/visits/${visitId}/end`, {
    headers: { authorization: `Bearer ${providerToken}` },
    data: {
      outcome: 'completed',
      note: {
        subjective: 'Red, itchy eye since yesterday',
        objective: 'Conjunctival injection on video',
        assessment: 'Viral conjunctivitis, likely',
        plan: 'Cool compresses; return if vision changes',
      },
    },
  });
  expect(ended.ok()).toBe(true);
  const noteId = (await ended.json()).noteId as string;
  for (const [i, page] of patients.entries()) {
    await page.goto(`/#/notes/${noteId}`);
    await expect(page.locator('[data-screen="note"]')).toContainText(
      'Consulta por video: Conjuntivitis',
    );
    await expectAccessible(page, `a visit note in Spanish (${width(i === 0)})`);
    await page.goto('/#/transactions');
    await page
      .getByRole('link', { name: /Ver recibo de Consulta por video: Conjuntivitis/ })
      .click();
    await expect(page.locator('[data-screen="receipt"]')).toBeVisible();
    await expectAccessible(page, `a receipt in Spanish (${width(i === 0)})`);
    await page.context().close();
  }
});

test("Get Care's steps pass axe in English at desktop width and in Spanish at phone width", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await onDuty(request);
  const patient = await newPatient(request);
  // English at phone width is the first journey's; each pairing costs CI about half a minute.
  for (const [lang, phone] of [
    ['en', false],
    ['es', true],
  ] as const) {
    // The labels come from the catalogue the app shows, in the language under test.
    const t = (key: MessageKey, params?: Record<string, string>) => translate(lang, key, params);
    const where = (step: string) => `Get Care, ${step} (${lang}, ${phone ? 'phone' : 'desktop'})`;
    const page = await openContext(browser, phone);
    if (lang === 'es') await useSpanish(page);
    const onward = () => page.getByRole('button', { name: t('careUi.step.continue') }).click();
    await page.goto('/#/login');
    await logIn(page, patient.email, patient.password);
    await expect(page.locator('[data-screen="home"]')).toBeVisible();
    await page.goto('/#/care');

    await expect(page.getByRole('heading', { name: t('careUi.patient.title') })).toBeVisible();
    await expectAccessible(page, where('who'));
    await page.getByRole('radio', { name: patient.name }).check({ force: true });
    await onward();

    await expect(page.getByRole('heading', { name: t('careUi.reason.title') })).toBeVisible();
    await page.getByRole('radio', { name: t('care.reason.soreThroat') }).check({ force: true });
    await expectAccessible(page, where('reason'));
    await onward();

    await expect(page.getByRole('heading', { name: t('careUi.location.title') })).toBeVisible();
    await page.getByLabel(t('careUi.location.state')).selectOption('FL');
    // Confirmed on the first walk; after that Florida is already the confirmed state.
    const confirm = page.getByRole('button', { name: t('careUi.location.confirm') });
    if (await confirm.isEnabled()) await confirm.click();
    await expect(page.getByTestId('care-location')).toContainText(t('places.state.FL'));
    await expectAccessible(page, where('location'));
    await onward();

    await expect(page.getByRole('heading', { name: t('careUi.screening.title') })).toBeVisible();
    await expectAccessible(page, where('screening'));
    await page
      .getByTestId('care-emergency-signs')
      .getByLabel(t('careUi.screening.noneOfThese'))
      .check({ force: true });
    await page
      .getByTestId('care-medical-problems')
      .getByLabel(t('careUi.screening.noneOfThese'))
      .check({ force: true });
    await onward();

    await expect(page.getByRole('heading', { name: t('careUi.consent.title') })).toBeVisible();
    await page.getByLabel(t('careUi.phone.confirm')).check({ force: true });
    await onward();

    await expect(page.getByRole('heading', { name: t('careUi.pharmacy.title') })).toBeVisible();
    await page.getByLabel(t('careUi.pharmacy.search')).fill('miami');
    await expect(
      page.getByRole('button', {
        name: t('careUi.pharmacy.chooseLabel', { name: 'Bayfront Drugs' }),
      }),
    ).toBeVisible();
    await expectAccessible(page, where('pharmacy'));
    await page
      .getByRole('button', { name: t('careUi.pharmacy.chooseLabel', { name: 'Bayfront Drugs' }) })
      .click();
    await onward();

    await expect(page.getByRole('heading', { name: t('careUi.payment.title') })).toBeVisible();
    await expectAccessible(page, where('review and pay'));
    await page.context().close();
  }
});
