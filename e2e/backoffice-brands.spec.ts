import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  appCalendar,
  call,
  demoPassword,
  demoStaff,
  expectAccessible,
  expectHome,
  logIn,
  openContext,
  test,
  tokenFor,
  useSpanish,
} from './support';

/**
 * The back office's brands area end to end: the operator (the demo admin) creates
 * the brand Harbor Health under the company key `harbor` on the new host harbor.localhost
 * (Chromium resolves *.localhost to this machine) with a distinctive purple, is told a too-light
 * colour does not read, uploads its logo (a brand without one shows the main brand) and saves a
 * change after confirming it. Then a patient opens harbor.localhost, registers there and is
 * Harbor's, on Harbor's colour: at once, with no restart. Support reads the brand on a phone, in
 * Spanish, with nothing to save.
 */

const purple = '#5c2d91';

/** The same server under another host name. */
function hostURL(baseURL: string | undefined, host: string, path = '/'): string {
  const url = new URL(baseURL ?? 'http://localhost:3100');
  url.hostname = host;
  return new URL(path, url).toString();
}

/** The colour the theme fills primary buttons with (brand-theme.ts). */
const primaryFill = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement)
      .getPropertyValue('--mantine-primary-color-filled')
      .trim()
      .toLowerCase(),
  );

test('the operator creates a brand on a new host name and a patient registers on it with its colours', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const operator = await openContext(browser, false);
  await operator.goto('/#/login');
  await logIn(operator, demoStaff.admin.loginId, demoPassword);
  await expect(operator.locator('[data-screen="home"]')).toBeVisible();
  await operator.getByTestId('backoffice-home-brands').click();
  await expect(operator.getByRole('heading', { name: 'Brands', level: 1 })).toBeVisible();
  await expect(operator.getByTestId('admin-brand-row-partner')).toContainText('partner.localhost');
  await expectAccessible(operator, 'the back office brands list');

  await operator.getByTestId('admin-brands-new').click();
  await expect(operator).toHaveURL(/#\/admin\/brands\/new$/);
  await operator.getByRole('textbox', { name: 'Name', exact: true }).fill('Harbor Health');
  await operator.getByRole('textbox', { name: 'Company key' }).fill('harbor');
  await operator.getByLabel('Host names, one per line').fill('harbor.localhost');
  // A light yellow does not read on white: the screen says so by the domain's rule.
  const primary = operator.getByLabel('Primary colour');
  await primary.fill('#ffd43b');
  await expect(operator.getByTestId('brand-colorPrimary-verdict')).toContainText(
    'Too light to read',
  );
  await primary.fill(purple);
  await expect(operator.getByTestId('brand-colorPrimary-verdict')).toContainText('Reads well');
  await operator
    .getByTestId('brand-available-states')
    .getByRole('checkbox', { name: 'FL · Florida' })
    .check();
  await operator
    .getByTestId('brand-async-states')
    .getByRole('checkbox', { name: 'FL · Florida' })
    .check();
  await expectAccessible(operator, 'the new brand form');
  await operator.getByRole('button', { name: 'Create brand' }).click();
  await expect(operator).toHaveURL(/#\/admin\/brands\/harbor$/);
  await expect(operator.getByRole('heading', { name: 'Harbor Health', level: 1 })).toBeVisible();

  // Its logo: an image the server stores as PNG at an address of its own.
  const logo = await sharp({
    create: { width: 240, height: 80, channels: 3, background: purple },
  })
    .png()
    .toBuffer();
  await operator
    .locator('input[type="file"]')
    .setInputFiles({ name: 'harbor.png', mimeType: 'image/png', buffer: logo });
  await operator.getByTestId('brand-logo-upload').click();
  await expect(operator.getByTestId('admin-brand-logo')).toHaveAttribute(
    'src',
    /^\/brand-logos\/[0-9a-f]{32}\.png$/,
  );

  // A change is confirmed with what it changes before it is saved.
  await operator.getByLabel('Aliases, one per line').fill('harbor-health');
  await operator.getByRole('button', { name: 'Save changes' }).click();
  const dialog = operator.getByRole('dialog', { name: 'Save these changes?' });
  await expect(dialog.getByTestId('brand-changes')).toContainText('Aliases, one per line');
  await expect(dialog.getByTestId('brand-changes')).toContainText('harbor-health');
  await expectAccessible(operator, 'the brand save confirmation');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(operator.getByText('Saved: Aliases, one per line.')).toBeVisible();

  // A patient on the new host name registers there, in the brand's colours.
  const patient = await openContext(browser, false);
  await patient.goto(hostURL(baseURL, 'harbor.localhost', '/#/register'));
  await expect(patient.locator('header').getByTestId('brand-logo')).toHaveAttribute(
    'src',
    /^\/brand-logos\/[0-9a-f]{32}\.png$/,
  );
  await expect.poll(() => primaryFill(patient)).toBe(purple);
  const email = `e2e-harbor-${Date.now().toString(36)}@example.test`;
  const [y, m] = appCalendar().monthStart(0).split('-').map(Number);
  await patient.getByLabel('First name', { exact: true }).fill('Marina');
  await patient.getByLabel('Last name', { exact: true }).fill('Harbor');
  await patient
    .getByLabel('Date of birth', { exact: true })
    .fill(`${String(m ?? 1).padStart(2, '0')}-01-${(y ?? 2000) - 40}`);
  await patient.getByRole('radio', { name: 'Female', exact: true }).check();
  await patient.getByLabel('E-mail', { exact: true }).fill(email);
  await patient.getByLabel('Phone', { exact: true }).fill('3055550142');
  await patient.getByLabel('Street address', { exact: true }).fill('1 Harbor Way');
  await patient.getByLabel('State', { exact: true }).selectOption('FL');
  await patient.getByLabel('Zip code', { exact: true }).fill('33139');
  await patient.getByLabel('Password', { exact: true }).fill('Register-Test-7');
  await patient.getByLabel('Confirm password', { exact: true }).fill('Register-Test-7');
  const createAccount = patient.getByRole('button', { name: 'Create account' });
  // The primary button is filled with the brand's purple.
  await expect(createAccount).toHaveCSS('background-color', 'rgb(92, 45, 145)');
  await createAccount.click();
  await expectHome(patient, 'Marina Harbor');
  await expect.poll(() => primaryFill(patient)).toBe(purple);

  // The account is Harbor's.
  const token = await tokenFor(request, email, 'Register-Test-7');
  const { profile } = await call(request, 'GET', '/api/account/profile', token);
  expect(profile.brandId).toBe('harbor');

  // Support reads the brand, on a phone, in Spanish: the same page with nothing to save.
  const support = await openContext(browser, true);
  await useSpanish(support);
  await support.goto('/#/login');
  await logIn(support, 'support@apothecall.test', demoPassword);
  await expect(support.locator('[data-screen="home"]')).toBeVisible();
  await support.goto('/#/admin/brands/harbor');
  await expect(support.getByRole('heading', { name: 'Harbor Health', level: 1 })).toBeVisible();
  await expect(
    support.getByText('Puede consultar las marcas; solo un administrador las cambia.'),
  ).toBeVisible();
  await expect(support.getByRole('textbox', { name: 'Nombre', exact: true })).toBeDisabled();
  await expect(support.getByRole('button', { name: 'Guardar cambios' })).toHaveCount(0);
  await expect(support.getByTestId('brand-logo-upload')).toHaveCount(0);
  await expectAccessible(support, 'a brand as support reads it, on a phone, in Spanish');
});
