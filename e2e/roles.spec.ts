import { expect, test } from '@playwright/test';
import {
  demoPatient,
  demoStaff,
  expectHome,
  logIn,
  mainNav,
  navEntries,
  navEntry,
} from './support';

/**
 * What the navigation shows at this project's width: the bar's entries and
 * those under "More". The phone's bar has five slots (four entries and More when a role has more
 * than five), the desktop's ten at 1280 px (nav-bar.rules.ts).
 */
function shown(entries: readonly string[], phoneBar: number, desktopBar = 9) {
  const slots = test.info().project.name === 'phone' ? 5 : 10;
  const inBar = entries.length <= slots ? entries.length : slots === 5 ? phoneBar : desktopBar;
  return { bar: entries.slice(0, inBar), more: entries.slice(inBar) };
}

test("a patient's Home offers care first, their notes, and the patient's navigation", async ({
  page,
}) => {
  await page.goto('/#/login');
  await logIn(page);
  await expectHome(page, demoPatient.name);
  await expect(page.getByRole('link', { name: 'Get care now' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent notes' })).toBeVisible();
  // On a phone the bar has Home, Get Care, Rx visits and Notes; the rest is under More.
  expect(await navEntries(page)).toEqual(
    test.info().project.name === 'phone'
      ? {
          bar: ['Home', 'Get Care', 'Rx visits', 'Notes'],
          more: ['Appointments', 'Documents', 'Payments', 'Profile'],
        }
      : {
          bar: [
            'Home',
            'Get Care',
            'Rx visits',
            'Appointments',
            'Notes',
            'Documents',
            'Payments',
            'Profile',
          ],
          more: [],
        },
  );
  // The navigation marks where the person is.
  await (await navEntry(page, 'Notes')).click();
  await expect(page.locator('[data-screen="notes"]')).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Notes' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // An entry from under More takes a place in the bar, marked as the page.
  await (await navEntry(page, 'Payments')).click();
  await expect(mainNav(page).getByRole('link', { name: 'Payments' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test("a provider's Home has the duty switch and the queue, and the clinic in the navigation", async ({
  page,
}) => {
  await page.goto('/#/login');
  await logIn(page, demoStaff.provider.loginId);
  await expectHome(page, demoStaff.provider.name);
  await expect(page.getByTestId('duty-switch')).toBeVisible();
  await expect(page.getByTestId('home-queue-count')).toContainText('waiting');
  expect(await navEntries(page)).toEqual({
    bar: ['Home', 'Clinic', 'Rx reviews', 'Appointments', 'Profile'],
    more: [],
  });
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
    // The admin alone manages the pharmacists and the prepay programs.
    // The phone's bar: Home, Prescriptions, Assessment and Inbox; the rest under More.
    expect(await navEntries(page)).toEqual(
      shown(
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
        4,
      ),
    );
    await expect(page.getByRole('link', { name: 'Get care now' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add a dependent' })).toHaveCount(0);
  });
}

test("the rx admin's and the admin's Homes are their own, in Spanish too", async ({ page }) => {
  await page.goto('/#/login');
  await logIn(page, demoStaff.rxAdmin.loginId);
  await expectHome(page, demoStaff.rxAdmin.name);
  expect(await navEntries(page)).toEqual({
    bar: ['Home', 'Rx admin', 'Referred', 'Profile'],
    more: [],
  });
  await expect(page.getByRole('link', { name: 'Get care now' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Log out' }).click();
  // The logout ends on the landing screen, then the login is opened. The app navigates before
  // the server answers the logout (use-logout.ts): when it navigated after, the answer could come
  // once the login was open and take the page back to the landing screen (a CI run timed out
  // typing into the login form that had gone).
  await expect(page.getByRole('heading', { name: /Care from a licensed provider/ })).toBeVisible();
  await page.goto('/#/login');
  await logIn(page, demoStaff.admin.loginId);
  await expectHome(page, demoStaff.admin.name);
  expect(await navEntries(page)).toEqual({ bar: ['Home', 'Profile'], more: [] });
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await page.getByText('ES', { exact: true }).click();
  await expect(mainNav(page)).toHaveAccessibleName('Principal');
  await expect(page.getByRole('heading', { name: 'Su cuenta' })).toBeVisible();
});
