import { type APIRequestContext, expect } from '@playwright/test';
import { type MessageKey, translate } from '../packages/domain/src/i18n/catalog';
import { prescribedRxVisit } from './rx-api';
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
 * README, "Try announcements, forms and codes".
 *
 * Announcements, form signing and external visit codes (desktop only), in three
 * browser contexts. The rx administrator posts an announcement on /rxadmin that the Sunrise
 * pharmacist then sees on Home. A new patient's Rx visit to Sunrise is set up through the API
 * (prescribed, and claimed with Submit Payment: the browser adds nothing there, rx-pharmacy.spec
 * walks it). The pharmacist asks the patient to sign a pick-up authorization naming a designee
 * and gives the visit the pharmacy's own code; the patient reads and signs it on their Rx visit;
 * the pharmacist sees it signed and finds the visit by its code from the dashboard.
 */

const en = (key: MessageKey, params?: Record<string, string | number>) =>
  translate('en', key, params);

/** A new FL patient's acute Rx visit to Sunrise, prescribed and claimed by its pharmacist. */
async function claimedVisit(request: APIRequestContext) {
  const { visitId, patient } = await prescribedRxVisit(request, 'forms');
  // Sunrise's pharmacist claims it (Submit Payment): forms and codes wait for the claim.
  const pharmacist = await tokenFor(request, demoStaff.pharmacist.loginId, demoPassword);
  const detail = await call(request, 'GET', `/api/pharmacy/rx/${visitId}`, pharmacist);
  await call(request, 'POST', `/api/pharmacy/rx/${visitId}/claim`, pharmacist, {
    version: detail.visit.version,
  });
  return { visitId, patient };
}

