import { describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts, translator } from '../../../lib/i18n';
import { stuckText } from './stuck-text';

describe('stuckText (issue 36, finding 11)', () => {
  it("says the limit a stuck visit passed in the language's plural form", async () => {
    await loadScreenTexts();
    await loadLanguage('en');
    await loadLanguage('es');
    const en = translator('en');
    const es = translator('es');
    // The domain's limits: 10 minutes, 24 hours.
    expect(stuckText(en, 'waitingNoProvider')).toBe('Waiting over 10 minutes with no provider');
    expect(stuckText(es, 'rxUnreviewed')).toBe('Sin revisar más de 24 horas');
    const one = {
      waitingNoProviderMs: 60_000,
      rxUnreviewedMs: 3_600_000,
      pharmacyUnclaimedMs: 3_600_000,
    };
    expect(stuckText(en, 'waitingNoProvider', one)).toBe('Waiting over 1 minute with no provider');
    expect(stuckText(en, 'rxUnreviewed', one)).toBe('Unreviewed over 1 hour');
    expect(stuckText(en, 'pharmacyUnclaimed', one)).toBe('Unclaimed by the pharmacy over 1 hour');
    expect(stuckText(es, 'waitingNoProvider', one)).toBe('Esperando más de 1 minuto sin proveedor');
    expect(stuckText(es, 'rxUnreviewed', one)).toBe('Sin revisar más de 1 hora');
    expect(stuckText(es, 'pharmacyUnclaimed', one)).toBe(
      'Sin reclamar por la farmacia más de 1 hora',
    );
  });
});
