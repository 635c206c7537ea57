import { describe, expect, it } from 'vitest';
import { SchemaError } from './errors';
import { phoneToStore, toE164 } from './phone-numbers';

describe('phone numbers in E.164', () => {
  it('reads US numbers however they are typed, and numbers with a country code', () => {
    for (const typed of ['305-555-0142', '(305) 555-0142', '3055550142', '+1 305 555 0142']) {
      expect(toE164(typed)).toBe('+13055550142');
    }
    expect(toE164(' 1-305-555-0142 ')).toBe('+13055550142');
    expect(toE164('+52 55 1234 5678')).toBe('+525512345678');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('refuses what is not a valid number: too short, too long, outside the numbering plan, text', () => {
    for (const typed of [
      '12',
      '555-1234',
      '123-456-7890',
      '999-999-9999',
      '305-555-01420000',
      '+999 1234 5678',
      'call me',
      '',
    ]) {
      expect(toE164(typed)).toBeUndefined();
    }
  });
});

describe('a phone number from a form', () => {
  it('is stored in E.164', () => {
    expect(phoneToStore('(305) 555-0142', 'profile.phone')).toBe('+13055550142');
    expect(phoneToStore('+52 55 1234 5678', 'phone')).toBe('+525512345678');
  });

  it('is refused naming the field when it is no number of its country', () => {
    expect(() => phoneToStore('555-0142', 'profile.phone')).toThrow(SchemaError);
    const refusal = (() => {
      try {
        phoneToStore('123-456-7890', 'patient.phone');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(SchemaError);
    expect((refusal as SchemaError).issues).toEqual([
      { path: 'patient.phone', message: 'validation.phone.notANumber' },
    ]);
  });
});
