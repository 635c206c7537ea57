import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { visitShortRef } from '../packages/domain/src/backoffice/people.api';
import { type MessageKey, translate } from '../packages/domain/src/i18n/catalog';
import { futureExpiry } from './care-api';
import { expectAccessible, logIn, openContext, test } from './support';

/**
 * README, "Try a prescription (Rx) visit".
 *
 * An asynchronous prescription (Rx) visit end to end, in two browser contexts: a new
 * patient (phone-sized) opens the public catalogue logged out, picks LDN, registers inside the
 * flow and comes back to it, answers the evaluation down the branch that asks for a document,
 * pays with the test card and sees 'Pending medical review' in red; every other route sends
 * them to their visits until the ID photo and the document are uploaded. The prescriber
 * (desktop) claims the visit, asks for more information with an upload; the patient sees the
 * request live, is held on the visit list until they upload; the prescriber approves and
 * prescribes from the package, the patient's visit turns green without a reload, and the
 * prescriber downloads the prescription PDF. The visit list is then checked in Spanish.
 */

const fixtures = path.join(import.meta.dirname, 'fixtures');
const photoId = path.join(fixtures, 'photo-id.jpg');
const labResults = path.join(fixtures, 'lab-results.jpg');
const provider = { loginId: 'provider@apothecall.test', password: 'Apothecall-Demo-1' };

const en = (key: MessageKey, params?: Record<string, string | number>) =>
  translate('en', key, params);

/** Letters only (the name rule); unique per run. */
function uniqueLastName(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let n = Date.now();
  let out = '';
  for (let i = 0; i < 6; i++) {
    out += letters[n % 26];
    n = Math.floor(n / 26);
  }
  return `${out[0]?.toUpperCase()}${out.slice(1)}`;
}

/** The patient's visit card (one visit in this journey). */
const visitCard = (page: Page) => page.getByTestId('rx-visit').first();

/** Chooses a file in one of the visit's upload fields and sends it; the field then goes away. */
async function upload(page: Page, testId: string, label: string, file: string) {
  const field = visitCard(page).getByTestId(testId);
  await field.getByLabel(label).setInputFiles(file);
  await field.getByRole('button', { name: en('rxUi.upload.send'), exact: true }).click();
  await expect(field).toHaveCount(0);
}

