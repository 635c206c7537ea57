import { describe, expect, it } from 'vitest';
import { usStateCodes } from '../places/places.rules';
import { evaluateRxAnswers, rxProductById } from '../rx/rx-products.rules';
import { assessmentMessages } from './assessment.messages';
import {
  assessmentAvailableIn,
  assessmentConditions,
  assessmentForms,
  assessmentProductId,
  assessmentRefusalMessage,
  assessmentRxAnswers,
  assessmentStateRefusal,
  assessmentSymptoms,
  assessmentUnavailableStates,
  continuationState,
  durationAnswer,
} from './assessment.rules';

describe('in-store assessment states (spec section 1)', () => {
  it('is unavailable in exactly AR, DC, LA, MD, MN, MS, NY, OK, RI, WA and WV', () => {
    expect([...assessmentUnavailableStates]).toEqual([
      'AR',
      'DC',
      'LA',
      'MD',
      'MN',
      'MS',
      'NY',
      'OK',
      'RI',
      'WA',
      'WV',
    ]);
    for (const state of assessmentUnavailableStates)
      expect(assessmentAvailableIn(state)).toBe(false);
    const offered = usStateCodes.filter((s) => assessmentAvailableIn(s));
    expect(offered).toContain('FL');
    expect(offered).toContain('TX');
    expect(offered.length).toBe(
      usStateCodes.filter((s) => !(assessmentUnavailableStates as readonly string[]).includes(s))
        .length,
    );
  });

  it('reads the state in any case and refuses what is not a state code', () => {
    expect(assessmentAvailableIn('ny')).toBe(false);
    expect(assessmentAvailableIn(' fl ')).toBe(true);
    expect(assessmentAvailableIn('')).toBe(false);
    expect(assessmentAvailableIn('Florida')).toBe(false);
  });

  it('refuses a state before the form: not offered, not served by the pharmacy, outside the grant (issue 36)', () => {
    const pharmacy = { state: 'FL', serviceStates: ['GA', 'NY'] };
    const gaOnly = { states: ['GA'] };
    expect(assessmentStateRefusal('NY', pharmacy, null)).toBe('stateUnavailable');
    expect(assessmentStateRefusal('TX', pharmacy, null)).toBe('notServed');
    expect(assessmentStateRefusal('FL', pharmacy, gaOnly)).toBe('stateNotGranted');
    expect(assessmentStateRefusal('FL', pharmacy, null)).toBeNull();
    expect(assessmentStateRefusal('ga', pharmacy, gaOnly)).toBeNull();
    expect(assessmentRefusalMessage).toEqual({
      stateUnavailable: 'assessment.stateUnavailable',
      notServed: 'pharmacy.rx.notAvailable',
      stateNotGranted: 'assessment.stateNotGranted',
    });
  });
});

describe('the forms', () => {
  it('has a label for every form, symptom and condition in both languages', () => {
    for (const form of assessmentForms) {
      expect(assessmentMessages.es[`assessment.form.${form}`]).toMatch(/\w/);
      for (const s of assessmentSymptoms[form]) {
        const key = `assessment.symptom.${s}` as keyof typeof assessmentMessages.en;
        expect(assessmentMessages.en[key]).toMatch(/\w/);
        expect(assessmentMessages.es[key]).toMatch(/\w/);
      }
      for (const c of assessmentConditions[form]) {
        const key = `assessment.condition.${c}` as keyof typeof assessmentMessages.en;
        expect(assessmentMessages.en[key]).toMatch(/\w/);
        expect(assessmentMessages.es[key]).toMatch(/\w/);
      }
    }
    expect(assessmentMessages.en['assessment.form.uti']).toBe('Urinary tract infection');
    expect(assessmentMessages.es['assessment.form.uri']).toBe('Infección respiratoria superior');
  });

  it('continues both forms as the acute-care treatment, with answers its form accepts', () => {
    for (const form of assessmentForms) expect(assessmentProductId(form)).toBe('acute');
    const product = rxProductById('acute');
    if (!product) throw new Error('acute product missing');
    const answers = assessmentRxAnswers(
      { onsetDays: 3, history: { allergies: ' Penicillin ', medications: '' } },
      'Urinary tract infection (in-store assessment by Sunrise)',
    );
    expect(answers).toEqual({
      acuteProblem: 'Urinary tract infection (in-store assessment by Sunrise)',
      acuteDuration: 'days',
      allergies: 'Penicillin',
    });
    // With what the patient adds in the flow, the evaluation passes.
    const evaluation = evaluateRxAnswers(
      product,
      { ...answers, conditions: ['none'], medications: 'None', weightLbs: '150', heightIn: '66' },
      { age: 30, birthGender: 'F', userId: 'u1' },
    );
    expect(evaluation.issues).toEqual([]);
    expect(evaluation.passed).toBe(true);
  });

  it('turns the onset into the duration answer', () => {
    expect(durationAnswer(0)).toBe('days');
    expect(durationAnswer(6)).toBe('days');
    expect(durationAnswer(7)).toBe('weeks');
    expect(durationAnswer(27)).toBe('weeks');
    expect(durationAnswer(28)).toBe('longer');
  });
});

describe('the continuation link', () => {
  const at = new Date('2026-03-01T12:00:00Z');
  it('is open while sent and before its expiry, used once continued, expired after', () => {
    expect(
      continuationState({ status: 'sent', expiresAt: new Date('2026-03-02T00:00:00Z') }, at),
    ).toBe('open');
    expect(
      continuationState({ status: 'continued', expiresAt: new Date('2026-03-02T00:00:00Z') }, at),
    ).toBe('used');
    expect(continuationState({ status: 'sent', expiresAt: at }, at)).toBe('expired');
  });
});
