import { translate } from '@apothecall/domain/i18n/catalog';
import { describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts, translator } from '../../../lib/i18n';
import { formatDay, pharmacyStatusLabel, stateName, treatmentName } from './pharmacy-format';

const en = translator('en', translate);
const es = translator('es', translate);

await loadLanguage('en');
await loadScreenTexts();

describe('pharmacy portal labels', () => {
  it('names a treatment from the catalogue key, the rules, or shows the id', () => {
    expect(treatmentName(en, 'ldn')).toBe('Low Dose Naltrexone (LDN)');
    expect(treatmentName(en, 'custom', 'rx.product.ldn.name')).toBe('Low Dose Naltrexone (LDN)');
    expect(treatmentName(en, 'mystery')).toBe('mystery');
  });

  it('labels pharmacy statuses and e-prescription results, in both languages', () => {
    expect(pharmacyStatusLabel(en, 'unclaimed')).toBe('Unclaimed');
    expect(pharmacyStatusLabel(es, 'unclaimed')).toBe('Sin reclamar');
    expect(pharmacyStatusLabel(en, 'Transmit-Error')).toBe('Transmit error');
    expect(pharmacyStatusLabel(en, 'rxed')).toBe('rxed');
  });

  it('names states and reads a date of birth as that calendar day', () => {
    expect(stateName(en, 'FL')).toBe('Florida');
    expect(stateName(en, 'ZZ')).toBe('ZZ');
    expect(formatDay('1985-06-30', 'en')).toBe('Jun 30, 1985');
    expect(formatDay('not a date', 'en')).toBe('not a date');
  });
});
