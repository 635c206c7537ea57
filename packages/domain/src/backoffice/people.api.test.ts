import { describe, expect, it } from 'vitest';
import { peopleSearchSchema, readPeopleQuery, visitShortRef } from './people.api';

describe('People and support search (issue 35)', () => {
  it('reads a date as a date of birth, 8 hex digits as a visit reference, anything else as text', () => {
    expect(readPeopleQuery(' 1984-07-21 ')).toEqual({ kind: 'dob', dob: '1984-07-21' });
    expect(readPeopleQuery('#3F2A9C01')).toEqual({
      kind: 'visitRef',
      ref: '3f2a9c01',
      text: '#3F2A9C01',
    });
    // Not a day of the calendar (or not a birth year): searched as text, never sent as a date.
    expect(readPeopleQuery('1984-02-30').kind).toBe('text');
    expect(readPeopleQuery('0000-01-01').kind).toBe('text');
    expect(readPeopleQuery('Maria Rivera')).toEqual({
      kind: 'text',
      text: 'Maria Rivera',
      digits: '',
    });
    expect(readPeopleQuery('(305) 555-0142')).toEqual({
      kind: 'text',
      text: '(305) 555-0142',
      digits: '3055550142',
    });
  });

  it('shows a visit reference as patients see it: the first 8 hex digits, upper case', () => {
    expect(visitShortRef('3f2a9c01-7b5e-4d8a-9e1f-0a2b3c4d5e6f')).toBe('3F2A9C01');
  });

  it('refuses a query too short or too long and a page below 1', () => {
    expect(peopleSearchSchema.safeParse({ query: 'a' }).success).toBe(false);
    expect(peopleSearchSchema.safeParse({ query: 'x'.repeat(101) }).success).toBe(false);
    expect(peopleSearchSchema.safeParse({ query: 'ab', page: 0 }).success).toBe(false);
    expect(peopleSearchSchema.parse({ query: ' ab ' })).toEqual({ query: 'ab', page: 1 });
  });
});
