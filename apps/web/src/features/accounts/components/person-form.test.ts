import type { Person } from '@apothecall/domain/accounts/accounts.schemas';
import { registerProfileSchema } from '@apothecall/domain/accounts/profile.schemas';
import { describe, expect, it } from 'vitest';
import {
  changedPersonFields,
  fullName,
  localToday,
  personFormInput,
  toPersonForm,
} from './person-form';

const maria: Person = {
  id: 'acc-1',
  personId: 'acc-1',
  name: 'Maria Rivera',
  firstName: 'Maria',
  lastName: 'Rivera',
  relation: 'self',
  dob: '1988-04-12',
  gender: 'F',
  address: '100 Biscayne Blvd',
  state: 'FL',
  zipCode: '33132',
  country: 1,
  phone: '305-555-0100',
  email: 'patient@apothecall.test',
  consultLocation: 'FL',
};
const leo: Person = { ...maria, id: 'p-2', personId: 'p-2', relation: 'son', firstName: 'Leo' };

describe('person form helpers', () => {
  it('localToday is the calendar date of the local clock', () => {
    expect(localToday(new Date(2026, 0, 31, 23, 59))).toEqual({ year: 2026, month: 1, day: 31 });
  });

  it('fullName joins the trimmed parts', () => {
    expect(fullName(' Maria ', ' Rivera ')).toBe('Maria Rivera');
    expect(fullName('Maria', '')).toBe('Maria');
  });

  it('the form shows the date of birth as people write it and no "self" relation', () => {
    const form = toPersonForm(maria);
    expect(form.dob).not.toBe('1988-04-12');
    expect(form.dob).toMatch(/1988/);
    expect(form.relation).toBe('');
    expect(toPersonForm(leo).relation).toBe('son');
  });

  it('a dependent sends the relation; the holder has none to send', () => {
    expect(personFormInput(toPersonForm(leo), false)).toMatchObject({ relation: 'son' });
    expect(personFormInput(toPersonForm(maria), true)).not.toHaveProperty('relation');
    expect(personFormInput({ ...toPersonForm(maria), firstName: ' Ana ' }, true).name).toBe(
      'Ana Rivera',
    );
  });

  it('an untouched form round-trips through the profile schema with nothing changed', () => {
    const schema = registerProfileSchema({
      today: { year: 2026, month: 1, day: 1 },
      minRegistrationAge: 18,
    });
    const parsed = schema.parse(personFormInput(toPersonForm(maria), true));
    expect(changedPersonFields(parsed, maria)).toEqual({});
  });

  it('a phone kept in E.164 shows as people write it, and is unchanged until edited (issue 34)', () => {
    const stored: Person = { ...maria, phone: '+13055550100' };
    expect(toPersonForm(stored).phone).toBe('305-555-0100');
    const schema = registerProfileSchema({
      today: { year: 2026, month: 1, day: 1 },
      minRegistrationAge: 18,
    });
    const parsed = schema.parse(personFormInput(toPersonForm(stored), true));
    expect(changedPersonFields(parsed, stored)).toEqual({});
    expect(changedPersonFields({ phone: '305-555-0199' }, stored)).toEqual({
      phone: '305-555-0199',
    });
  });

  it('only the fields that differ are sent, and only string values', () => {
    expect(
      changedPersonFields({ name: 'Maria Rivera', phone: '305-555-0199', state: 'TX' }, maria),
    ).toEqual({ phone: '305-555-0199', state: 'TX' });
    expect(changedPersonFields({ zipCode: 33132, gender: undefined }, maria)).toEqual({});
  });
});
