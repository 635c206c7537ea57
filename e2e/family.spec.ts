import { expect, type Page } from '@playwright/test';
import { appCalendar, clock, demoPatient, expectHome, logIn, test } from './support';

/** A date of birth `years` ago today in the app's zone, as MM-DD-YYYY (the form's format). */
function dobYearsAgo(years: number): string {
  const [y, m, d] = appCalendar().yearsAgo(years).split('-');
  return `${m}-${d}-${y}`;
}

/** A first name no other run has used (letters, digits and '-' only). */
function uniqueFirstName(): string {
  return `Leo-${Date.now().toString(36)}`;
}

async function fillDependent(
  page: Page,
  person: { firstName: string; lastName: string; dob: string; gender: string; relation: string },
) {
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Date of birth').fill(person.dob);
  await page.getByLabel('Gender').selectOption(person.gender);
  await page.getByLabel('Relation to you').selectOption(person.relation);
  await page.getByRole('button', { name: 'Add dependent' }).click();
}

function switcher(page: Page) {
  return page.getByRole('button', { name: /Switch profile/ });
}

test(
  'the holder adds a 10-year-old son, is refused a 3-year-old, and switches profiles',
  clock,
  async ({ page }) => {
    const son = { firstName: uniqueFirstName(), lastName: 'Rivera' };
    const sonName = `${son.firstName} ${son.lastName}`;

    await page.goto('/#/login');
    await logIn(page);
    await expectHome(page);
    await expect(switcher(page)).toHaveAccessibleName(/Active profile: Maria Rivera/);

    // A 10-year-old son is accepted.
    await page.getByRole('link', { name: 'Add a dependent' }).first().click();
    await expect(page).toHaveURL(/#\/add-dependent$/);
    await fillDependent(page, { ...son, dob: dobYearsAgo(10), gender: 'M', relation: 'son' });
    await expect(page.getByText('Dependent added')).toBeVisible();
    await expectHome(page);

    // A 3-year-old is refused with the age-limit message, and nothing is sent.
    await page.goto('/#/add-dependent');
    await fillDependent(page, {
      firstName: uniqueFirstName(),
      lastName: 'Rivera',
      dob: dobYearsAgo(3),
      gender: 'F',
      relation: 'daughter',
    });
    await expect(page.getByText('Dependents must be 4 years of age or older.')).toBeVisible();
    await expect(page).toHaveURL(/#\/add-dependent$/);

    // The switcher lists the new son (with his relation) and switches to his profile.
    await page.goto('/#/');
    await expectHome(page);
    await switcher(page).click();
    const sonItem = page.getByRole('menuitem', { name: new RegExp(sonName) });
    await expect(sonItem).toContainText('Son');
    await sonItem.click();
    await expect(switcher(page)).toHaveAccessibleName(new RegExp(`Active profile: ${sonName}`));
    await expect(page.getByTestId('location-card')).toContainText(sonName);
    // The profile screen shows the son's details; the choice survives a reload.
    await page.goto('/#/profile');
    await expect(page.getByText(`Profile of ${sonName}`, { exact: true })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue(son.firstName);
    await page.reload();
    await expect(switcher(page)).toHaveAccessibleName(new RegExp(`Active profile: ${sonName}`));

    // And back to the holder.
    await switcher(page).click();
    await page.getByRole('menuitem', { name: new RegExp(demoPatient.name) }).click();
    await expect(switcher(page)).toHaveAccessibleName(/Active profile: Maria Rivera/);
    await expect(page.getByText(`Profile of ${demoPatient.name}`, { exact: true })).toBeVisible();
  },
);
