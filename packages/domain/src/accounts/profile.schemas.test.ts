import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../dates/dates.rules';
import { relationOptions } from './people.rules';
import {
  createDependentSchema,
  genderSchema,
  personProfileSchema,
  registerProfileSchema,
  relationSchema,
} from './profile.schemas';

const today: CalendarDate = { year: 2025, month: 6, day: 15 };
const id = '4b6f0c52-9a36-4d6e-8a43-2f1d6c7e9b10';
const personId = '9d1e4a3b-2c5f-4e7a-9b8c-1a2b3c4d5e6f';

function issueKeys(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return result.success
    ? []
    : (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
}

const adult = {
  name: 'Ana Lopez',
  dob: '07/04/1990',
  gender: 'F',
  address: '1 Main St',
  state: 'fl',
  zipCode: '33101',
  phone: '(305) 555-1234',
  email: 'ana@example.com',
};

describe('person profile entity (spec 3)', () => {
  it('has the fields of spec section 3 with country defaulting to 1', () => {
    const profile = personProfileSchema.parse({
      id,
      personId,
      name: 'Ana Lopez',
      dob: '1990-07-04',
      gender: 'F',
      address: '1 Main St',
      state: 'FL',
      zipCode: '33101',
      phone: '305-555-1234',
      email: 'ana@example.com',
      uploadStatusToken: 'tok',
      consultLocation: 'FL',
    });
    expect(profile).toMatchObject({ country: 1, consultLocation: 'FL' });
    expect(profile.relation).toBeUndefined();
  });

  it('reads countryCode when country is absent', () => {
    const base = { id, personId, name: 'Ana Lopez', dob: '1990-07-04', gender: 'X' };
    expect(personProfileSchema.parse({ ...base, countryCode: '52' })).toMatchObject({
      country: 52,
    });
    expect(personProfileSchema.parse({ ...base, country: 44, countryCode: 52 })).toMatchObject({
      country: 44,
    });
  });

  it('offers the 8 relations and the genders M, F, X', () => {
    // The list itself is people.rules' (people.rules.test.ts); here: the schema takes each.
    for (const r of relationOptions) expect(relationSchema.parse(r)).toBe(r);
    expect(relationSchema.safeParse('cousin').success).toBe(false);
    expect(genderSchema.options).toEqual(['M', 'F', 'X']);
    expect(issueKeys(genderSchema.safeParse('Q'))).toEqual([['', 'common.required']]);
  });
});

describe('register profile (spec 1, 5, 9: adult 18-110, US address)', () => {
  const schema = registerProfileSchema({ today });

  it('normalises a valid adult profile', () => {
    expect(schema.parse(adult)).toEqual({
      name: 'Ana Lopez',
      dob: '1990-07-04',
      gender: 'F',
      address: '1 Main St',
      state: 'FL',
      zipCode: '33101',
      country: 1,
      phone: '305-555-1234',
      email: 'ana@example.com',
    });
  });

  it('refuses anyone under 18 (they must be a dependent)', () => {
    expect(issueKeys(schema.safeParse({ ...adult, dob: '06-16-2007' }))).toEqual([
      ['dob', 'validation.dob.underRegistrationAge'],
    ]);
    expect(schema.safeParse({ ...adult, dob: '06-15-2007' }).success).toBe(true);
  });

  it('refuses ages over 110', () => {
    expect(issueKeys(schema.safeParse({ ...adult, dob: '1900-01-01' }))).toEqual([
      ['dob', 'validation.dob.tooOld'],
    ]);
  });

  it('takes the configured minimum age', () => {
    const schema21 = registerProfileSchema({ today, minRegistrationAge: 21 });
    expect(issueKeys(schema21.safeParse({ ...adult, dob: '06-15-2005' }))).toEqual([
      ['dob', 'validation.dob.underRegistrationAge'],
    ]);
  });

  it('makes international visitors enter a US address', () => {
    expect(
      issueKeys(schema.safeParse({ ...adult, state: 'Jalisco', zipCode: '44100', country: 52 })),
    ).toEqual([['state', 'validation.address.usOnly']]);
    expect(schema.parse({ ...adult, phone: '+52 33 1234 5678', country: 52 })).toMatchObject({
      phone: '+52 331-234-5678',
      country: 52,
      state: 'FL',
    });
  });

  it('reports each bad field with its catalogue key', () => {
    const result = schema.safeParse({
      name: 'Ana',
      dob: 'soon',
      gender: 'F',
      address: '',
      state: 'FL',
      zipCode: '331',
      phone: '12',
      email: 'ana',
    });
    expect(issueKeys(result)).toEqual([
      ['name', 'validation.name.firstLastOnly'],
      ['dob', 'validation.dob.invalid'],
      ['address', 'common.required'],
      ['zipCode', 'validation.zip.invalid'],
      ['phone', 'validation.phone.invalid'],
      ['email', 'validation.email.invalid'],
    ]);
  });
});

describe('create dependent (spec 1, 3, 5, 9: 4 and older, one of 8 relations)', () => {
  const schema = createDependentSchema({ today });
  const child = { name: 'Leo Lopez', dob: '2015-03-01', gender: 'M', relation: 'son' };

  it('accepts a child of 4 or more with only the required fields', () => {
    expect(schema.parse(child)).toEqual({ ...child, country: 1 });
    expect(schema.safeParse({ ...child, dob: '06-15-2021' }).success).toBe(true);
  });

  it('shows the age-limit restriction under 4', () => {
    expect(issueKeys(schema.safeParse({ ...child, dob: '06-16-2021' }))).toEqual([
      ['dob', 'validation.dob.underDependentAge'],
    ]);
  });

  it('takes the configured minimum dependent age', () => {
    const schema6 = createDependentSchema({ today, minDependentAge: 6 });
    expect(issueKeys(schema6.safeParse({ ...child, dob: '06-15-2020' }))).toEqual([
      ['dob', 'validation.dob.underDependentAge'],
    ]);
  });

  it('accepts adult dependents such as a parent', () => {
    expect(
      schema.safeParse({ ...child, dob: '03-01-1950', relation: 'mother', gender: 'F' }).success,
    ).toBe(true);
  });

  it('needs a relation', () => {
    const { relation: _relation, ...noRelation } = child;
    expect(issueKeys(schema.safeParse(noRelation))).toEqual([['relation', 'common.required']]);
  });

  it('treats blank optional fields as not given and validates given ones', () => {
    expect(
      schema.parse({ ...child, address: '', state: ' ', zipCode: '', phone: '', email: '' }),
    ).toEqual({
      ...child,
      country: 1,
    });
    expect(issueKeys(schema.safeParse({ ...child, zipCode: '123', state: 'ZZ' }))).toEqual([
      ['state', 'validation.address.usOnly'],
      ['zipCode', 'validation.zip.invalid'],
    ]);
  });
});
