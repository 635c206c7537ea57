import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { currentLegalVersions } from '../packages/domain/src/accounts/consents.rules';
import { type MessageKey, translate } from '../packages/domain/src/i18n/catalog';
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
 * README, "Try prepaid visits".
 *
 * Prepaid visits end to end. Sunrise's administrator buys a 5-visit program with a
 * low-balance limit of 4 by card, sets a 25-day wait after a denial and sends an access token by
 * SMS to a new patient. The patient opens the texted link, registers, and completes an Rx visit
 * at $0.00 without a card; the balance drops to 4 and the low-balance e-mail is in the outbox
 * once. The prescriber denies: the visit goes back to the program (5), the patient's card shows
 * the token denied, and a second token of the program is refused inside the interval. Another
 * patient's token is approved and the prescription reaches the pharmacy's dashboard.
 */

const en = (key: MessageKey, params?: Record<string, string | number>) =>
  translate('en', key, params);
const photoId = path.join(import.meta.dirname, 'fixtures', 'photo-id.jpg');

interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  /** Null once the message was sent (its body is purged). */
  text: string | null;
}
async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  return (await (await request.get('/api/dev/outbox')).json()).messages;
}

const acuteAnswers = {
  conditions: ['none'],
  medications: 'none',
  allergies: 'none',
  weightLbs: '160',
  heightIn: '66',
  acuteProblem: 'A rash on my forearm',
  acuteDuration: 'days',
};

/** A patient registered through the API, ready in FL with a photo ID: for the second visit. */
async function apiPatient(request: APIRequestContext) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `prepay-api-${stamp}@example.test`;
  const password = 'Prepay-Flow-42';
  await call(request, 'POST', '/api/register', null, {
    profile: {
      name: 'Omar Lindqvist',
      dob: '07-02-1985',
      gender: 'M',
      address: '300 Ocean Dr',
      state: 'FL',
      zipCode: '33139',
      phone: `305-558-${stamp.slice(-4)}`,
      email,
    },
    whiteLabelId: 'apothecall',
    credentials: { password },
  });
  const token = await tokenFor(request, email, password);
  const documents = Object.entries(currentLegalVersions).map(([id, version]) => ({ id, version }));
  await call(request, 'POST', '/api/consents', token, { documents });
  await call(request, 'PUT', '/api/consult/location', token, { state: 'FL' });
  const personId = (await call(request, 'GET', '/api/account/profile', token)).profile.personId;
  const upload = await request.post('/api/rx/id', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      patientID: personId,
      file: { name: 'photo-id.jpg', mimeType: 'image/jpeg', buffer: await readFile(photoId) },
    },
  });
  expect(upload.status()).toBe(200);
  return { token, personId };
}

async function newVisit(request: APIRequestContext, who: { token: string; personId: string }) {
  const { visit } = await call(request, 'POST', '/api/submit-rx-evaluation', who.token, {
    patientID: who.personId,
    productId: 'acute',
    answers: acuteAnswers,
    consents: [],
    state: 'FL',
    idempotencyKey: `e2e-prepay-${Date.now()}-${Math.random()}`,
    pharmacyId: 'sunrise-pharmacy',
  });
  return visit.id as string;
}