test('a new patient gets LDN prescribed asynchronously: register in the flow, evaluation, payment, uploads, request for more, approval, prescription PDF', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const person = {
    firstName: 'Rhea',
    lastName: uniqueLastName(),
    email: `rx-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    password: 'Rx-Pass-2026',
    phone: `305-555-${String(Math.floor(Math.random() * 9000) + 1000)}`,
  };
  const fullName = `${person.firstName} ${person.lastName}`;
  const page = await openContext(browser, true, { acceptDownloads: true });

  // The public catalogue, logged out.
  await page.goto('/#/rx');
  await expect(
    page.getByRole('heading', { name: en('rxUi.catalog.title'), level: 1 }),
  ).toBeVisible();
  const ldn = page.locator('[data-product="ldn"]');
  await expect(ldn).toContainText('$59.00');
  await expectAccessible(page, 'the Rx catalogue, logged out (phone width)');
  await ldn.getByRole('link', { name: `Start ${en('rx.product.ldn.name')}` }).click();
  await expect(page.getByTestId('rx-signed-out')).toBeVisible();
  await page.getByRole('link', { name: en('rxUi.catalog.register') }).click();

  // Registering inside the flow comes back to it (after the consents to treat).
  await expect(page).toHaveURL(/#\/register\?to=/);
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Date of birth').fill('04-12-1980');
  await page.getByRole('radio', { name: 'Female', exact: true }).check();
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Phone').fill(person.phone);
  await page.getByLabel('Street address').fill('12 Ocean Dr');
  await page.getByLabel('State').selectOption('FL');
  await page.getByLabel('Zip code').fill('33139');
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Consent to treat and terms' })).toBeVisible();
  await page.getByLabel('I have read and accept the Consent to treat').check();
  await page.getByLabel('I have read and accept the Terms and conditions').check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();

  // The flow: who, where, the treatment's consent, the evaluation.
  const flowTitle = en('rxUi.flow.title', { product: en('rx.product.ldn.name') });
  await expect(page.getByRole('heading', { name: flowTitle, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/#\/rx\?itemId=ldn$/);
  const next = () => page.getByRole('button', { name: en('rxUi.flow.next') }).click();
  await expect(page.getByRole('heading', { name: en('rxUi.flow.patient') })).toBeVisible();
  await expect(page.getByRole('radio', { name: fullName })).toBeChecked();
  await expectAccessible(page, 'the Rx flow, patient (phone width)');
  await next();

  await expect(page.getByRole('heading', { name: en('rxUi.flow.state') })).toBeVisible();
  await page.getByLabel(en('rxScreens.state.label')).selectOption('FL');
  const confirm = page.getByRole('button', { name: en('rxScreens.state.confirm') });
  if (await confirm.isEnabled()) await confirm.click();
  await expect(page.getByTestId('rx-location')).toHaveText('I am in: Florida');
  await next();

  // The pharmacy the prescription goes to: the verified ones taking Florida's visits.
  await expect(page.getByRole('heading', { name: en('rxScreens.pharmacy.title') })).toBeVisible();
  await page.getByRole('radio', { name: /Sunrise Pharmacy/ }).check();
  await expectAccessible(page, 'the Rx flow, pharmacy (phone width)');
  await next();

  await expect(page.getByRole('heading', { name: en('rxUi.flow.consents') })).toBeVisible();
  await expect(page.getByRole('button', { name: en('rxUi.flow.consentPrint') })).toBeVisible();
  await expectAccessible(page, 'the Rx flow, consents (phone width)');
  await page
    .getByLabel(`I have read and accept ${en('medications.consent.ldn')}`, { exact: false })
    .check();
  await next();

  await expect(page.getByRole('heading', { name: en('rxScreens.questions.title') })).toBeVisible();
  const question = (id: string) => page.locator(`[data-question="${id}"]`);
  await question('conditions').getByLabel(en('rx.option.none')).check();
  await page.getByLabel(en('rx.q.medications')).fill('none');
  await page.getByLabel(en('rx.q.allergies')).fill('none');
  await page.getByLabel(en('rx.q.bloodPressure')).fill('118/76');
  await page.getByLabel(en('rx.q.weightLbs')).fill('150');
  await page.getByLabel(en('rx.q.heightIn')).fill('65');
  await question('ldnCondition').getByLabel(en('care.ldn.condition.fibromyalgia')).check();
  await question('ldnOpioids').getByLabel(en('rx.option.no')).check();
  await question('ldnDose').getByLabel(en('rx.option.ldnDose.start')).check();
  // The branch that asks for a document.
  await question('ldnRecords').getByLabel(en('rx.option.yes')).check();
  await expect(question('ldnRecords')).toContainText(en('rxScreens.questions.attachmentHint'));
  await expectAccessible(page, 'the Rx flow, evaluation (phone width)');
  await page.getByRole('button', { name: en('rxUi.flow.submit') }).click();

  // Payment with the test card.
  await expect(page.getByRole('heading', { name: en('rxUi.pay.title') })).toBeVisible();
  await expect(page.getByTestId('rx-price')).toHaveText('Amount due: $59.00');
  await page.getByRole('button', { name: 'Add card' }).click();
  await page.getByLabel('Name on card').fill(fullName);
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiration (MM/YY)').fill(futureExpiry());
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Billing zip code').fill('33139');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('radio', { name: /1111/ })).toBeChecked();
  await expectAccessible(page, 'the Rx flow, payment (phone width)');
  await page.getByRole('button', { name: 'Pay $59.00' }).click();

  // The visit list: pending medical review, in red; the ID and the document are asked for.
  await expect(page).toHaveURL(/#\/rxvisits$/);
  const card = visitCard(page);
  const status = card.getByTestId('rx-status');
  await expect(status).toHaveText(en('rxStatus.patient.waiting'));
  await expect(status).toHaveAttribute('data-status-colour', 'red');
  await expect(card).toContainText(en('rxUi.visits.for', { name: fullName }));
  const visitId = (await card.getAttribute('data-visit-id')) ?? '';
  expect(visitId).not.toBe('');
  await expect(card.getByTestId('rx-upload-id')).toBeVisible();
  await expect(card.getByTestId('rx-upload-attachment')).toBeVisible();
  await expectAccessible(page, 'the Rx visits with uploads pending (phone width)');

  // Until the uploads are done, any route comes back here with 'Action required'.
  await page.goto('/#/notes');
  await expect(page).toHaveURL(/#\/rxvisits$/);
  await expect(page.getByText(en('navigation.actionRequired'))).toBeVisible();

  await upload(page, 'rx-upload-id', en('rxUi.visits.uploadId'), photoId);
  await upload(page, 'rx-upload-attachment', en('rxUi.visits.uploadAttachment'), labResults);
  // What was sent stays said in place of each box; the visit is named by its short
  // reference; no toast shows its id or repeats its unchanged status after each upload.
  await expect(card.getByTestId('rx-id-received')).toContainText('ID received on ');
  await expect(card.getByTestId('rx-document-received')).toContainText('Document received on ');
  await expect(card).toContainText(en('rxScreens.visits.record', { ref: visitShortRef(visitId) }));
  await expect(page.getByText(visitId)).toHaveCount(0);
  const pendingToasts = page
    .locator('.mantine-Notification-root')
    .filter({ hasText: en('rxStatus.patient.waiting') });
  expect(await pendingToasts.count()).toBeLessThanOrEqual(1);
  await expectAccessible(page, 'the Rx visits with uploads received (phone width)');
  await page.goto('/#/notes');
  await expect(page.locator('[data-screen="notes"]')).toBeVisible();
  await page.goto('/#/rxvisits');

  // The prescriber: Home leads to the Rx reviews; claim; the files are there.
  const clinic = await openContext(browser, false, { acceptDownloads: true });
  await clinic.goto('/#/login');
  await logIn(clinic, provider.loginId, provider.password);
  await clinic.getByRole('link', { name: en('rxScreens.home.providerOpen') }).click();
  await expect(clinic.getByRole('heading', { name: en('rxClinic.queue.title') })).toBeVisible();
  const entry = clinic.locator(`[data-testid="rx-queue-entry"][data-visit-id="${visitId}"]`);
  await expect(entry).toBeVisible();
  await expectAccessible(clinic, 'the Rx review queue (desktop)');
  await entry.getByRole('button', { name: en('rxClinic.queue.claim') }).click();
  const review = clinic.getByTestId('clinic-rx-review');
  await expect(review).toHaveAttribute('data-status', 'started');
  await expect(
    clinic.getByRole('heading', {
      name: en('rxClinic.review.title', { product: en('rx.product.ldn.name') }),
    }),
  ).toBeVisible();
  await expect(
    review.locator('[data-testid="rx-review-file"][data-doc-type="id"] img'),
  ).toBeVisible();
  await expect(
    review.locator('[data-testid="rx-review-file"][data-doc-type="attachment"] img'),
  ).toBeVisible();
  await expect(review).toContainText(en('care.ldn.condition.fibromyalgia'));
  await expect(card.getByTestId('rx-status')).toHaveText(en('rxStatus.patient.started'));
  await expectAccessible(clinic, 'the Rx review (desktop)');

  // More information, with an upload: the patient sees it live and is held on the list.
  await clinic
    .getByLabel(en('rxClinic.review.requestText'))
    .fill('Please upload the letter from your rheumatologist.');
  await clinic.getByLabel(en('rxClinic.review.requestUpload')).check();
  await clinic.getByRole('button', { name: en('rxClinic.review.send') }).click();
  await expect(review).toHaveAttribute('data-status', 'exit');

  await expect(card.getByTestId('rx-status')).toHaveText(en('rxStatus.patient.exit'));
  await expect(card.getByTestId('rx-status')).toHaveAttribute('data-status-colour', 'yellow');
  await expect(card.getByTestId('rx-request')).toContainText(
    'Please upload the letter from your rheumatologist.',
  );
  await expect(card.getByTestId('rx-upload-attachment')).toBeVisible();
  await page.goto('/#/care');
  await expect(page).toHaveURL(/#\/rxvisits$/);
  await upload(page, 'rx-upload-attachment', en('rxUi.visits.uploadAttachment'), labResults);
  await expect(card.getByTestId('rx-status')).toHaveText(en('rxStatus.patient.started'));

  // The prescriber's review follows (no reload); approve and prescribe; the patient's list
  // turns green without a reload.
  await expect(review).toHaveAttribute('data-status', 'started');
  await clinic.getByRole('button', { name: en('rxClinic.review.approve') }).click();
  await expect(review).toHaveAttribute('data-status', 'ended');
  // LDN's package is a dose range (1 to 4.5 mg a day), not fixed lines: written by hand.
  await expect(clinic.getByLabel(en('rxScreens.clinic.preset'))).toHaveCount(0);
  await clinic.getByLabel(en('rxClinic.review.medication')).fill('Naltrexone');
  await clinic.getByLabel(en('rxClinic.review.strength')).fill('1.5 mg');
  await clinic.getByLabel(en('rxClinic.review.quantity')).fill('90');
  await clinic
    .getByLabel(en('rxClinic.review.directions'))
    .fill('Take 1.5 mg at bedtime; increase as advised.');
  await clinic.getByRole('button', { name: en('rxClinic.review.prescribe') }).click();
  await expect(review).toHaveAttribute('data-status', 'rxed');

  await expect(card.getByTestId('rx-status')).toHaveText(en('rxStatus.patient.rxed'), {
    timeout: 15_000,
  });
  await expect(card.getByTestId('rx-status')).toHaveAttribute('data-status-colour', 'green');
  await expect(card.getByRole('button', { name: en('rxUi.visits.prescription') })).toBeVisible();
  // It went to the pharmacy chosen in the flow, where it waits to be claimed.
  await expect(card.getByTestId('rx-visit-pharmacy')).toContainText('Pharmacy: Sunrise Pharmacy');
  await expect(card.getByTestId('rx-pharmacy-status')).toHaveText(en('rxStatus.patient.unclaimed'));

  const [download] = await Promise.all([
    clinic.waitForEvent('download'),
    clinic.getByRole('button', { name: en('rxClinic.review.download') }).click(),
  ]);
  const pdf = await readFile((await download.path()) ?? '');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // The LDN consent the patient accepted, as its record.
  const [consents] = await Promise.all([
    clinic.waitForEvent('download'),
    clinic.getByRole('button', { name: en('rxScreens.visits.consentsPdf') }).click(),
  ]);
  const record = await readFile((await consents.path()) ?? '');
  expect(record.subarray(0, 5).toString()).toBe('%PDF-');

  // In Spanish, the visit list reads from the catalogue and still passes axe.
  await page.getByText('ES', { exact: true }).click();
  await expect(card.getByTestId('rx-status')).toHaveText(translate('es', 'rxStatus.patient.rxed'));
  await expect(
    page.getByRole('heading', { name: translate('es', 'rxUi.visits.title') }),
  ).toBeVisible();
  await expectAccessible(page, 'the Rx visits in Spanish (phone width)');

  await page.context().close();
  await clinic.context().close();
});
