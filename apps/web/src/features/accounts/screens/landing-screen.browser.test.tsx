import '@mantine/core/styles.css';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { LandingScreen } from './landing-screen';

/**
 * The logged-out landing page in Chromium: beside log in and register, a
 * way to start a prescription visit (the public Rx catalogue, /rx), in English and Spanish.
 */
async function render() {
  const { host } = await renderWithApp(<LandingScreen />, { route: '/' });
  await expect.poll(() => host.querySelector('h1')).not.toBeNull();
  return host;
}

const links = (host: HTMLElement) =>
  [...host.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);

afterEach(async () => {
  await cleanupApp();
});

afterAll(() => setLanguage('en'));

describe('LandingScreen', () => {
  it('offers a prescription visit beside log in and register', async () => {
    await setLanguage('en');
    const host = await render();
    expect(links(host)).toEqual([
      ['Log in', '/login'],
      ['Create an account', '/register'],
      ['Start a prescription visit', '/rx'],
    ]);
  });

  it('offers it in Spanish too', async () => {
    await setLanguage('es');
    const host = await render();
    expect(links(host)).toContainEqual(['Empezar una consulta de receta', '/rx']);
  });
});
