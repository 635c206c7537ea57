import { expect, type Page } from '@playwright/test';
import { appCalendar, clock, expectHome, test } from './support';

/**
 * Registration as a person does it (spec section 2 and the section 5 rules): an adult
 * registers, logs in and accepts the consents; a 17-year-old is refused with the age message;
 * the same flow in Spanish shows Spanish texts.
 */

interface Registrant {
  firstName: string;
  lastName: string;
  /** MM-DD-YYYY */
  dob: string;
  gender: { en: string; es: string };
  email: string;
  phone: string;
  address: string;
  state: string;
  zipCode: string;
  password: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The first of this month in the app's zone, `years` years ago (the birthday has passed: age is
 * `years` there, whatever the machine's UTC day).
 */
function dobForAge(years: number): string {
  const [y, m] = appCalendar().monthStart(0).split('-').map(Number);
  return `${pad(m ?? 1)}-01-${(y ?? 2000) - years}`;
}

function uniqueEmail(tag: string): string {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return `e2e-${tag}-${suffix}@example.test`;
}

function registrant(tag: string, overrides: Partial<Registrant> = {}): Registrant {
  return {
    firstName: 'Ana',
    lastName: 'Prueba',
    dob: dobForAge(34),
    gender: { en: 'Female', es: 'Femenino' },
    email: uniqueEmail(tag),
    phone: '3055550142',
    address: '100 Ocean Drive',
    state: 'FL',
    zipCode: '33139',
    password: 'Register-Test-7',
    ...overrides,
  };
}

const labels = {
  firstName: /^(First name|Nombre)$/,
  lastName: /^(Last name|Apellido)$/,
  dob: /^(Date of birth|Fecha de nacimiento)$/,
  email: /^(E-mail|Correo electrónico)$/,
  phone: /^(Phone|Teléfono)$/,
  address: /^(Street address|Dirección)$/,
  state: /^(State|Estado)$/,
  zipCode: /^(Zip code|Código postal)$/,
  password: /^(Password|Contraseña)$/,
  confirmPassword: /^(Confirm password|Confirme la contraseña)$/,
};

async function fillRegistration(page: Page, person: Registrant, lang: 'en' | 'es' = 'en') {
  await page.getByLabel(labels.firstName).fill(person.firstName);
  await page.getByLabel(labels.lastName).fill(person.lastName);
  await page.getByLabel(labels.dob).fill(person.dob);
  await page.getByRole('radio', { name: person.gender[lang], exact: true }).check();
  await page.getByLabel(labels.email).fill(person.email);
  await page.getByLabel(labels.phone).fill(person.phone);
  await page.getByLabel(labels.address).fill(person.address);
  await page.getByLabel(labels.state).selectOption(person.state);
  await page.getByLabel(labels.zipCode).fill(person.zipCode);
  await page.getByLabel(labels.password).fill(person.password);
  await page.getByLabel(labels.confirmPassword).fill(person.password);
}

/** Counts the register calls the page makes (client-side refusals must not call the server). */
function countRegisterCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/register') {
      calls += 1;
    }
  });
  return () => calls;
}

