import { notificationKinds } from '@apothecall/domain/notifications/notifications.api';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts, translator } from '../../lib/i18n';
import { noticeText } from './notice-text';

describe("an in-app notice's toast", () => {
  beforeAll(async () => {
    // The texts the notices' watcher waits for before it listens (app-layout.tsx): the core and
    // the screens' parts, in both languages.
    await loadScreenTexts();
    await loadLanguage('en');
    await loadLanguage('es');
  });

  it('says a claimed visit in the app’s language, whatever language the server wrote', () => {
    const payload = {
      kind: 'visitClaimed',
      title: 'Apothecall',
      body: 'A provider is ready for your visit.',
      url: '/#/waiting',
    } as const;
    expect(noticeText(translator('es'), payload)).toBe('Un proveedor está listo para su visita.');
    expect(noticeText(translator('en'), payload)).toBe('A provider is ready for your visit.');
  });

  it('has every kind’s sentence in the texts the watcher waits for, in both languages', () => {
    for (const kind of notificationKinds) {
      for (const lang of ['en', 'es'] as const) {
        expect(noticeText(translator(lang), { kind })).not.toBe(`notifications.kind.${kind}`);
      }
    }
  });
});