test('a pharmacy sells prepaid visits: a texted token pays a new patient’s visit at $0, a denial credits it back, another patient’s prescription reaches the dashboard', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const programName = `Sunrise five ${Date.now()}`;
  const provider = await tokenFor(request, demoStaff.provider.loginId, demoPassword);
  const adminToken = await tokenFor(request, demoStaff.pharmacyAdmin.loginId, demoPassword);

  // Sunrise's administrator buys 5 visits with a low-balance limit of 4, paying by card.
  const admin = await openContext(browser, false);
  await admin.goto('/#/login');
  await logIn(admin, demoStaff.pharmacyAdmin.loginId);
  await admin
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: en('navigation.nav.prepay') })
    .click();
  await expect(admin).toHaveURL(/#\/prepay-select$/);
  await admin.getByRole('link', { name: en('prepayUi.select.buy') }).click();
  await expect(
    admin.getByRole('heading', { name: en('prepayUi.purchase.title'), level: 1 }),
  ).toBeVisible();
  await admin.getByTestId('prepay-purchase-visits').fill('5');
  await admin.getByTestId('prepay-purchase-name').fill(programName);
  await admin.getByTestId('prepay-purchase-low-balance').fill('4');
  await expect(admin.getByTestId('prepay-total')).toHaveText('$150.00');
  const saved = admin.getByRole('radio', { name: /1111/ });
  if ((await saved.count()) === 0) {
    await admin.getByRole('button', { name: 'Add card' }).click();
    await admin.getByLabel('Name on card').fill('Tom Becker');
    await admin.getByLabel('Card number').fill('4111 1111 1111 1111');
    const now = new Date();
    await admin
      .getByLabel('Expiration (MM/YY)')
      .fill(`12/${String((now.getFullYear() + 3) % 100).padStart(2, '0')}`);
    await admin.getByLabel('CVV').fill('123');
    await admin.getByLabel('Billing zip code').fill('33132');
    await admin.getByRole('button', { name: 'Save card' }).click();
  }
  await expect(admin.getByRole('radio', { name: /1111/ }).first()).toBeChecked();
  await expectAccessible(admin, 'buying a prepay program');
  await admin.getByTestId('prepay-purchase-submit').click();
  await expect(admin).toHaveURL(/#\/prepay-edit\/[0-9a-f-]{36}$/);
  const programId = /prepay-edit\/([0-9a-f-]{36})/.exec(admin.url())?.[1] ?? '';
  const balance = async () =>
    (await call(request, 'GET', `/api/prepay-program/${programId}`, adminToken)).program
      .balance as number;
  expect(await balance()).toBe(5);

  // A 25-day wait after a denial (the spec's example), saved with the settings form.
  await admin.getByTestId('prepay-settings-reuse-days').fill('25');
  await admin.getByRole('button', { name: en('prepayUi.settings.save') }).click();
  await expect(admin.getByText(en('prepayUi.settings.saved'))).toBeVisible();
  await expect
    .poll(
      async () =>
        (await call(request, 'GET', `/api/prepay-program/${programId}`, adminToken)).program
          .reuseIntervalDays,
    )
    .toBe(25);

  // An access token sent by SMS to the new patient.
  const phone = `305-559-${String(Math.floor(Math.random() * 9000) + 1000)}`;
  const form = admin.getByTestId('prepay-token-new');
  await form.getByLabel(en('prepayUi.tokens.channel.sms')).check();
  await form.getByLabel(en('prepayUi.tokens.toPhone')).fill(phone);
  await expectAccessible(admin, 'a prepay program: settings, users and tokens');
  await admin.getByTestId('prepay-token-create').click();
  const row = admin.getByTestId('prepay-token').first();
  await expect(row.getByTestId('prepay-token-delivery')).toContainText('Sent by SMS');
  let link = '';
  await expect
    .poll(async () => {
      const sms = (await outbox(request)).find(
        (m) => m.channel === 'sms' && m.text?.includes(programName),
      );
      link = /https?:\/\/\S+#\/redeem\/[A-Z0-9]{12}/.exec(sms?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const code = link.slice(-12);
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{12}$/);
  await expect(row).toContainText(code);

  // The patient opens the link on their phone, registers and comes back to the treatments.
  const person = {
    email: `prepay-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    password: 'Prepay-Pass-2026',
  };
  const page = await openContext(browser, true);
  await page.goto(`/#/redeem/${code}`);
  await expect(
    page.getByRole('heading', { name: en('prepayRedeem.prepaid', { programName }) }),
  ).toBeVisible();
  await expectAccessible(page, 'the redeem link (phone width)');
  await page.getByRole('link', { name: en('prepayRedeem.register') }).click();
  await expect(page).toHaveURL(/#\/register\?to=/);
  await page.getByLabel('First name').fill('Nadia');
  await page.getByLabel('Last name').fill('Okonkwo');
  await page.getByLabel('Date of birth').fill('09-21-1988');
  await page.getByRole('radio', { name: 'Female', exact: true }).check();
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Street address').fill('14 Ocean Dr');
  await page.getByLabel('State').selectOption('FL');
  await page.getByLabel('Zip code').fill('33139');
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('I have read and accept the Consent to treat').check();
  await page.getByLabel('I have read and accept the Terms and conditions').check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();

  // The catalogue says who pays; the acute-care treatment is one it pays for.
  await expect(page.getByTestId('rx-prepay-banner')).toContainText(
    en('prepayRedeem.banner', { programName }),
  );
  const acute = page.locator('[data-product="acute"]');
  await acute.getByRole('link', { name: `Start ${en('rx.product.acute.name')}` }).click();
  const next = () => page.getByRole('button', { name: en('rxUi.flow.next') }).click();
  await expect(page.getByRole('heading', { name: en('rxUi.flow.patient') })).toBeVisible();
  await next();
  await page.getByLabel(en('rxScreens.state.label')).selectOption('FL');
  const confirm = page.getByRole('button', { name: en('rxScreens.state.confirm') });
  if (await confirm.isEnabled()) await confirm.click();
  await expect(page.getByTestId('rx-location')).toHaveText('I am in: Florida');
  await next();
  // Only the program's pharmacy is offered: not even 'No pharmacy'.
  await expect(page.getByRole('heading', { name: en('rxScreens.pharmacy.title') })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Sunrise Pharmacy/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: en('rxScreens.pharmacy.none') })).toHaveCount(0);
  await page.getByRole('radio', { name: /Sunrise Pharmacy/ }).check();
  await next();
  await expect(page.getByRole('heading', { name: en('rxScreens.questions.title') })).toBeVisible();
  /** The acute-care evaluation, answered and sent. */
  const answerAcute = async (problem: string) => {
    const question = (id: string) => page.locator(`[data-question="${id}"]`);
    await question('conditions').getByLabel(en('rx.option.none')).check();
    await page.getByLabel(en('rx.q.medications')).fill('none');
    await page.getByLabel(en('rx.q.allergies')).fill('none');
    await page.getByLabel(en('rx.q.weightLbs')).fill('140');
    await page.getByLabel(en('rx.q.heightIn')).fill('64');
    await page.getByLabel(en('rx.q.acuteProblem')).fill(problem);
    await question('acuteDuration').getByLabel(en('rx.option.duration.days')).check();
    await page.getByRole('button', { name: en('rxUi.flow.submit') }).click();
  };
  await answerAcute('An itchy rash on my forearm');

  // Checkout: the token is applied, the visit costs $0.00 and needs no card.
  await expect(page.getByRole('heading', { name: en('rxUi.pay.title') })).toBeVisible();
  const prepay = page.getByTestId('rx-prepay');
  await expect(prepay.getByTestId('rx-prepay-applied')).toContainText(
    en('prepayRedeem.pay.prepaid', { programName }),
  );
  await expect(prepay).toContainText(en('prepayRedeem.pay.noCard'));
  await expect(page.getByTestId('rx-price')).toHaveAttribute('data-price-type', 'prepay');
  await expect(page.getByTestId('rx-price')).toContainText('$0.00');
  await expectAccessible(page, 'a prepaid checkout (phone width)');
  await page.getByRole('button', { name: en('prepayRedeem.pay.confirm') }).click();
  const card = page.getByTestId('rx-visit').first();
  await expect(card.getByTestId('rx-status')).toHaveText(en('rxStatus.patient.waiting'));
  await expect(card).toContainText(en('prepayRedeem.visit.prepaid', { programName }));
  await expect(card).toContainText(
    en('prepayRedeem.visit.tokenState', { token: code, state: en('prepay.token.state.claimed') }),
  );
  expect(await balance()).toBe(4);
  const lowBalance = async () =>
    (await outbox(request)).filter(
      (m) => m.channel === 'email' && m.subject === `Low balance: ${programName}`,
    ).length;
  await expect.poll(lowBalance, { timeout: 15_000 }).toBe(1);

  // The prescriber denies: the visit is credited back and the token shows denied.
  const patientToken = await tokenFor(request, person.email, person.password);
  const visitId = (await call(request, 'GET', '/api/rx/visits', patientToken)).visits[0]
    .id as string;
  await call(request, 'POST', `/api/clinic/rx/${visitId}/claim`, provider);
  const version = async (id: string) =>
    (await call(request, 'GET', `/api/clinic/rx/${id}`, provider)).review.visit.version;
  await call(request, 'POST', `/api/clinic/rx/${visitId}/status`, provider, {
    status: 'refund',
    version: await version(visitId),
  });
  expect(await balance()).toBe(5);
  // Live: the visit's push makes the patient's list read it again.
  await expect(card).toContainText(
    en('prepayRedeem.visit.tokenState', { token: code, state: en('prepay.token.state.denied') }),
  );
  await expect(card).toContainText(en('prepayRedeem.visit.creditedBack'));
  await expect(card.getByTestId('rx-status')).toHaveText(en('rxStatus.patient.refund'));

  // A second token of the program is refused inside the 25 days, at the same checkout.
  const second = (await call(request, 'POST', '/api/prepay-nonce/add', adminToken, { programId }))
    .token.code as string;
  await page.goto(`/#/redeem/${second}`);
  await page.getByRole('link', { name: en('prepayRedeem.start') }).click();
  await page
    .locator('[data-product="acute"]')
    .getByRole('link', { name: `Start ${en('rx.product.acute.name')}` })
    .click();
  await next();
  await page.getByLabel(en('rxScreens.state.label')).selectOption('FL');
  if (await confirm.isEnabled()) await confirm.click();
  await next();
  await page.getByRole('radio', { name: /Sunrise Pharmacy/ }).check();
  await next();
  await expect(page.getByRole('heading', { name: en('rxScreens.questions.title') })).toBeVisible();
  await answerAcute('The rash came back');
  await expect(page.getByRole('heading', { name: en('rxUi.pay.title') })).toBeVisible();
  await expect(page.getByTestId('rx-prepay')).toContainText(
    /This access token can be used again after/,
  );
  await expect(page.getByRole('button', { name: en('prepayRedeem.pay.confirm') })).toHaveCount(0);
  expect(await balance()).toBe(5);

  // Another patient's token is approved: the prescription reaches Sunrise's dashboard.
  const other = await apiPatient(request);
  const otherVisit = await newVisit(request, other);
  const third = (await call(request, 'POST', '/api/prepay-nonce/add', adminToken, { programId }))
    .token.code as string;
  await call(request, 'POST', '/api/submit-rx-payment', other.token, {
    visitId: otherVisit,
    priceToken: '',
    payProfileID: null,
    idempotencyKey: `e2e-prepay-pay-${Date.now()}`,
    prepayCode: third,
  });
  await call(request, 'POST', `/api/clinic/rx/${otherVisit}/claim`, provider);
  await call(request, 'POST', `/api/clinic/rx/${otherVisit}/status`, provider, {
    status: 'ended',
    version: await version(otherVisit),
  });
  await call(request, 'POST', `/api/clinic/rx/${otherVisit}/prescribe`, provider, {
    version: await version(otherVisit),
    prescriptions: [
      {
        medication: 'Mupirocin',
        strength: '2 %',
        quantity: 1,
        refills: 0,
        directions: 'Apply twice a day for 5 days',
      },
    ],
  });
  expect(await balance()).toBe(4);
  const pharmacist = await openContext(browser, false);
  await pharmacist.goto('/#/login');
  await logIn(pharmacist, demoStaff.pharmacist.loginId);
  await pharmacist
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Prescriptions' })
    .click();
  await pharmacist.getByTestId('pharmacy-search').fill(otherVisit.slice(0, 8));
  await pharmacist.getByTestId('pharmacy-search-submit').click();
  await expect(pharmacist.locator(`[data-visit-id="${otherVisit}"]`)).toBeVisible();

  // The holder's transactions tell the story: purchase, visit, credit back, visit.
  await admin.goto(`/#/prepay-transactions/${programId}`);
  const kinds = admin.getByTestId('prepay-transaction-kind');
  await expect(kinds).toHaveText([
    en('prepayUi.entry.visit'),
    en('prepayUi.entry.creditBack'),
    en('prepayUi.entry.visit'),
    en('prepayUi.entry.purchase'),
  ]);
  await expectAccessible(admin, 'a prepay program’s transactions');
});
