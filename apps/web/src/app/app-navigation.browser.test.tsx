import '@mantine/core/styles.css';
import type { SessionProfile } from '@apothecall/domain/accounts/accounts.schemas';
import { navigationFor } from '@apothecall/domain/navigation/role-navigation.rules';
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { loadLanguage, setLanguage } from '../lib/i18n';
import type { StoredSession } from '../lib/session-store';
import { cleanupApp, renderWithApp } from '../testing/render';
import { AppNavigation } from './app-navigation';

/**
 * The role's navigation in Chromium at a phone's 320 and 360 px and at desktop widths from 768 to
 * 1600 px (the narrowest of each band of nav-bar.rules.ts), in English and Spanish: every entry is
 * in the bar or under "More", the bar is one row inside the window with no entry cut or overlapping
 * another, labels are at least 12 px, and axe finds no serious or critical violation, with "More"
 * open or not.
 */
const everything = () => true;

function sessionOf(role: string): StoredSession {
  const pharmacy = role === 'pharmacist' || role === 'pharmacyAdmin';
  const profile: SessionProfile = {
    id: 'u1',
    personId: 'p1',
    name: 'Alex Doe',
    role,
    loginId: 'alex',
    brandId: 'apothecall',
    credentials: {
      from: 'co1',
      role,
      organizationType: pharmacy ? 'pharmacy' : null,
    },
    // Every entry a role can have: Links needs readyrx, Rx admin its company's permission.
    permissions: ['readyrx', 'rxSubscriptionAdmin:co1'],
    users: [
      {
        id: 'u1',
        personId: 'p1',
        name: 'Alex Doe',
        firstName: 'Alex',
        lastName: 'Doe',
        relation: 'self',
      },
    ],
  };
  return { token: 't', profile };
}

const roles = [
  'patient',
  'provider',
  'pharmacist',
  'pharmacyAdmin',
  'rxSubscriptionAdmin',
  'admin',
  'support',
] as const;
const widths = [320, 360, 768, 1024, 1280, 1440, 1600] as const;
/**
 * axe at the phone's and the desktop's width of the e2e projects (names, roles and colours do not
 * change between the widths of one layout; axe at all seven took most of this file's 50 s of CI).
 */
const axeWidths = new Set<number>([360, 1280]);

async function render(role: string, at = '/') {
  const { host, unmount } = await renderWithApp(
    <AppNavigation session={sessionOf(role)} isBuilt={everything} />,
    { route: at },
  );
  const nav = await expect
    .poll(() => host.querySelector<HTMLElement>('nav[data-testid="app-nav"]'))
    .not.toBeNull()
    .then(() => host.querySelector('nav[data-testid="app-nav"]') as HTMLElement);
  return { host, nav, unmount };
}

/** The bar's entries: its links and the "More" button. */
function barEntries(nav: HTMLElement): HTMLElement[] {
  return [
    ...nav.querySelectorAll<HTMLElement>(':scope > ul > li > a, [data-nav-more] > div > button'),
  ];
}

function moreButton(nav: HTMLElement): HTMLButtonElement | null {
  return nav.querySelector<HTMLButtonElement>('[data-nav-more] button');
}

/** What a person sees of an entry: its label whole, on one line, at 12 px or more. */
function expectReadable(entry: HTMLElement, where: string) {
  const label = entry.querySelector('span');
  expect(label, where).not.toBeNull();
  if (!label) return;
  const style = getComputedStyle(label);
  expect(Number.parseFloat(style.fontSize), `${where}: font size`).toBeGreaterThanOrEqual(12);
  expect(label.scrollWidth, `${where}: label cut`).toBeLessThanOrEqual(label.clientWidth);
  const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.6;
  expect(label.getBoundingClientRect().height, `${where}: one line`).toBeLessThan(lineHeight * 1.5);
}

