import { expect, type Page, test } from '@playwright/test';
import { demoStaff, expectAccessible, logIn, useSpanish } from './support';

/**
 * axe-core on every screen the specs visit. A serious or critical violation fails the run. The
 * desktop project checks them in English, the phone project in Spanish (its
 * longer words at the narrow width): both languages and both widths, in half the time of every
 * pairing, which kept CI inside its budget as screens were added. Screens that need a
 * visit, a note or a receipt are checked where their journeys reach them (care-visit.spec.ts,
 * payments.spec.ts, in both languages at both widths).
 */
const publicScreens = [
  '/',
  '/login',
  '/register',
  '/account-created',
  '/terms',
  '/pharmacy',
  '/resetpw/not-a-real-token',
  '/update',
  '/meet',
  '/rx',
  '/test',
];
const patientScreens = [
  '/',
  '/care',
  '/consents',
  '/notes',
  '/docs',
  '/doc',
  '/notifications',
  '/payments',
  '/coupon',
  '/transactions',
  '/profile',
  '/add-dependent',
  '/rxvisits',
  '/rxvisitsUnpaid',
  '/rxrefill',
  '/uploadId',
  '/subscription',
  '/subscription-purchase',
  '/appointment',
];
const staffScreens: Record<keyof typeof demoStaff, string[]> = {
  provider: ['/', '/clinic', '/clinic/rx', '/appointment', '/profile'],
  pharmacist: [
    '/',
    '/prescriptions',
    '/assessment',
    '/inbox',
    '/crm',
    '/referred-transactions',
    '/profile',
  ],
  pharmacyAdmin: ['/', '/prescriptions', '/inbox', '/crm', '/links', '/pharmacists', '/analytics'],
  rxAdmin: ['/', '/rxadmin'],
  // The back office: every console screen that needs no record opened first, and the
  // main brand's page and offers; an account's, a provider's and a pharmacy's own page are
  // checked by their journeys (backoffice-*.spec.ts), in English at desktop.
  admin: [
    '/',
    '/admin/people',
    '/admin/providers',
    '/admin/pharmacies',
    '/admin/brands',
    '/admin/brands/apothecall',
    '/admin/brands/apothecall/offers',
    '/admin/money',
    '/admin/visits',
    '/admin/disclosures',
    '/admin/jobs',
  ],
  support: [
    '/',
    '/admin/people',
    '/admin/providers',
    '/admin/pharmacies',
    '/admin/brands',
    '/admin/brands/apothecall/offers',
    '/admin/visits',
    '/admin/disclosures',
  ],
};

/** Opens a screen and waits until it has drawn its main heading (or placeholder). */
async function open(page: Page, path: string) {
  await page.goto(`/#${path}`);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByRole('status', { name: /Loading|Cargando/ })).toHaveCount(0);
}

/** English at desktop width, Spanish at phone width (the project decides). */
function languageOf(): 'en' | 'es' {
  return test.info().project.name === 'phone' ? 'es' : 'en';
}

test.beforeEach(async ({ page }) => {
  if (languageOf() === 'es') await useSpanish(page);
});

/**
 * A walk through `screens` screens: each one's load and axe pass, not one test's 60 s for all of
 * them (the patient's 19 screens took 55 s on a busy CI machine and timed out). A safety limit,
 * not a speed check.
 */
function allowFor(screens: number) {
  test.setTimeout(30_000 + 10_000 * screens);
}

test('the public screens have no serious accessibility violation', async ({ page }) => {
  allowFor(publicScreens.length);
  for (const path of publicScreens) {
    await open(page, path);
    await expectAccessible(page, `${path} (${languageOf()})`);
  }
});

test("the patient's screens have no serious accessibility violation", async ({ page }) => {
  allowFor(patientScreens.length);
  await open(page, '/login');
  await logIn(page);
  await expect(page.locator('[data-screen="home"]')).toBeVisible();
  for (const path of patientScreens) {
    await open(page, path);
    await expectAccessible(page, `${path} as the patient (${languageOf()})`);
  }
});

for (const role of Object.keys(staffScreens) as (keyof typeof demoStaff)[]) {
  test(`the ${role}'s screens have no serious accessibility violation`, async ({ page }) => {
    allowFor(staffScreens[role].length);
    await open(page, '/login');
    await logIn(page, demoStaff[role].loginId);
    await expect(page.locator('[data-screen="home"]')).toBeVisible();
    for (const path of staffScreens[role]) {
      await open(page, path);
      await expectAccessible(page, `${path} as the ${role} (${languageOf()})`);
    }
  });
}
