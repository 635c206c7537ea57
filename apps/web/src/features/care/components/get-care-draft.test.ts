import { screeningAnswersSchema } from '@apothecall/domain/care/screening.evaluate';
import { describe, expect, it } from 'vitest';
import {
  currentStepIndex,
  emptyGetCareDraft,
  emptyScreeningForm,
  firstIncompleteStep,
  type GetCareDraft,
  getCareSteps,
  patientChange,
  reasonChange,
  restoreGetCareDraft,
  stateChange,
} from './get-care-draft';

const holder = 'holder-1';
const child = 'child-2';
const family = [holder, child];

const pharmacy = {
  ncpdpId: '1234567',
  name: 'Bayfront Drugs',
  address: '1 Bay St',
  city: 'Miami',
  state: 'FL',
  zip: '33132',
  phone: '305-555-0101',
  fax: '305-555-0102',
};

/** A draft with every step answered, on the payment step. */
const complete: GetCareDraft = {
  ...emptyGetCareDraft(holder),
  step: 'payment',
  reason: 'soreThroat',
  notes: 'Since Monday',
  state: 'FL',
  screening: { ...emptyScreeningForm, emergencyNone: true, weight: '150' },
  screenResult: { passed: true, answers: screeningAnswersSchema.parse({}) },
  consentGiven: true,
  phoneConfirmed: true,
  pharmacy,
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('a new Get Care draft', () => {
  it('starts on the first step for the chosen person with a fresh idempotency key', () => {
    const draft = emptyGetCareDraft(child);
    expect(draft).toMatchObject({ step: 'patient', patientId: child, reason: null, state: null });
    expect(draft.idempotencyKey).toMatch(uuid);
    expect(emptyGetCareDraft(child).idempotencyKey).not.toBe(draft.idempotencyKey);
  });
});

describe('restoring a saved draft', () => {
  it('round-trips through JSON', () => {
    expect(restoreGetCareDraft(JSON.stringify(complete), family)).toEqual(complete);
  });

  it('drops a draft for someone not in this family (another login in this tab)', () => {
    expect(restoreGetCareDraft(JSON.stringify(complete), [child])).toBeNull();
    const nobody = { ...complete, patientId: null };
    expect(restoreGetCareDraft(JSON.stringify(nobody), [])).toEqual(nobody);
  });

  it('drops nothing saved, unreadable text and drafts of another shape', () => {
    const broken = [
      null,
      undefined,
      '',
      '{"step":',
      'null',
      JSON.stringify({ ...complete, step: 'checkout' }),
      JSON.stringify({ ...complete, reason: 'notAReason' }),
      JSON.stringify({ ...complete, idempotencyKey: 'short' }),
      JSON.stringify({ ...complete, notes: 'x'.repeat(2001) }),
      JSON.stringify({ ...complete, screening: { weight: '150' } }),
    ];
    for (const raw of broken) expect(restoreGetCareDraft(raw, family)).toBeNull();
  });
});

describe('the step a draft shows', () => {
  it('is the first step whose answers are missing', () => {
    expect(firstIncompleteStep(emptyGetCareDraft(null))).toBe('patient');
    expect(firstIncompleteStep({ ...complete, reason: null })).toBe('reason');
    expect(firstIncompleteStep({ ...complete, state: null })).toBe('location');
    expect(firstIncompleteStep({ ...complete, screenResult: null })).toBe('screening');
    expect(firstIncompleteStep({ ...complete, phoneConfirmed: false })).toBe('consent');
    expect(firstIncompleteStep({ ...complete, consentGiven: false })).toBe('consent');
    expect(firstIncompleteStep({ ...complete, pharmacy: null })).toBe('pharmacy');
    expect(firstIncompleteStep(complete)).toBe('payment');
  });

  it('never skips ahead of a missing answer, but may go back', () => {
    const index = (step: GetCareDraft['step']) => getCareSteps.indexOf(step);
    expect(currentStepIndex({ ...complete, screenResult: null })).toBe(index('screening'));
    expect(currentStepIndex({ ...complete, step: 'reason' })).toBe(index('reason'));
    expect(currentStepIndex(complete)).toBe(index('payment'));
  });
});

describe('changing an earlier answer', () => {
  it('another person forgets where, the screening and the phone confirmation', () => {
    expect(patientChange(complete, holder)).toEqual({});
    const patch = patientChange(complete, child);
    expect(patch).toEqual({
      patientId: child,
      state: null,
      screening: emptyScreeningForm,
      screenResult: null,
      phoneConfirmed: false,
    });
    const next = { ...complete, ...patch };
    expect(next.consentGiven).toBe(true);
    expect(firstIncompleteStep(next)).toBe('location');
  });

  it('another reason forgets the screening; the notes follow what was typed', () => {
    expect(reasonChange(complete, 'soreThroat', 'Worse today')).toEqual({ notes: 'Worse today' });
    const patch = reasonChange(complete, 'fever', 'Since Monday');
    expect(patch).toEqual({
      reason: 'fever',
      notes: 'Since Monday',
      screening: emptyScreeningForm,
      screenResult: null,
    });
    expect(firstIncompleteStep({ ...complete, ...patch })).toBe('screening');
  });

  it('another state forgets the pharmacy', () => {
    expect(stateChange(complete, 'FL')).toEqual({});
    expect(stateChange(complete, 'TX')).toEqual({ state: 'TX', pharmacy: null });
  });
});
