import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { type MessageKey, translate } from '../packages/domain/src/i18n/catalog';
import { futureExpiry } from './care-api';
import { type CapturedMail, captureMail } from './mail-capture';
import { e2eSmtpPort } from './playwright.config';
import { call, demoPassword, demoStaff, logIn, openContext, test, tokenFor } from './support';

/**
 * README, "Try an in-store assessment".
 *
 * The pharmacy's in-store assessment end to end (desktop only): the pharmacist fills
 * a UTI intake for a walk-in patient in FL and submits; the e-mail arrives over SMTP with the
 * link (the pharmacy named, no symptom or result); the patient opens it, chooses a password,
 * continues into the Rx visit with the intake's answers filled in and the pharmacy chosen, and
 * pays with the test card; once prescribed (by API: the prescriber's screens have their own
 * spec) the visit is on the pharmacy's dashboard with the intake and 'In-store assessment by
 * Sunrise Pharmacy'. NY is refused as soon as it is chosen, before the rest of the form.
 */

const en = (key: MessageKey, params?: Record<string, string | number>) =>
  translate('en', key, params);
const photoId = path.join(import.meta.dirname, 'fixtures', 'photo-id.jpg');

let capture: Awaited<ReturnType<typeof captureMail>> | undefined;
test.beforeAll(async () => {
  capture = await captureMail(e2eSmtpPort);
});
test.afterAll(async () => {
  await capture?.close();
});

const mailsTo = (email: string): CapturedMail[] =>
  (capture?.mails ?? []).filter((m) => m.to.includes(email.toLowerCase()));

/** Fills the UTI intake for a patient in `state` (the state first: the rest opens after it). */
async function fillUti(page: Page, patient: { email: string; lastName: string }, state: string) {
  await page.getByLabel(en('assessmentUi.state')).selectOption(state);
  await page.getByRole('radio', { name: en('assessment.form.uti') }).check({ force: true });
  await page.getByLabel(en('assessmentUi.firstName')).fill('Ana');
  await page.getByLabel(en('assessmentUi.lastName')).fill(patient.lastName);
  await page.getByLabel(en('assessmentUi.email')).fill(patient.email);
  await page.getByLabel(en('assessmentUi.dob')).fill('04-12-1990');
  await page.getByLabel(en('assessmentUi.gender')).selectOption('F');
  await page.getByLabel(en('assessmentUi.phone')).fill('305-555-0199');
  await page.getByLabel(en('assessmentUi.language')).selectOption('en');
  await page.getByLabel(en('assessment.symptom.dysuria')).check();
  await page.getByLabel(en('assessment.symptom.frequency')).check();
  await page.getByLabel(en('assessmentUi.onsetDays')).fill('2');
  await page.getByLabel(en('assessment.history.recurrentInfections')).check();
  await page.getByLabel(en('assessment.history.allergies')).fill('Sulfa drugs');
  await page.getByLabel(en('assessment.test.covid')).selectOption('negative');
  await page.getByLabel(en('assessment.test.urineDipstick')).selectOption('leukocytes');
  await page.getByLabel(en('assessmentUi.comments')).fill('Burning for two days.');
  await page.getByTestId('assessment-submit').click();
}

