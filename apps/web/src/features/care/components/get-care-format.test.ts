import type { FamilyMember } from '@apothecall/domain/accounts/accounts.schemas';
import { translate } from '@apothecall/domain/i18n/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { translator } from '../../../lib/i18n';
import {
  closedText,
  errorText,
  formatClock,
  memberName,
  reasonLabel,
  relationLabel,
  stateLabel,
} from './get-care-format';

const en = translator('en', translate);
const es = translator('es', translate);

/** Intl writes a narrow no-break space before AM/PM; compare with plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');

const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = savedTz;
});

describe('Get Care labels', () => {
  it('relations: self and empty are the holder; unknown ones are "other"', () => {
    expect(relationLabel(en, 'self')).toBe('Account holder');
    expect(relationLabel(en, '')).toBe('Account holder');
    expect(relationLabel(en, 'son')).toBe('Son');
    expect(relationLabel(es, 'son')).toBe('Hijo');
    expect(relationLabel(en, 'cousin')).toBe('Other');
  });

  it('states by name; an unknown code as given', () => {
    expect(stateLabel(en, 'FL')).toBe('Florida');
    expect(stateLabel(en, 'fl')).toBe('fl');
    expect(stateLabel(en, 'ZZ')).toBe('ZZ');
  });

  it('care reasons by name in the reader language; an unknown id as given', () => {
    expect(reasonLabel(en, 'soreThroat')).toBe('Sore throat');
    expect(reasonLabel(es, 'soreThroat')).toBe('Dolor de garganta');
    expect(reasonLabel(en, 'toothache')).toBe('toothache');
  });
});

describe('memberName', () => {
  const users = [
    { id: 'a1', personId: 'p1', name: 'Maria Rivera' },
    { id: 'a2', personId: 'p2', name: 'Leo Rivera' },
  ] as unknown as FamilyMember[];

  it('finds a member by id or by person id', () => {
    expect(memberName(users, 'a2')).toBe('Leo Rivera');
    expect(memberName(users, 'p1')).toBe('Maria Rivera');
  });

  it('is null for someone outside the family', () => {
    expect(memberName(users, 'x9')).toBeNull();
    expect(memberName([], 'a1')).toBeNull();
  });
});

describe('errorText', () => {
  it("shows the server's own message", () => {
    expect(errorText(en, new ApiError(409, 'ALREADY_CLAIMED', 'You already have a visit.'))).toBe(
      'You already have a visit.',
    );
  });

  it('says the network failed when the server was not reached, or the error is not the API', () => {
    const network = translate('en', 'errors.network');
    expect(errorText(en, new ApiError(0, 'NETWORK', 'offline'))).toBe(network);
    expect(errorText(en, new TypeError('boom'))).toBe(network);
    expect(errorText(en, undefined)).toBe(network);
  });
});

describe('formatClock', () => {
  it('an instant as the local clock time, in the reader language', () => {
    expect(plain(formatClock('2026-03-02T20:45:00Z', 'en'))).toBe('3:45 PM');
    expect(plain(formatClock('2026-03-02T20:45:00Z', 'es'))).toMatch(/^3:45 p\.? ?m\.?$/);
  });

  it('unreadable text is shown as given', () => {
    expect(formatClock('soon', 'en')).toBe('soon');
  });
});

describe('Get Care closed text (issue 33)', () => {
  it('says one sentence when nobody is on duty and no time to come back is known', () => {
    const noTime = (lang: 'en' | 'es') => ({
      next: null,
      nextAvailableStr: translate(lang, 'care.hours.noProviderNow'),
    });
    expect(closedText(en, noTime('en'))).toBe(
      'No provider is available right now. Please check again in a few minutes.',
    );
    expect(closedText(es, noTime('es'))).toBe(translate('es', 'care.hours.noProviderNow'));
  });

  it('names the time care opens again, and says closed with neither', () => {
    const next = { next: '2026-11-21T13:00:00.000Z', nextAvailableStr: 'Saturday 9:00 AM' };
    expect(closedText(en, next)).toBe(
      'No provider is available right now. Care opens again Saturday 9:00 AM.',
    );
    expect(closedText(es, { next: null, nextAvailableStr: '' })).toBe(
      translate('es', 'careUi.location.closed'),
    );
  });
});
