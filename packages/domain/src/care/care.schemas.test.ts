import { describe, expect, it } from 'vitest';
import { issuePaths } from '../validation/schema-issues';
import {
  activeVisitSchema,
  availabilitySchema,
  bodyMeasurementsSchema,
  comorbidityChoiceSchema,
  computeDueTime,
  consentRecordSchema,
  fieldStateId,
  fieldStateSchema,
  getCareDraftSchema,
  vitalsSchema,
} from './care.schemas';

const A = '3f1c2b9e-8a4d-4c6e-9b2a-1d5e7f9a0b1c';
const B = '7a9e4c2d-1b3f-4e5a-8c6d-9f0a1b2c3d4e';

describe('active visit', () => {
  it('dueTime is start plus the wait in minutes', () => {
    expect(computeDueTime('2024-05-01T14:00:00Z', 45)).toBe('2024-05-01T14:45:00.000Z');
    expect(computeDueTime('2024-05-01T23:30:00-05:00', 60)).toBe('2024-05-02T05:30:00.000Z');
  });

  it('the parsed visit carries dueTime, recomputed even if one is sent', () => {
    const visit = { patientId: A, visitId: B, startTime: '2024-05-01T14:00:00Z', waitTime: 15 };
    expect(activeVisitSchema.parse(visit).dueTime).toBe('2024-05-01T14:15:00.000Z');
    expect(activeVisitSchema.parse({ ...visit, dueTime: 'garbage' }).dueTime).toBe(
      '2024-05-01T14:15:00.000Z',
    );
    expect(issuePaths(activeVisitSchema, { ...visit, waitTime: -5 })).toEqual(['waitTime']);
  });
});

describe('availability', () => {
  it('allows closed days (null times) and defaults the text', () => {
    expect(
      availabilitySchema.parse({
        start: null,
        end: null,
        next: '2024-05-02T13:00:00Z',
        available: false,
      }),
    ).toEqual({
      start: null,
      end: null,
      next: '2024-05-02T13:00:00Z',
      available: false,
      nextAvailableStr: '',
    });
    expect(issuePaths(availabilitySchema, { start: null, end: null, next: null })).toEqual([
      'available',
    ]);
  });
});

describe('get-care draft', () => {
  it('starts with no pharmacy, no consent and an unconfirmed phone', () => {
    expect(getCareDraftSchema.parse({ complaint: { reason: 'sore throat' } })).toEqual({
      complaint: { reason: 'sore throat', notes: '' },
      pharmacy: null,
      consentGiven: false,
      consentOpen: false,
      phoneConfirmed: false,
    });
  });

  it('needs a reason', () => {
    expect(issuePaths(getCareDraftSchema, { complaint: { reason: '  ' } })).toEqual([
      'complaint.reason',
    ]);
  });
});

describe('screening data', () => {
  it('a field state id is userId:fieldId', () => {
    const id = fieldStateId(A, 'allergies');
    expect(id).toBe(`${A}:allergies`);
    expect(fieldStateSchema.parse({ id, data: ['penicillin'] })).toEqual({
      id,
      branchId: '',
      section: '',
      data: ['penicillin'],
      phrase: '',
    });
    expect(issuePaths(fieldStateSchema, { id: 'allergies', data: null })).toEqual(['id']);
  });

  it('body measurements may be missing but not impossible', () => {
    expect(bodyMeasurementsSchema.parse({ weightLbs: 180, heightIn: 70 })).toEqual({
      weightLbs: 180,
      weightKg: null,
      heightIn: 70,
      heightCm: null,
      waistIn: null,
      waistCm: null,
      bmi: null,
    });
    expect(issuePaths(bodyMeasurementsSchema, { weightKg: 0, heightCm: 900 })).toEqual([
      'weightKg',
      'heightCm',
    ]);
  });

  it('vitals accept low readings (the screening rule ignores them) but not impossible ones', () => {
    expect(
      vitalsSchema.parse({ bpSystolic: 60, bpDiastolic: 8, pulse: 70, bpDate: '2024-05-01' }),
    ).toEqual({ bpSystolic: 60, bpDiastolic: 8, pulse: 70, bpDate: '2024-05-01' });
    expect(issuePaths(vitalsSchema, { bpSystolic: 120.5, bpDiastolic: -1 })).toEqual([
      'bpSystolic',
      'bpDiastolic',
    ]);
  });

  it('a comorbidity choice may be restricted to F or M only', () => {
    expect(comorbidityChoiceSchema.parse({ label: 'PCOS', gender: 'F' })).toEqual({
      label: 'PCOS',
      selected: false,
      gender: 'F',
    });
    expect(comorbidityChoiceSchema.parse({ label: 'asthma' })).not.toHaveProperty('gender');
    expect(issuePaths(comorbidityChoiceSchema, { label: 'PCOS', gender: 'X' })).toEqual(['gender']);
  });

  it('a consent record has an optional section date', () => {
    const consent = { id: 'ldn', url: '/consents/ldn.pdf', title: 'LDN consent' };
    expect(consentRecordSchema.parse(consent)).toEqual(consent);
    expect(issuePaths(consentRecordSchema, { ...consent, sectionDate: '2024/01/01' })).toEqual([
      'sectionDate',
    ]);
  });
});
