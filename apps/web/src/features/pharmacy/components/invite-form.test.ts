import { translate } from '@apothecall/domain/i18n/catalog';
import { describe, expect, it } from 'vitest';
import { isMessageKey, loadLanguage, loadScreenTexts } from '../../../lib/i18n';
import { checkInvite, emptyInviteDraft } from './invite-form';

await loadLanguage('en');
await loadScreenTexts();

const valid = {
  ...emptyInviteDraft,
  email: ' ana@sunrise.test ',
  firstName: 'Ana',
  lastName: 'Lopez',
  states: ['FL', 'TX'],
};

describe('the pharmacist invitation form', () => {
  it('sends what the domain schema accepts, trimmed, with no links and not claimed-only by default', () => {
    const result = checkInvite(valid, isMessageKey);
    expect(result).toEqual({
      ok: true,
      request: {
        email: 'ana@sunrise.test',
        firstName: 'Ana',
        lastName: 'Lopez',
        states: ['FL', 'TX'],
        links: [],
        claimedOnly: false,
      },
    });
  });

  it('says what is missing, one message per field, in catalogue words', () => {
    const result = checkInvite(emptyInviteDraft, isMessageKey);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['email', 'firstName', 'lastName', 'states']);
    expect(result.errors.states).toBe('pharmacyScreens.invite.statesRequired');
    expect(translate('en', result.errors.states ?? 'common.required')).toBe(
      'Choose at least one state.',
    );
    for (const key of Object.values(result.errors)) {
      expect(isMessageKey(key ?? '')).toBe(true);
    }
  });

  it('refuses a state that is not a US state code', () => {
    const result = checkInvite({ ...valid, states: ['Florida'] }, isMessageKey);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.states).toBeDefined();
  });

  it('keeps the chosen links and claimed-only', () => {
    const result = checkInvite({ ...valid, links: ['link-1'], claimedOnly: true }, isMessageKey);
    expect(result.ok && result.request).toMatchObject({ links: ['link-1'], claimedOnly: true });
  });
});