async function expectNoSeriousAxe(host: HTMLElement, where: string) {
  const result = await axe.run(host, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  });
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(', ')}`);
  expect(serious, `axe on ${where}`).toEqual([]);
}

beforeAll(async () => {
  await loadLanguage('en');
  await loadLanguage('es');
});

afterEach(async () => {
  await cleanupApp();
  await page.viewport(414, 896);
});

describe('AppNavigation', () => {
  for (const lang of ['en', 'es'] as const) {
    for (const width of widths) {
      it(`fits every role's entries at ${width} px in ${lang}, the rest under More`, async () => {
        await setLanguage(lang);
        await page.viewport(width, width < 768 ? 740 : 800);
        for (const role of roles) {
          const where = `${role} at ${width} px (${lang})`;
          const { host, nav, unmount } = await render(role);
          expect(nav.getAttribute('aria-label')).toBe(lang === 'en' ? 'Main' : 'Principal');
          const entries = barEntries(nav);
          // One row, inside the window, nothing overlapping, nothing cut, 12 px or more.
          const rects = entries.map((entry) => entry.getBoundingClientRect());
          const top = rects[0]?.top ?? 0;
          rects.forEach((rect, i) => {
            expect(Math.abs(rect.top - top), `${where}: entry ${i} wraps`).toBeLessThan(1);
          });
          rects.forEach((rect, i) => {
            expect(rect.left, `${where}: entry ${i} left edge`).toBeGreaterThanOrEqual(0);
            expect(rect.right, `${where}: entry ${i} right edge`).toBeLessThanOrEqual(width);
            const next = rects[i + 1];
            if (next)
              expect(rect.right, `${where}: entry ${i} overlaps`).toBeLessThanOrEqual(
                next.left + 0.5,
              );
          });
          for (const entry of entries) expectReadable(entry, `${where}: ${entry.textContent}`);
          if (axeWidths.has(width)) await expectNoSeriousAxe(host, where);

          // Every entry of the role is in the bar or under More, once.
          const shown = [...nav.querySelectorAll<HTMLElement>(':scope > ul > li > a')].map((a) =>
            a.getAttribute('href'),
          );
          const more = moreButton(nav);
          let listed: (string | null)[] = [];
          if (more) {
            await userEvent.click(more);
            await expect.poll(() => more.getAttribute('aria-expanded')).toBe('true');
            const list = document.getElementById(more.getAttribute('aria-controls') ?? '');
            expect(list, `${where}: More's list`).not.toBeNull();
            const links = [...(list?.querySelectorAll<HTMLElement>('a') ?? [])];
            listed = links.map((a) => a.getAttribute('href'));
            for (const link of links) {
              const rect = link.getBoundingClientRect();
              expect(rect.left, `${where}: ${link.textContent} in More`).toBeGreaterThanOrEqual(0);
              expect(rect.right, `${where}: ${link.textContent} in More`).toBeLessThanOrEqual(
                width,
              );
              expect(rect.top, `${where}: ${link.textContent} in More`).toBeGreaterThanOrEqual(0);
              expectReadable(link, `${where}: ${link.textContent} in More`);
            }
            if (axeWidths.has(width)) await expectNoSeriousAxe(host, `${where}, More open`);
          }
          expect([...shown, ...listed].sort(), where).toEqual(
            navigationFor(role, everything)
              .map((item) => item.path)
              .sort(),
          );
          unmount();
          host.remove();
        }
      });
    }
  }

  it('shows a current entry that lives under More in the bar, marked as the page', async () => {
    await setLanguage('en');
    await page.viewport(360, 740);
    const { nav } = await render('pharmacyAdmin', '/pharmacists');
    const current = nav.querySelector<HTMLElement>(':scope > ul > li > a[aria-current="page"]');
    expect(current?.textContent).toBe('Pharmacists');
    expect(barEntries(nav).map((entry) => entry.textContent)).toEqual([
      'Home',
      'Prescriptions',
      'Assessment',
      'Pharmacists',
      'More',
    ]);
  });

  it('opens More from the keyboard, moves with the arrows and closes with Escape', async () => {
    await setLanguage('es');
    await page.viewport(360, 740);
    const { nav } = await render('patient');
    const more = moreButton(nav);
    expect(more?.textContent).toBe('Más');
    if (!more) return;
    more.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(more.getAttribute('aria-controls') ?? '');
    expect([...(list?.querySelectorAll('a') ?? [])].map((a) => a.textContent)).toEqual([
      'Citas',
      'Documentos',
      'Pagos',
      'Perfil',
    ]);
    await expect.poll(() => document.activeElement?.textContent).toBe('Citas');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Documentos');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Perfil');
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
    expect(nav.querySelector('[data-nav-more] ul')).toBeNull();
    expect(document.activeElement).toBe(more);
  });
});
