import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { describe, expect, it } from 'vitest';
import { checkDraft, emptyDraft, switchForm } from './assessment-draft';

const isKey = (key: string): key is MessageKey => key.includes('.');
const today = { year: 2026, month: 3, day: 1 };

describe('the assessment form', () => {
  const filled = {
    ...emptyDraft('uti'),
    firstName: 'Ana',
    lastName: 'Lopez',
    email: 'ana@example.test',
    dob: '04-12-1990',
    gender: 'F',
    phone: '305-555-0101',
    state: 'FL',
    language: 'es',
    symptoms: ['dysuria'],
    onsetDays: '3',
    urineDipstick: 'nitrites' as const,
  };

  it('sends a filled UTI intake as the API request', () => {
    const checked = checkDraft(filled, today, isKey);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.request).toMatchObject({
      form: 'uti',
      patient: { firstName: 'Ana', state: 'FL', dob: '04-12-1990', language: 'es' },
      onsetDays: 3,
      tests: { urineDipstick: 'nitrites' },
    });
  });

  it('puts each refusal under its field, the age with its limit', () => {
    const checked = checkDraft(
      { ...emptyDraft('uri'), dob: '01-01-2015', onsetDays: 'two' },
      today,
      isKey,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.firstName?.key).toBe('assessment.field.firstName');
    expect(checked.errors.email?.key).toBe('assessment.field.email');
    expect(checked.errors.state?.key).toBe('assessment.field.state');
    expect(checked.errors.symptoms?.key).toBe('assessment.field.symptoms');
    expect(checked.errors.onsetDays?.key).toBe('assessment.field.onsetDays');
    expect(checked.errors.dob).toEqual({
      key: 'validation.dob.underRegistrationAge',
      params: { minAge: 18 },
    });
  });

  it("switching the form keeps the patient and drops the other form's lists and the dipstick", () => {
    const uri = switchForm({ ...filled, conditions: ['diabetes'] }, 'uri');
    expect(uri).toMatchObject({ form: 'uri', firstName: 'Ana', symptoms: [], conditions: [] });
    expect(uri.urineDipstick).toBe('notDone');
    expect(checkDraft({ ...uri, symptoms: ['cough'] }, today, isKey).ok).toBe(true);
  });
});
