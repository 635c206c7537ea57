import { expect, type Page } from '@playwright/test';

export const demoPatient = {
  loginId: 'patient@apothecall.test',
  password: 'Apothecall-Demo-1',
  name: 'Maria Rivera',
};

export async function logIn(
  page: Page,
  loginId = demoPatient.loginId,
  password = demoPatient.password,
) {
  await page.getByLabel(/E-mail or user id|Correo electrónico o usuario/).fill(loginId);
  await page.getByLabel(/^(Password|Contraseña)$/).fill(password);
  await page.getByRole('button', { name: /^(Log in|Iniciar sesión)$/ }).click();
}

export async function expectHome(page: Page, name = demoPatient.name) {
  await expect(
    page.getByRole('heading', { name: new RegExp(`(Welcome|Bienvenido/a), ${name}`) }),
  ).toBeVisible();
}
