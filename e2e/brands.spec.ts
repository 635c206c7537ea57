import { expect, type Page, test } from '@playwright/test';
import { useSpanish } from './support';

/** The same server under another host name (Chromium resolves *.localhost to loopback). */
function hostURL(baseURL: string | undefined, host: string, path = '/'): string {
  const url = new URL(baseURL ?? 'http://localhost:3100');
  url.hostname = host;
  return new URL(path, url).toString();
}

async function expectBrand(page: Page, logo: string, primary: string) {
  await expect(page.locator('header').getByTestId('brand-logo')).toHaveAttribute('src', logo);
  await expect
    .poll(() =>
      page.evaluate(() =>
        getComputedStyle(document.documentElement)
          .getPropertyValue('--mantine-primary-color-filled')
          .trim()
          .toLowerCase(),
      ),
    )
    .toBe(primary);
}

test('the partner host shows the partner brand', async ({ page, baseURL }) => {
  await page.goto(hostURL(baseURL, 'partner.localhost'));
  await expectBrand(page, '/brand/partner.svg', '#7048e8');
  await expect(page.locator('header')).toContainText('Partner Health');
});

test('?company=partner loads the partner brand on the main host', async ({ page, baseURL }) => {
  await page.goto(hostURL(baseURL, 'localhost', '/?company=partner#/login'));
  await expectBrand(page, '/brand/partner.svg', '#7048e8');
  // The primary colour fills the login button.
  await expect(page.getByRole('button', { name: 'Log in' })).toHaveCSS(
    'background-color',
    'rgb(112, 72, 232)',
  );
  // No stray product name under the partner's login card (the footer attributes it).
  await expect(page.locator('[data-screen="login"]').getByText('Apothecall')).toHaveCount(0);
  await expect(page.locator('[data-screen="login"]').getByRole('img').first()).toHaveAttribute(
    'alt',
    'Partner Health',
  );
  // The company is remembered for the tab's session.
  await page.goto(hostURL(baseURL, 'localhost', '/#/login'));
  await expectBrand(page, '/brand/partner.svg', '#7048e8');
});

test('the first host label picks the wellness brand', async ({ page, baseURL }) => {
  await page.goto(hostURL(baseURL, 'wellness.localhost'));
  // The brand's #2f9e44 is 3.4:1 on white; the theme paints the same green darkened to AA.
  await expectBrand(page, '/brand/wellness.svg', '#257d36');
});

test('/pharmacy?company= loads that brand and goes to the root', async ({ page, baseURL }) => {
  await page.goto(hostURL(baseURL, 'localhost', '/#/pharmacy?company=partner'));
  await expect(page).toHaveURL(/#\/$/);
  await expectBrand(page, '/brand/partner.svg', '#7048e8');
});

test('the attribution link asks before leaving the site', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Powered by Apothecall' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leaving this site' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test("each brand installs under its own name, in the page's language", async ({
  page,
  baseURL,
}) => {
  const manifestOf = async () => {
    const href = await page
      .locator('link[rel="manifest"]')
      .evaluate((link: HTMLLinkElement) => link.href);
    // Fetched by the page, as the browser does (Node does not resolve *.localhost).
    const { type, manifest } = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { type: res.headers.get('content-type') ?? '', manifest: await res.json() };
    }, href);
    expect(type).toContain('application/manifest+json');
    return { href, manifest };
  };
  await useSpanish(page);
  await page.goto(hostURL(baseURL, 'localhost', '/?company=partner#/login'));
  await expectBrand(page, '/brand/partner.svg', '#7048e8');
  await expect.poll(async () => (await manifestOf()).href).toContain('company=partner');
  expect((await manifestOf()).manifest).toMatchObject({
    name: 'Partner Health',
    lang: 'es',
    start_url: '/?company=partner',
  });
  await page.goto(hostURL(baseURL, 'wellness.localhost', '/#/login'));
  await expectBrand(page, '/brand/wellness.svg', '#257d36');
  expect((await manifestOf()).manifest).toMatchObject({
    id: '/',
    name: 'Wellness Now',
    lang: 'es',
  });
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});
