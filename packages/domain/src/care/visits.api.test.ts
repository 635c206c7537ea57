import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issuePaths } from '../validation/schema-issues';
import {
  endVisitRequestSchema,
  isNoteRequiredIssue,
  startVisitRequestSchema,
  visitStartErrorSchema,
} from './visits.api';

const A = '3f1c2b9e-8a4d-4c6e-9b2a-1d5e7f9a0b1c';

/** Each issue as [path, catalogue key]. */
function issues(schema: z.ZodType, input: unknown): [string, string][] {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

const note = {
  subjective: 'Sore throat for two days',
  objective: 'Red pharynx',
  assessment: 'Pharyngitis',
  plan: 'Fluids and rest',
};
const prescription = {
  medication: 'Amoxicillin',
  strength: '500 mg',
  quantity: 20,
  refills: 0,
  directions: 'One capsule twice a day',
  pharmacyNcpdpId: null,
};

describe('ending a visit: the note', () => {
  it('completed needs the assessment and the plan; blanks count as missing', () => {
    expect(
      issues(endVisitRequestSchema, { outcome: 'completed', note: { ...note, assessment: '  ' } }),
    ).toEqual([
      ['note', 'care.visit.noteRequired'],
      ['note.assessment', 'common.required'],
    ]);
    expect(issues(endVisitRequestSchema, { outcome: 'completed', note: null })).toEqual([
      ['note', 'care.visit.noteRequired'],
      ['note.assessment', 'common.required'],
      ['note.plan', 'common.required'],
    ]);
    expect(issues(endVisitRequestSchema, { outcome: 'completed', note })).toEqual([]);
  });

  it('marks the completed-note issues, which the API answers as 400 NOTE_REQUIRED', () => {
    const completed = endVisitRequestSchema.safeParse({ outcome: 'completed', note: null });
    expect(completed.error?.issues.map(isNoteRequiredIssue)).toEqual([true, true, true]);
    const refund = endVisitRequestSchema.safeParse({ outcome: 'refund', note: null });
    expect(refund.error?.issues.map(isNoteRequiredIssue)).toEqual([false, false]);
    const badQuantity = endVisitRequestSchema.safeParse({
      outcome: 'completed',
      note,
      prescription: { ...prescription, quantity: 0 },
    });
    expect(badQuantity.error?.issues.map(isNoteRequiredIssue)).toEqual([false]);
  });

  it('refund needs any part of the note to say why', () => {
    const schema = endVisitRequestSchema;
    expect(issues(schema, { outcome: 'refund' })).toEqual([
      ['note', 'clinicUi.end.refundNoteRequired'],
      ['note.assessment', 'common.required'],
    ]);
    expect(issues(schema, { outcome: 'refund', note: { subjective: ' \n ' } })).toHaveLength(2);
    expect(issues(schema, { outcome: 'refund', note: { objective: 'Needs an exam' } })).toEqual([]);
  });

  it('a no-show needs no note', () => {
    expect(issues(endVisitRequestSchema, { outcome: 'noShow' })).toEqual([]);
    expect(endVisitRequestSchema.parse({ outcome: 'noShow' })).toEqual({
      outcome: 'noShow',
      note: null,
      prescription: null,
      covidTest: null,
    });
  });

  it('a Covid test names its type, result and day, or answers what is missing', () => {
    const parsed = endVisitRequestSchema.safeParse({
      outcome: 'noShow',
      covidTest: { testType: 'saliva', result: '', testedOn: '' },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message).sort()).toEqual([
      'certificates.resultRequired',
      'certificates.testTypeRequired',
      'certificates.testedOnRequired',
    ]);
    expect(
      endVisitRequestSchema.parse({
        outcome: 'completed',
        note: { assessment: 'a', plan: 'b' },
        covidTest: { testType: 'pcr', result: 'negative', testedOn: '2026-11-25' },
      }).covidTest,
    ).toEqual({ testType: 'pcr', result: 'negative', testedOn: '2026-11-25' });
  });

  it('the parsed note is trimmed and its missing parts are empty', () => {
    const parsed = endVisitRequestSchema.parse({
      outcome: 'refund',
      note: { assessment: '  In-person exam needed  ' },
    });
    expect(parsed.note).toEqual({
      subjective: '',
      objective: '',
      assessment: 'In-person exam needed',
      plan: '',
    });
  });
});

describe('ending a visit: the prescription limits answer with catalogue keys', () => {
  const check = (patch: Record<string, unknown>) =>
    issues(endVisitRequestSchema, {
      outcome: 'completed',
      note,
      prescription: { ...prescription, ...patch },
    });

  it('accepts a complete prescription, with or without a pharmacy', () => {
    expect(check({})).toEqual([]);
    expect(check({ pharmacyNcpdpId: '1234567' })).toEqual([]);
  });

  it.each([
    [{ medication: ' A ' }, 'prescription.medication', 'clinicUi.rx.medicationInvalid'],
    [{ strength: '   ' }, 'prescription.strength', 'clinicUi.rx.strengthInvalid'],
    [{ quantity: 0 }, 'prescription.quantity', 'clinicUi.rx.quantityInvalid'],
    [{ quantity: 1001 }, 'prescription.quantity', 'clinicUi.rx.quantityInvalid'],
    [{ quantity: 2.5 }, 'prescription.quantity', 'clinicUi.rx.quantityInvalid'],
    [{ quantity: Number.NaN }, 'prescription.quantity', 'clinicUi.rx.quantityInvalid'],
    [{ refills: -1 }, 'prescription.refills', 'clinicUi.rx.refillsInvalid'],
    [{ refills: 12 }, 'prescription.refills', 'clinicUi.rx.refillsInvalid'],
    [{ refills: '2' }, 'prescription.refills', 'clinicUi.rx.refillsInvalid'],
    [{ directions: 'x' }, 'prescription.directions', 'clinicUi.rx.directionsInvalid'],
    [
      { pharmacyNcpdpId: '1'.repeat(21) },
      'prescription.pharmacyNcpdpId',
      'clinicUi.rx.pharmacyInvalid',
    ],
  ])('%j -> %s %s', (patch, path, key) => {
    expect(check(patch)).toEqual([[path, key]]);
  });

  it('the limits are inclusive', () => {
    expect(check({ quantity: 1, refills: 11 })).toEqual([]);
    expect(check({ quantity: 1000, refills: 0, pharmacyNcpdpId: '1'.repeat(20) })).toEqual([]);
  });
});

describe('ending a visit: every problem at once', () => {
  it('the note rules run even when the prescription has a wrong type', () => {
    expect(
      issues(endVisitRequestSchema, {
        outcome: 'completed',
        note: { ...note, plan: '' },
        prescription: { ...prescription, quantity: 'twenty' },
      }),
    ).toEqual([
      ['prescription.quantity', 'clinicUi.rx.quantityInvalid'],
      ['note', 'care.visit.noteRequired'],
      ['note.plan', 'common.required'],
    ]);
  });

  it('they do not run on an unreadable outcome, note or body', () => {
    expect(issues(endVisitRequestSchema, { outcome: 'cured', note: null })).toEqual([
      ['outcome', expect.any(String)],
    ]);
    expect(issues(endVisitRequestSchema, { outcome: 'refund', note: 'why' })).toEqual([
      ['note', expect.any(String)],
    ]);
    expect(issues(endVisitRequestSchema, null)).toEqual([['', expect.any(String)]]);
  });
});

describe('visit start', () => {
  const request = {
    patientID: A,
    complaint: { reason: 'fever', notes: 'Since Monday' },
    states: ['FL'],
    profileID: '512345678',
    signature: 'sig',
    payProfileID: '612345678',
    priceToken: 'tok',
    pricingChoice: 'standard',
    visitScreenResult: { passed: true, answers: { allergies: ['penicillin'] } },
    idempotencyKey: 'start-0001',
  };

  it('parses a card-paid start', () => {
    const parsed = startVisitRequestSchema.parse(request);
    expect(parsed.subscriptionToken).toBeNull();
    expect(parsed.pharmacy).toBeNull();
    expect(parsed.visitScreenResult).toMatchObject({
      passed: true,
      answers: { allergies: ['penicillin'], emergencySigns: [] },
    });
    // The screening is a fixed shape, not free JSON.
    expect(
      startVisitRequestSchema.safeParse({ ...request, visitScreenResult: { passed: true } })
        .success,
    ).toBe(false);
  });

  it('needs the patient and at least one valid state', () => {
    expect(issuePaths(startVisitRequestSchema, { ...request, states: [] })).toEqual(['states']);
    expect(
      issuePaths(startVisitRequestSchema, { ...request, states: ['fl'], patientID: '' }),
    ).toEqual(['patientID', 'states.0']);
  });

  it('a start error carries the default price to fall back to', () => {
    const err = {
      error: true,
      errorMsg: 'Coupon code cannot be used.',
      errorCode: 'COUPON',
      defaultPrice: 3900,
      defaultPriceToken: 'tok2',
    };
    expect(visitStartErrorSchema.parse(err)).toEqual(err);
    expect(issuePaths(visitStartErrorSchema, { ...err, defaultPrice: -1 })).toEqual([
      'defaultPrice',
    ]);
  });
});
