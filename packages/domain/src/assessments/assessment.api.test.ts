import { describe, expect, it } from 'vitest';
import {
  type AssessmentRequest,
  assessmentIntakeSchema,
  assessmentRequestSchema,
  instoreCodeSchema,
  intakeViewSchema,
} from './assessment.api';

const today = { year: 2026, month: 3, day: 1 };

function utiRequest(overrides: Partial<AssessmentRequest> = {}): AssessmentRequest {
  return {
    form: 'uti',
    patient: {
      firstName: 'Ana',
      lastName: 'Lopez',
      email: 'Ana.Lopez@Example.test',
      dob: '04-12-1990',
      gender: 'F',
      phone: '305-555-0101',
      state: 'FL',
      language: 'es',
    },
    symptoms: ['dysuria', 'frequency'],
    onsetDays: 2,
    history: {
      pregnantOrBreastfeeding: false,
      allergies: 'Sulfa',
      medications: '',
      recentAntibiotics: false,
      recurrentInfections: false,
      conditions: ['kidneyStones'],
    },
    tests: { flu: 'notDone', covid: 'notDone', strep: 'notDone', urineDipstick: 'leukocytes' },
    comments: 'Mild symptoms.',
    ...overrides,
  };
}

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('the intake schema', () => {
  it('accepts a UTI intake and writes the date of birth as YYYY-MM-DD, the e-mail lower-cased', () => {
    const parsed = assessmentIntakeSchema({ today }).parse(utiRequest());
    expect(parsed.patient.dob).toBe('1990-04-12');
    expect(parsed.patient.email).toBe('ana.lopez@example.test');
    expect(parsed.tests.urineDipstick).toBe('leukocytes');
    // The view keeps the clinical part only.
    const view = intakeViewSchema.parse(parsed);
    expect(view).not.toHaveProperty('patient');
    expect(view.symptoms).toEqual(['dysuria', 'frequency']);
  });

  it("refuses another form's symptoms and conditions, and a dipstick on the URI form", () => {
    const uri = utiRequest({ form: 'uri' });
    const result = assessmentRequestSchema.safeParse(uri);
    expect(result.success).toBe(false);
    expect(messages(result)).toEqual(
      expect.arrayContaining([
        'assessment.field.symptoms',
        'assessment.field.conditions',
        'assessment.field.urineDipstickUti',
      ]),
    );
    const ok = assessmentRequestSchema.safeParse(
      utiRequest({
        form: 'uri',
        symptoms: ['soreThroat', 'fever'],
        history: { ...utiRequest().history, conditions: ['asthma'] },
        tests: { flu: 'negative', covid: 'negative', strep: 'positive' },
      }),
    );
    expect(ok.success).toBe(true);
    expect(ok.data?.tests.urineDipstick).toBe('notDone');
  });

  it('names each field it refuses', () => {
    const result = assessmentRequestSchema.safeParse({
      ...utiRequest(),
      patient: { ...utiRequest().patient, firstName: '', email: 'nope', phone: '12', state: 'XX' },
      symptoms: [],
      onsetDays: -1,
      comments: 'x'.repeat(2001),
    });
    expect(messages(result)).toEqual(
      expect.arrayContaining([
        'assessment.field.firstName',
        'assessment.field.email',
        'assessment.field.phone',
        'assessment.field.state',
        'assessment.field.symptoms',
        'assessment.field.onsetDays',
        'assessment.field.comments',
      ]),
    );
  });

  it('takes adults only (a minor must be a dependent of an adult)', () => {
    const minor = assessmentIntakeSchema({ today }).safeParse(
      utiRequest({ patient: { ...utiRequest().patient, dob: '2015-01-01' } }),
    );
    expect(messages(minor)).toEqual(['validation.dob.underRegistrationAge']);
    const bad = assessmentIntakeSchema({ today }).safeParse(
      utiRequest({ patient: { ...utiRequest().patient, dob: '13-45-1990' } }),
    );
    expect(messages(bad)).toEqual(['validation.dob.invalid']);
  });
});

describe('the link code', () => {
  it('is a URL-safe random string', () => {
    expect(instoreCodeSchema.safeParse('abcDEF0123456789_-abcDEF01234567').success).toBe(true);
    expect(instoreCodeSchema.safeParse('short').success).toBe(false);
    expect(instoreCodeSchema.safeParse('has spaces in it and is long enough').success).toBe(false);
  });
});
