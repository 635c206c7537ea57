import { describe, expect, it } from 'vitest';
import { type MessageKey, translate } from '../i18n/catalog';
import { type Lang, type PluralForms, pluralForm } from '../i18n/i18n.rules';

/** The money screens' pagers count by the language's plural rules. */
function pager(lang: Lang, key: string): string[] {
  const forms = { one: `${key}.one`, other: `${key}.other` } as PluralForms<MessageKey>;
  return [0, 1, 2].map((count) =>
    translate(lang, pluralForm(lang, count, forms), { count, page: 1, pages: 1 }),
  );
}

describe("the money screens' pagers at 0, 1 and 2", () => {
  it('count the ledger entries', () => {
    expect(pager('en', 'backoffice.money.page')).toEqual([
      'Page 1 of 1 (0 entries)',
      'Page 1 of 1 (1 entry)',
      'Page 1 of 1 (2 entries)',
    ]);
    expect(pager('es', 'backoffice.money.page')).toEqual([
      'Página 1 de 1 (0 movimientos)',
      'Página 1 de 1 (1 movimiento)',
      'Página 1 de 1 (2 movimientos)',
    ]);
  });

  it('count the subscriptions', () => {
    expect(pager('en', 'backoffice.money.sub.page')).toEqual([
      'Page 1 of 1 (0 subscriptions)',
      'Page 1 of 1 (1 subscription)',
      'Page 1 of 1 (2 subscriptions)',
    ]);
    expect(pager('es', 'backoffice.money.sub.page')).toEqual([
      'Página 1 de 1 (0 suscripciones)',
      'Página 1 de 1 (1 suscripción)',
      'Página 1 de 1 (2 suscripciones)',
    ]);
  });

  it('count the prepay programs', () => {
    expect(pager('en', 'backoffice.money.prepay.page')).toEqual([
      'Page 1 of 1 (0 programs)',
      'Page 1 of 1 (1 program)',
      'Page 1 of 1 (2 programs)',
    ]);
    expect(pager('es', 'backoffice.money.prepay.page')).toEqual([
      'Página 1 de 1 (0 programas)',
      'Página 1 de 1 (1 programa)',
      'Página 1 de 1 (2 programas)',
    ]);
  });
});