// Not a @clock test: a 34-year-old's age reads the same at every shifted
// instant, and nothing else on the journey reads a date; the age edges run at the clocks below.
test("a new adult registers, logs in, confirms 'I am in' FL and accepts the consents before care", async ({
  page,
}) => {
  const person = registrant('adult');
  await page.goto('/#/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/#\/register$/);
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();

  // Mismatched passwords are caught before anything is sent.
  await fillRegistration(page, person);
  await page.getByLabel(labels.confirmPassword).fill('Something-Else-8');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please make sure both passwords are the same.')).toBeVisible();
  await page.getByLabel(labels.confirmPassword).fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Logged in at once: no second typing of what was just chosen.
  await expectHome(page, `${person.firstName} ${person.lastName}`);
  await expect(page).toHaveURL(/#\/$/);

  // 'I am in' FL, on Home.
  const location = page.getByTestId('location-card');
  await location.getByLabel('State').selectOption('FL');
  await location.getByRole('button', { name: 'Confirm' }).click();
  await expect(location.getByRole('status')).toHaveText('Confirmed location: Florida');
  // The select says the same as the card, now and when Home is opened again.
  await expect(location.getByLabel('State')).toHaveValue('FL');
  await page.reload();
  await expect(location.getByRole('status')).toHaveText('Confirmed location: Florida');
  await expect(location.getByLabel('State')).toHaveValue('FL');

  // Care needs the current consents: Get Care goes to the consents and back.
  await page.goto('/#/care');
  await expect(page).toHaveURL(/#\/consents\?to=%2Fcare$/);
  await expect(page.getByRole('heading', { name: 'Consent to treat and terms' })).toBeVisible();
  const consent = page.getByLabel('I have read and accept the Consent to treat');
  const terms = page.getByLabel('I have read and accept the Terms and conditions');
  // Both boxes are needed.
  await consent.check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(page.getByText('Please check this box to continue.')).toBeVisible();
  await expect(page).toHaveURL(/#\/consents\?to=%2Fcare$/);
  await terms.check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(page).toHaveURL(/#\/care$/);
  await expect(page.locator('[data-screen="care"]')).toBeVisible();

  // Accepted: the screen now says so and offers to continue.
  await page.goto('/#/consents');
  await expect(
    page.getByText('You have already accepted the current consent to treat and terms.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expectHome(page, `${person.firstName} ${person.lastName}`);
});

test(
  'a 17-year-old is refused with the age message and nothing is sent',
  clock,
  async ({ page }) => {
    const registerCalls = countRegisterCalls(page);
    await page.goto('/#/register');
    await fillRegistration(page, registrant('minor', { dob: dobForAge(17) }));
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(
      page.getByText(
        'You must be 18 or older to register. Anyone under 18 must be added as a dependent of an adult.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/#\/register$/);
    expect(registerCalls()).toBe(0);
  },
);

test('the server refuses a 17-year-old too', clock, async ({ request }) => {
  const response = await request.post('/api/register', {
    headers: { 'x-app-params': 'lang=en' },
    data: {
      profile: {
        name: 'Teen Prueba',
        dob: dobForAge(17),
        gender: 'F',
        address: '100 Ocean Drive',
        state: 'FL',
        zipCode: '33139',
        phone: '3055550142',
        email: uniqueEmail('minor-api'),
      },
      credentials: { password: 'Register-Test-7' },
    },
  });
  expect(response.status()).toBe(400);
  const body = (await response.json()) as { errorMsg?: string };
  expect(body.errorMsg).toContain('You must be 18 or older to register.');
});

test('registration in Spanish shows Spanish texts all the way to Home', async ({ page }) => {
  const person = registrant('es', { firstName: 'Lucia', lastName: 'Gomez' });
  await page.goto('/#/register');
  await page.getByText('ES', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Crear una cuenta' })).toBeVisible();
  await expect(page.getByLabel('Fecha de nacimiento')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Femenino' })).toBeVisible();

  // Empty form: the required message, in Spanish.
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('Información requerida').first()).toBeVisible();

  await fillRegistration(page, person, 'es');
  await page.getByLabel(labels.state).selectOption({ label: 'Florida' });
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expectHome(page, `${person.firstName} ${person.lastName}`);
});

test('registering an e-mail that already has an account does not log in, and says to check the e-mail', async ({
  page,
}) => {
  // The same answer as a new registration (no one learns who is a patient), and no session.
  const person = registrant('existing', { email: 'patient@apothecall.test' });
  await page.goto('/#/register');
  await fillRegistration(page, person);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/#\/account-created$/);
  await expect(page.getByRole('heading', { name: 'Your account has been created' })).toBeVisible();
});
