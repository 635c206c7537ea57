import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { LandingScreen } from './landing-screen';

/**
 * The logged-out landing page in Chromium: beside log in and register, a
 * way to start a prescription visit (the public Rx catalogue, /rx), in English and Spanish.
 */
let root: Root | null = null;

async function render() {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  root.render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/']}>
        <LandingScreen />
      </MemoryRouter>
    </MantineProvider>,
  );
  await expect.poll(() => host.querySelector('h1')).not.toBeNull();
  return host;
}

const links = (host: HTMLElement) =>
  [...host.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);

afterEach(() => {
  root?.unmount();
  root = null;
  document.body.innerHTML = '';
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