test('the rx admin’s announcement reaches the pharmacist’s Home; a form the pharmacist asks for is signed by the patient; the visit is found by its external code', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now() % 1_000_000;
  const title = `Claim fees change ${stamp}`;

  // The rx administrator posts an announcement to the company's pharmacies.
  const admin = await openContext(browser, false);
  await admin.goto('/#/login');
  await logIn(admin, demoStaff.rxAdmin.loginId);
  await admin
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: en('shell.nav.rxAdmin') })
    .click();
  const section = admin.getByTestId('announcements-admin');
  await expect(
    section.getByRole('heading', { name: en('announcementsUi.section.title') }),
  ).toBeVisible();
  await admin.getByTestId('announcement-title').fill(title);
  await admin.getByTestId('announcement-body').fill('From December 1 the claim fee is $6.00.');
  await admin.getByTestId('announcement-submit').click();
  await expect(admin.getByText(en('announcementsUi.form.posted'))).toBeVisible();
  const posted = section.getByTestId('managed-announcement').filter({ hasText: title });
  await expect(posted).toHaveAttribute('data-status', 'current');
  await expect(posted.getByTestId('managed-announcement-status')).toContainText(
    en('announcementsUi.status.current'),
  );
  await expectAccessible(admin, '/rxadmin with its announcements');

  // The visit the pharmacy works, set up through the API.
  const { visitId, patient } = await claimedVisit(request);

  // The pharmacist sees the announcement at the top of Home.
  const rph = await openContext(browser, false);
  await rph.goto('/#/login');
  await logIn(rph, demoStaff.pharmacist.loginId);
  const card = rph.getByTestId('pharmacy-announcements');
  await expect(card.getByRole('heading', { name: en('announcementsUi.home.title') })).toBeVisible();
  const shown = card.getByTestId('pharmacy-announcement').filter({ hasText: title });
  await expect(shown).toContainText('From December 1 the claim fee is $6.00.');
  await expectAccessible(rph, 'the pharmacist’s Home with an announcement');

  // On the visit: the pharmacy's own code, and a pick-up authorization to sign.
  await rph.goto(`/#/prescriptions?visit=${visitId}`);
  const detail = rph.locator(`[data-testid="pharmacy-rx-detail"][data-visit-id="${visitId}"]`);
  await expect(detail).toBeVisible();
  const code = `RX-${stamp}`;
  await detail.getByTestId('pharmacy-rx-code-input').fill(code);
  await detail.getByTestId('pharmacy-rx-code-save').click();
  await expect(detail.getByTestId('pharmacy-rx-code-current')).toHaveText(
    en('rxCodesUi.section.current', { code }),
  );
  const forms = detail.getByTestId('pharmacy-rx-forms');
  await forms
    .getByTestId('pharmacy-rx-form-choice')
    .selectOption({ label: en('rxForms.form.pickupAuthorization.2026-11-01.title') });
  await forms.getByTestId('pharmacy-rx-form-designee').fill('Ana López');
  await forms.getByTestId('pharmacy-rx-form-submit').click();
  const requested = forms.locator(
    '[data-testid="pharmacy-rx-form"][data-form-id="pickupAuthorization"]',
  );
  await expect(requested).toHaveAttribute('data-status', 'requested');
  await expect(requested).toContainText(en('rxFormsUi.designee', { name: 'Ana López' }));
  await expectAccessible(rph, 'the visit with its code and forms');

  // The patient reads the authorization on their Rx visit and signs it.
  const pt = await openContext(browser, false);
  await pt.goto('/#/login');
  await logIn(pt, patient.email, patient.password);
  await pt.goto('/#/rxvisits');
  const visitCard = pt.locator(`[data-testid="rx-visit"][data-visit-id="${visitId}"]`);
  const toSign = visitCard.locator('[data-testid="rx-form"][data-form-id="pickupAuthorization"]');
  await expect(toSign).toHaveAttribute('data-status', 'requested');
  await expect(toSign).toContainText(
    en('rxFormsUi.patient.from', { pharmacy: 'Sunrise Pharmacy' }),
  );
  await toSign.getByTestId('rx-form-open').click();
  const dialog = pt.getByRole('dialog', {
    name: en('rxForms.form.pickupAuthorization.2026-11-01.title'),
  });
  await expect(dialog.getByTestId('rx-form-text')).toContainText(
    'I authorize Ana López to pick up from Sunrise Pharmacy the medication prescribed to Iris Calder',
  );
  await expectAccessible(pt, 'the form to sign');
  // The box unticked: refused with the reason, nothing signed.
  await dialog.getByTestId('rx-form-full-name').fill('Iris Calder');
  await dialog.getByTestId('rx-form-sign').click();
  await expect(dialog).toContainText(en('rxForms.field.agreed'));
  await dialog.getByTestId('rx-form-agree').check();
  await dialog.getByTestId('rx-form-sign').click();
  await expect(pt.getByText(en('rxFormsUi.patient.signed'))).toBeVisible();
  await expect(toSign).toHaveAttribute('data-status', 'signed');
  await expect(toSign.getByTestId('rx-form-status')).toContainText(en('rxFormsUi.status.signed'));

  // The pharmacist sees it signed, with the signer's name.
  await rph.reload();
  const signed = rph.locator(
    '[data-testid="pharmacy-rx-form"][data-form-id="pickupAuthorization"]',
  );
  await expect(signed).toHaveAttribute('data-status', 'signed');
  await expect(signed.getByTestId('pharmacy-rx-form-signed')).toContainText('Iris Calder');
  await expect(signed.getByTestId('pharmacy-rx-form-pdf')).toBeVisible();

  // Back on the dashboard, the visit is found by the pharmacy's own code (case ignored).
  await rph.getByRole('button', { name: en('pharmacyScreens.detail.back') }).click();
  await rph.getByTestId('pharmacy-find-code').fill(code.toLowerCase());
  await rph.getByTestId('pharmacy-find-code-submit').click();
  await expect(
    rph.locator(`[data-testid="pharmacy-rx-detail"][data-visit-id="${visitId}"]`),
  ).toBeVisible();
  await expect(rph.getByTestId('pharmacy-rx-code-current')).toHaveText(
    en('rxCodesUi.section.current', { code }),
  );
  // A code no visit has: the server's sentence, under the field.
  await rph.getByRole('button', { name: en('pharmacyScreens.detail.back') }).click();
  await rph.getByTestId('pharmacy-find-code').fill('NO-SUCH-1');
  await rph.getByTestId('pharmacy-find-code-submit').click();
  await expect(rph.getByText(en('rxCodes.notFound', { code: 'NO-SUCH-1' }))).toBeVisible();
});