test('an in-store UTI assessment in FL e-mails the link; the patient continues and pays, and the visit reaches the dashboard with the intake; NY is refused', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const letters = stamp
    .slice(-6)
    .split('')
    .map((d) => 'abcdefghij'[Number(d)])
    .join('');
  const patient = {
    email: `walkin-${stamp}@example.test`,
    lastName: `Lopez${letters}`,
    password: 'Walkin-Pass-2026',
  };

  // The pharmacist: Assessment in the navigation, the UTI form, submitted for FL.
  const rph = await openContext(browser, false);
  await rph.goto('/#/login');
  await logIn(rph, demoStaff.pharmacist.loginId);
  await rph
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: en('navigation.nav.assessment') })
    .click();
  await expect(
    rph.getByRole('heading', { name: en('assessmentUi.title'), level: 1 }),
  ).toBeVisible();
  await fillUti(rph, patient, 'FL');
  await expect(rph.getByTestId('assessment-sent')).toHaveText(
    new RegExp(en('assessmentUi.sent', { email: patient.email }).replace(/\./g, '\\.')),
  );
  await expect(rph.getByTestId('assessment-row').first()).toContainText(
    `Ana ${patient.lastName}, ${en('assessment.form.uti')}, FL`,
  );

  // The e-mail, over SMTP: the pharmacy and the link, never the symptoms or results.
  await expect.poll(() => mailsTo(patient.email).length, { timeout: 30_000 }).toBe(1);
  const mail = mailsTo(patient.email)[0];
  expect(mail?.subject).toBe('Continue your consultation with Sunrise Pharmacy');
  const link = /https?:\/\/[^\s]+\/#\/instore\?code=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  expect(link?.[1]).toMatch(/^[A-Za-z0-9_-]{32}$/);
  for (const secret of ['urinary', 'urinating', 'leukocyte', 'sulfa', 'burning']) {
    expect(mail?.text.toLowerCase()).not.toContain(secret);
  }

  // NY is refused as soon as it is chosen, before the rest of the form.
  await rph.getByRole('button', { name: en('assessmentUi.another') }).click();
  await rph.getByLabel(en('assessmentUi.state')).selectOption('NY');
  await expect(rph.getByTestId('assessment-refused')).toHaveText(
    en('assessment.stateUnavailable', { state: 'NY' }),
  );
  await expect(rph.getByLabel(en('assessmentUi.firstName'))).toHaveCount(0);
  await expect(rph.getByTestId('assessment-submit')).toHaveCount(0);
  expect(mailsTo(patient.email)).toHaveLength(1);

  // The patient opens the link, chooses a password and continues.
  const pt = await openContext(browser, false);
  await pt.goto(`/#/instore?code=${link?.[1]}`);
  await expect(pt.getByRole('heading', { name: en('instoreUi.title'), level: 1 })).toBeVisible();
  await expect(pt.getByTestId('instore-link')).toContainText(
    en('instoreUi.lead', { pharmacy: 'Sunrise Pharmacy' }),
  );
  await expect(pt.getByText(en('instoreUi.setPassword', { email: patient.email }))).toBeVisible();
  await pt.getByLabel(en('instoreUi.password'), { exact: true }).fill(patient.password);
  await pt.getByLabel(en('instoreUi.confirm')).fill(patient.password);
  await pt.getByRole('button', { name: en('instoreUi.save') }).click();
  // The brief login from the in-store link loads what the pharmacy filed: the intake, in Documents.
  await expect(pt.getByTestId('instore-filed')).toContainText(
    en('instoreUi.filed', { pharmacy: 'Sunrise Pharmacy', count: '1' }),
  );
  await pt.getByTestId('instore-continue').click();

  // The consents to treat come first for a new account, then the flow of the acute treatment.
  await expect(pt.getByRole('heading', { name: 'Consent to treat and terms' })).toBeVisible();
  await pt.getByLabel('I have read and accept the Consent to treat').check();
  await pt.getByLabel('I have read and accept the Terms and conditions').check();
  await pt.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(pt.getByTestId('rx-instore-banner')).toHaveText(
    en('instoreUi.banner', { pharmacy: 'Sunrise Pharmacy' }),
  );
  const next = () => pt.getByRole('button', { name: en('rxUi.flow.next') }).click();
  await expect(pt.getByRole('heading', { name: en('rxUi.flow.state') })).toBeVisible();
  await pt.getByLabel(en('rxScreens.state.label')).selectOption('FL');
  const confirm = pt.getByRole('button', { name: en('rxScreens.state.confirm') });
  if (await confirm.isEnabled()) await confirm.click();
  await expect(pt.getByTestId('rx-location')).toHaveText('I am in: Florida');
  await next();

  // No pharmacy step: the evaluation, with what the intake holds already filled in.
  await expect(pt.getByRole('heading', { name: en('rxScreens.questions.title') })).toBeVisible();
  await expect(pt.getByLabel(en('rx.q.acuteProblem'))).toHaveValue(
    'Urinary tract infection (in-store assessment by Sunrise Pharmacy)',
  );
  await expect(pt.getByLabel(en('rx.q.allergies'))).toHaveValue('Sulfa drugs');
  const question = (id: string) => pt.locator(`[data-question="${id}"]`);
  await question('conditions').getByLabel(en('rx.option.none')).check();
  await pt.getByLabel(en('rx.q.medications')).fill('none');
  await pt.getByLabel(en('rx.q.weightLbs')).fill('150');
  await pt.getByLabel(en('rx.q.heightIn')).fill('65');
  await pt.getByRole('button', { name: en('rxUi.flow.submit') }).click();

  // Payment with the test card (the normal Rx flow).
  await expect(pt.getByRole('heading', { name: en('rxUi.pay.title') })).toBeVisible();
  await expect(pt.getByTestId('rx-price')).toHaveText('Amount due: $35.00');
  await pt.getByRole('button', { name: 'Add card' }).click();
  await pt.getByLabel('Name on card').fill(`Ana ${patient.lastName}`);
  await pt.getByLabel('Card number').fill('4111 1111 1111 1111');
  await pt.getByLabel('Expiration (MM/YY)').fill(futureExpiry());
  await pt.getByLabel('CVV').fill('123');
  await pt.getByLabel('Billing zip code').fill('33139');
  await pt.getByRole('button', { name: 'Save card' }).click();
  await expect(pt.getByRole('radio', { name: /1111/ })).toBeChecked();
  await pt.getByRole('button', { name: 'Pay $35.00' }).click();
  await expect(pt).toHaveURL(/#\/rxvisits$/);
  const card = pt.getByTestId('rx-visit').first();
  await expect(card).toContainText('Sunrise Pharmacy');
  const visitId = (await card.getAttribute('data-visit-id')) ?? '';
  expect(visitId).not.toBe('');
  const idField = card.getByTestId('rx-upload-id');
  if ((await idField.count()) > 0) {
    await idField.getByLabel(en('rxUi.visits.uploadId')).setInputFiles(photoId);
    await idField.getByRole('button', { name: en('rxUi.upload.send'), exact: true }).click();
    await expect(idField).toHaveCount(0);
  }

  // The prescriber prescribes (API set-up: their screens have their own spec).
  const provider = await tokenFor(request, demoStaff.provider.loginId, demoPassword);
  const review = async () =>
    (await call(request, 'GET', `/api/clinic/rx/${visitId}`, provider)).review;
  await call(request, 'POST', `/api/clinic/rx/${visitId}/claim`, provider, {});
  expect((await review()).visit.assessment.intake.symptoms).toEqual(['dysuria', 'frequency']);
  await call(request, 'POST', `/api/clinic/rx/${visitId}/status`, provider, {
    status: 'ended',
    version: (await review()).visit.version,
  });
  await call(request, 'POST', `/api/clinic/rx/${visitId}/prescribe`, provider, {
    version: (await review()).visit.version,
    prescriptions: [
      {
        medication: 'Nitrofurantoin',
        strength: '100 mg',
        quantity: 10,
        refills: 0,
        directions: 'Twice a day for 5 days',
      },
    ],
  });

  // The pharmacy's dashboard: the visit, marked in-store, with the intake and the attribution.
  await rph
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: en('shell.nav.prescriptions') })
    .click();
  await rph.goto(`/#/prescriptions?visit=${visitId}`);
  const detail = rph.locator(`[data-testid="pharmacy-rx-detail"][data-visit-id="${visitId}"]`);
  await expect(detail).toBeVisible();
  await expect(detail.getByTestId('pharmacy-rx-instore')).toContainText(
    en('assessmentUi.visitTitle'),
  );
  const section = detail.getByTestId('pharmacy-rx-assessment');
  await expect(section.getByTestId('pharmacy-rx-attribution')).toHaveText(
    'In-store assessment by Sunrise Pharmacy',
  );
  await expect(section).toContainText(en('assessment.form.uti'));
  await expect(section).toContainText(
    `${en('assessment.symptom.dysuria')}, ${en('assessment.symptom.frequency')}`,
  );
  await expect(section).toContainText(en('assessment.dipstick.leukocytes'));
  await expect(section).toContainText('Sulfa drugs');
  await expect(section).toContainText('Burning for two days.');
});
