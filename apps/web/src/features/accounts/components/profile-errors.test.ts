import { translate } from '@apothecall/domain/i18n/catalog';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { loadLanguage, translator } from '../../../lib/i18n';
import { failureMessage, translateError } from './profile-errors';

const en = translator('en', translate);

// translateError tells catalogue keys from other text with the loaded catalogue.
beforeAll(() => loadLanguage('en'));

describe('profile texts', () => {
  it('a form error that is a catalogue key is translated with the age limits', () => {
    expect(translateError(en, 'common.required')).toBe(translate('en', 'common.required'));
    const key = 'validation.dob.underRegistrationAge';
    expect(translateError(en, key, { minAge: 18, maxAge: 110 })).toBe(
      translate('en', key, { minAge: 18, maxAge: 110 }),
    );
    expect(translateError(en, key, { minAge: 18, maxAge: 110 })).toContain('18');
  });

  it('other text is shown as given; no error is no text', () => {
    expect(translateError(en, 'Already translated.')).toBe('Already translated.');
    expect(translateError(en, undefined)).toBeUndefined();
    expect(translateError(en, 42)).toBeUndefined();
  });

  it("a failure shows the server's message, else the network message", () => {
    expect(failureMessage(en, new ApiError(400, 'WRONG_PASSWORD', 'Wrong password.'))).toBe(
      'Wrong password.',
    );
    expect(failureMessage(en, new Error('fetch failed'))).toBe(translate('en', 'errors.network'));
  });
});
