import { describe, expect, it } from 'vitest';
import { type MessageKey, translate } from '../i18n/catalog';
import { type PluralForms, pluralForm } from '../i18n/i18n.rules';

/**
 * The pharmacy's count messages read by the language's plural rules ('1 waiting visit', not '1
 * waiting visits'), and the in-store e-mail puts no English article before the brand ('a
 * Apothecall provider').
 */
function counted(lang: 'en' | 'es', forms: PluralForms<MessageKey>): string[] {
  return [0, 1, 2].map((count) => translate(lang, pluralForm(lang, count, forms), { count }));
}

const forms = (key: string) =>
  ({ one: `${key}.one`, other: `${key}.other` }) as PluralForms<MessageKey>;

describe("the analytics' count messages at 0, 1 and 2", () => {
  it('says the waiting visits a claim fee is owed for', () => {
    expect(counted('en', forms('analyticsUi.money.feesOwed'))).toEqual([
      'Fees owed to claim 0 waiting visits',
      'Fees owed to claim 1 waiting visit',
      'Fees owed to claim 2 waiting visits',
    ]);
    expect(counted('es', forms('analyticsUi.money.feesOwed'))).toEqual([
      'Cuotas para reclamar 0 visitas en espera',
      'Cuotas para reclamar 1 visita en espera',
      'Cuotas para reclamar 2 visitas en espera',
    ]);
  });

  it('says the claims paid', () => {
    expect(counted('en', forms('analyticsUi.money.feesPaid'))).toEqual([
      'Claim fees paid (0 claims)',
      'Claim fees paid (1 claim)',
      'Claim fees paid (2 claims)',
    ]);
    expect(counted('es', forms('analyticsUi.money.feesPaid'))).toEqual([
      'Cuotas de reclamo pagadas (0 reclamos)',
      'Cuotas de reclamo pagadas (1 reclamo)',
      'Cuotas de reclamo pagadas (2 reclamos)',
    ]);
  });

  it('says the visits paid with a prepay code', () => {
    expect(counted('en', forms('analyticsUi.money.prepayVisits'))).toEqual([
      '0 visits paid with a prepay code (no card charge).',
      '1 visit paid with a prepay code (no card charge).',
      '2 visits paid with a prepay code (no card charge).',
    ]);
    expect(counted('es', forms('analyticsUi.money.prepayVisits'))).toEqual([
      '0 visitas pagadas con un código prepagado (sin cargo a tarjeta).',
      '1 visita pagada con un código prepagado (sin cargo a tarjeta).',
      '2 visitas pagadas con un código prepagado (sin cargo a tarjeta).',
    ]);
  });
});

describe("the in-store assessment's e-mail", () => {
  it('names the brand without an article before it, in English and Spanish', () => {
    const params = { pharmacy: 'Sunrise', brand: 'Apothecall', days: 7, link: 'https://x.test' };
    const en = translate('en', 'assessment.mail.body', params);
    expect(en).toContain('To continue it with a provider of Apothecall, open this link');
    expect(en).not.toMatch(/\ba Apothecall\b/);
    expect(translate('es', 'assessment.mail.body', params)).toContain(
      'Para continuarla con un proveedor de Apothecall, abra este enlace',
    );
  });
});
