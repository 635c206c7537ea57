import { expect, test } from '@playwright/test';
import { demoPatient, demoStaff, expectHome, logIn } from './support';

/** The entries of the main navigation, in order. */
async function navEntries(page: import('@playwright/test').Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  return nav.getByRole('link').allInnerTexts();
}

test("a patient's Home offers care first, their notes, and the patient's navigation", async ({
  page,
}) => {
  await page.goto('/#/login');
  await logIn(page);
  await expectHome(page, demoPatient.name);
  await expect(page.getByRole('link', { name: 'Get care now' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent notes' })).toBeVisible();
  expect(await navEntries(page)).toEqual([
    'Home',
    'Get Care',
    'Rx visits',
    'Appointments',
    'Notes',
    'Documents',
    'Payments',
    'Profile',
  ]);
  // The navigation marks where the person is.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notes' }).click();
  await expect(page.locator('[data-screen="notes"]')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notes' }),
  ).toHaveAttribute('aria-current', 'page');
});

test("a provider's Home has the duty switch and the queue, and the clinic in the navigation", async ({
  page,
}) => {
  await page.goto('/#/login');
  await logIn(page, demoStaff.provider.loginId);
  await expectHome(page, demoStaff.provider.name);
  await expect(page.getByTestId('duty-switch')).toBeVisible();
  await expect(page.getByTestId('home-queue-count')).toContainText('waiting');
  expect(await navEntries(page)).toEqual([
    'Home',
    'Clinic',
    'Rx reviews',
    'Appointments',
    'Profile',
  ]);
  await expect(page.getByRole('link', { name: 'Get care now' })).toHaveCount(0);
  await expect(page.getByText('I am in')).toHaveCount(0);
});

for (const role of ['pharmacist', 'pharmacyAdmin'] as const) {
  test(`the ${role}'s Home shows the pharmacy's referred visits, not patient care`, async ({
    page,
  }) => {
    await page.goto('/#/login');
    await logIn(page, demoStaff[role].loginId);
    await expectHome(page, demoStaff[role].name);
    await expect(page.getByTestId('referred-count')).toBeVisible();
    // The admin alone manages the pharmacists and the prepay programs (issue 16).
    expect(await navEntries(page)).toEqual(
      role === 'pharmacyAdmin'
        ? [
            'Home',
            'Prescriptions',
            'Assessment',
            'Inbox',
            'CRM',
            'Analytics',
            'Links',
            'Pharmacists',
            'Prepay',
            'Referred',
            'Profile',
          ]
        : ['Home', 'Prescriptions', 'Assessment', 'Inbox', 'CRM', 'Links', 'Referred', 'Profile'],
    );
    await expect(page.getByRole('link', { name: 'Get care now' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add a dependent' })).toHaveCount(0);
  });
}

test("the rx admin's and the admin's Homes are their own, in Spanish too", async ({ page }) => {
  await page.goto('/#/login');
  await logIn(page, demoStaff.rxAdmin.loginId);
  await expectHome(page, demoStaff.rxAdmin.name);
  expect(await navEntries(page)).toEqual(['Home', 'Rx admin', 'Referred', 'Profile']);
  await expect(page.getByRole('link', { name: 'Get care now' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Log out' }).click();
  // The logout ends on the landing screen; only then to the login (a goto racing the logout's
  // own navigation could land on the landing screen instead).
  await expect(page.getByRole('heading', { name: /Care from a licensed provider/ })).toBeVisible();
  await page.goto('/#/login');
  await logIn(page, demoStaff.admin.loginId);
  await expectHome(page, demoStaff.admin.name);
  expect(await navEntries(page)).toEqual(['Home', 'Profile']);
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await page.getByText('ES', { exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Principal' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Su cuenta' })).toBeVisible();
});
