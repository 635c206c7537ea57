import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { enScreens } from '@apothecall/domain/i18n/catalog.screens.en';
import { describe, expect, it } from 'vitest';
import {
  countText,
  isMessageKey,
  loadLanguage,
  loadScreenTexts,
  translate,
  translator,
} from './i18n';

/** The first part of every screen-only key ('careUi', 'prepayUi', ...). */
const screenAreas = [...new Set(Object.keys(enScreens).map((key) => key.split('.')[0] ?? ''))];

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourcesUnder(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('the texts in two chunks', () => {
  it("knows a screen's text only once the screens' texts are in, and never throws for one", async () => {
    await loadLanguage('en');
    expect(translate('en', 'common.required')).toBe('Required information');
    // Not fetched yet (this file's first test): the key stands in for the text.
    expect(isMessageKey('prepayUi.select.title')).toBe(false);
    expect(translate('en', 'prepayUi.select.title')).toBe('prepayUi.select.title');
    await loadScreenTexts();
    expect(isMessageKey('prepayUi.select.title')).toBe(true);
    expect(translate('en', 'prepayUi.select.title')).toBe('Prepay programs');
  });

  it('fetches the screens’ texts of another language (a switch) once they were wanted', async () => {
    await loadLanguage('en');
    await loadScreenTexts();
    await loadLanguage('es');
    expect(translate('es', 'prepayUi.select.title')).toBe('Programas prepagados');
  });

  it('keeps the shell and the first screens on the core texts', () => {
    // What renders before a feature screen's chunk (the layout, navigation, menus, toasts, the
    // guard's redirects, lib/ and components/) and the first screens (accounts, brands) may not
    // use a screen's text: it would not be fetched yet.
    const src = path.resolve(import.meta.dirname, '..');
    const shell = [
      ...sourcesUnder(path.join(src, 'app')).filter((f) => !f.endsWith('role-home.tsx')),
      // lib/payments holds the card pieces of the payment steps: screens only.
      ...sourcesUnder(path.join(src, 'lib')).filter(
        (f) => !f.includes(`${path.sep}payments${path.sep}`),
      ),
      ...sourcesUnder(path.join(src, 'components')),
      ...sourcesUnder(path.join(src, 'features', 'accounts')),
      ...sourcesUnder(path.join(src, 'features', 'brands')),
    ];
    expect(screenAreas).toContain('prepayUi');
    const pattern = new RegExp(`['\`"](${screenAreas.join('|')})\\.[a-zA-Z]`);
    const offenders = shell.filter((file) => pattern.test(readFileSync(file, 'utf8')));
    expect(offenders.map((f) => path.relative(src, f))).toEqual([]);
  });
});

describe('countText', () => {
  it("picks a count message's form by the language's plural rules: 0, 1, 2 and 1.5", async () => {
    await loadLanguage('en');
    await loadLanguage('es');
    await loadScreenTexts();
    const forms = { one: 'inboxUi.messageCount.one', other: 'inboxUi.messageCount.other' } as const;
    const counts = [0, 1, 2, 1.5];
    expect(counts.map((n) => countText(translator('en'), n, forms))).toEqual([
      '0 messages',
      '1 message',
      '2 messages',
      '1.5 messages',
    ]);
    expect(counts.map((n) => countText(translator('es'), n, forms))).toEqual([
      '0 mensajes',
      '1 mensaje',
      '2 mensajes',
      '1.5 mensajes',
    ]);
    // Other placeholders ride along with {count}.
    expect(
      countText(
        translator('es'),
        1,
        {
          one: 'subscriptionUi.offer.billedEvery.one',
          other: 'subscriptionUi.offer.billedEvery.other',
        },
        { amount: '$30.00' },
      ),
    ).toBe('$30.00 cada mes');
  });
});
