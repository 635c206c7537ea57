import { translate } from '@apothecall/domain/i18n/catalog';
import { describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts, translator } from '../../../lib/i18n';
import { claimsText } from './analytics-format';

await loadLanguage('en');
await loadScreenTexts();
const en = translator('en', translate);
const es = translator('es', translate);

describe('claimsText', () => {
  it('counts claims by each language’s plural rules (issue 36, finding 11)', () => {
    expect(claimsText(en, 1)).toBe('From arrival at the pharmacy to the claim, over 1 claim.');
    expect(claimsText(en, 3)).toBe('From arrival at the pharmacy to the claim, over 3 claims.');
    expect(claimsText(es, 1)).toBe(
      'Desde la llegada a la farmacia hasta el reclamo, en 1 reclamo.',
    );
    expect(claimsText(es, 2)).toBe(
      'Desde la llegada a la farmacia hasta el reclamo, en 2 reclamos.',
    );
  });
});
