import type { PrescreeningResponse } from '@apothecall/domain/care/visits.api';
import { describe, expect, it } from 'vitest';
import { emptyScreeningForm, type ScreeningForm } from './get-care-draft';
import {
  askedOf,
  checkForm,
  evaluateForm,
  liveBmi,
  parseMeasure,
  splitLines,
  toAnswers,
} from './get-care-screening-answers';

/** What the server asks a 40-year-old woman: every section but ED. */
const woman: PrescreeningResponse = {
  error: false,
  age: 40,
  birthGender: 'F',
  sections: ['ldn', 'birthControl', 'vitals', 'allergies', 'medications', 'medicalProblems'],
  comorbidities: ['type2Diabetes', 'hypertension', 'pcos', 'unknownCondition'],
  ldnConditions: ['fibromyalgia', 'chronicPain'],
  emergencySigns: ['chestPain', 'troubleBreathing', 'notASign'],
};

/** A 30-year-old man asked only about ED and vitals. */
const man: PrescreeningResponse = {
  error: false,
  age: 30,
  birthGender: 'M',
  sections: ['ed', 'vitals'],
  comorbidities: [],
  ldnConditions: [],
  emergencySigns: [],
};

const form = (patch: Partial<ScreeningForm>): ScreeningForm => ({
  ...emptyScreeningForm,
  ...patch,
});

/** The woman's form answered with no problems anywhere. */
const answered = form({
  emergencyNone: true,
  medicalNone: true,
  ldnRequested: 'no',
  bcRequested: 'no',
});

describe('parseMeasure', () => {
  it('reads a positive number with a dot or a comma', () => {
    expect(parseMeasure('180')).toBe(180);
    expect(parseMeasure(' 72.5 ')).toBe(72.5);
    expect(parseMeasure('72,5')).toBe(72.5);
  });

  it('is null for empty, zero, negative, too large or not a number', () => {
    for (const text of ['', '   ', '0', '-5', '2000.1', 'abc', '1e999', '12kg']) {
      expect(parseMeasure(text)).toBeNull();
    }
    expect(parseMeasure('2000')).toBe(2000);
  });
});

describe('splitLines', () => {
  it('one trimmed item a line, blank lines dropped, either line ending', () => {
    expect(splitLines(' Penicillin \r\n\n  \nLatex\n')).toEqual(['Penicillin', 'Latex']);
    expect(splitLines('')).toEqual([]);
  });

  it('keeps at most 30 items of at most 500 characters', () => {
    const many = Array.from({ length: 40 }, (_, i) => `item ${i}`).join('\n');
    expect(splitLines(many)).toHaveLength(30);
    expect(splitLines('x'.repeat(600))[0]).toHaveLength(500);
  });
});

describe('askedOf', () => {
  it('keeps only the ids this app knows, and the sections by name', () => {
    const asked = askedOf(woman);
    expect(asked.emergencySigns).toEqual(['chestPain', 'troubleBreathing']);
    expect(asked.comorbidities).toEqual(['type2Diabetes', 'hypertension', 'pcos']);
    expect(asked.ldnConditions).toEqual(['fibromyalgia', 'chronicPain']);
    expect(asked).toMatchObject({ ed: false, ldn: true, birthControl: true, vitals: true });
  });
});

describe('checkForm', () => {
  it('a fully answered form has no errors', () => {
    expect(checkForm(answered, askedOf(woman))).toEqual({});
  });

  it('asks to answer every question that is asked', () => {
    expect(checkForm(emptyScreeningForm, askedOf(woman))).toEqual({
      emergencySigns: 'care.screening.selectAtLeastOne',
      medicalProblems: 'care.screening.selectAtLeastOne',
      ldnRequested: 'common.required',
      bcRequested: 'common.required',
    });
  });

  it('follow-up questions are required only after a yes', () => {
    const yes = form({ ...answered, ldnRequested: 'yes', bcRequested: 'yes' });
    expect(checkForm(yes, askedOf(woman))).toEqual({
      ldnConditions: 'care.screening.selectAtLeastOne',
      ldnOpioids: 'common.required',
      bcSmoker: 'common.required',
      bcPregnant: 'common.required',
    });
    expect(checkForm(form({ edRequested: 'yes' }), askedOf(man))).toEqual({
      edNitrates: 'common.required',
    });
    expect(checkForm(form({ edRequested: 'no' }), askedOf(man))).toEqual({});
  });

  it('vitals may stay empty but must be readable when typed', () => {
    const typed = form({ bloodPressure: '120-80', weight: 'heavy', height: '0', waist: '30' });
    expect(checkForm(typed, askedOf(man))).toEqual({
      edRequested: 'common.required',
      bloodPressure: 'care.screening.bloodPressureHint',
      weight: 'careUi.screening.numberInvalid',
      height: 'careUi.screening.numberInvalid',
    });
  });

  it('questions not asked are not checked', () => {
    expect(
      checkForm(form({ bloodPressure: 'nonsense' }), askedOf({ ...man, sections: [] })),
    ).toEqual({});
  });
});

describe('toAnswers', () => {
  it('turns typed text into the domain answers, in the units chosen', () => {
    const typed = form({
      ...answered,
      bloodPressure: ' 120/80 ',
      weight: '70,5',
      weightUnit: 'kg',
      height: '170',
      heightUnit: 'cm',
      waist: '',
      allergies: 'Penicillin\n\nLatex',
      medications: 'Metformin',
      medicalNone: false,
      medicalProblems: ['hypertension', 'notAsked'],
    });
    expect(toAnswers(typed, askedOf(woman))).toEqual({
      emergencySigns: [],
      vitals: {
        bloodPressure: '120/80',
        weight: { value: 70.5, unit: 'kg' },
        height: { value: 170, unit: 'cm' },
        waist: null,
      },
      allergies: ['Penicillin', 'Latex'],
      medications: ['Metformin'],
      medicalProblems: ['hypertension'],
      ldn: { requested: false, conditions: [], takesOpioids: false },
      birthControl: { requested: false, smoker: false, pregnant: false },
    });
  });

  it('drops what was not asked, even when the form still holds it', () => {
    const stale = form({
      allergies: 'Penicillin',
      weight: '80',
      edRequested: 'yes',
      edNitrates: 'yes',
      emergencySigns: ['chestPain'],
    });
    const answers = toAnswers(stale, askedOf({ ...man, sections: [] }));
    expect(answers).toEqual({
      emergencySigns: [],
      vitals: { bloodPressure: '', weight: null, height: null, waist: null },
      allergies: [],
      medications: [],
      medicalProblems: [],
    });
  });

  it('a "no" clears the follow-up answers typed before it', () => {
    const changedMind = form({
      edRequested: 'no',
      edNitrates: 'yes',
    });
    expect(toAnswers(changedMind, askedOf(man)).ed).toEqual({
      requested: false,
      takesNitrates: false,
    });
    const ldn = toAnswers(
      form({ ldnRequested: 'no', ldnConditions: ['fibromyalgia'], ldnOpioids: 'yes' }),
      askedOf(woman),
    ).ldn;
    expect(ldn).toEqual({ requested: false, conditions: [], takesOpioids: false });
  });
});

describe('evaluateForm', () => {
  it('passes a clean form and returns the answers to send', () => {
    const outcome = evaluateForm(answered, askedOf(woman), woman);
    expect(outcome.kind).toBe('passed');
    if (outcome.kind !== 'passed') return;
    expect(outcome.result.passed).toBe(true);
    expect(outcome.result.answers.birthControl).toEqual({
      requested: false,
      smoker: false,
      pregnant: false,
    });
    expect(outcome.evaluation.failures).toEqual([]);
  });

  it('stops on an emergency sign or a hypertensive crisis', () => {
    const emergency = evaluateForm(
      form({ ...answered, emergencyNone: false, emergencySigns: ['chestPain'] }),
      askedOf(woman),
      woman,
    );
    expect(emergency).toEqual({ kind: 'failed', failures: ['care.screening.emergency'] });
    const crisis = evaluateForm(
      form({ ...answered, bloodPressure: '185/95' }),
      askedOf(woman),
      woman,
    );
    expect(crisis).toEqual({ kind: 'failed', failures: ['care.screening.bloodPressureCrisis'] });
  });

  it('stops a smoker of 35 or more asking for birth control, not a younger one', () => {
    // A visit for birth control: the server asks that treatment's section.
    const forBirthControl = { ...woman, sections: woman.sections.filter((s) => s !== 'ldn') };
    const smoker = form({ ...answered, bcRequested: 'yes', bcSmoker: 'yes', bcPregnant: 'no' });
    expect(evaluateForm(smoker, askedOf(forBirthControl), forBirthControl)).toEqual({
      kind: 'failed',
      failures: ['care.screening.smokerOver35'],
    });
    expect(
      evaluateForm(smoker, askedOf(forBirthControl), { ...forBirthControl, age: 34 }).kind,
    ).toBe('passed');
    // A care reason asks no treatment: the same answers stop nothing.
    const forCare = {
      ...woman,
      sections: ['vitals', 'allergies', 'medications', 'medicalProblems'],
    };
    expect(evaluateForm(smoker, askedOf(forCare), forCare).kind).toBe('passed');
  });

  it('stops LDN with opioids, and ED with nitrates', () => {
    const opioids = form({
      ...answered,
      ldnRequested: 'yes',
      ldnConditions: ['fibromyalgia'],
      ldnOpioids: 'yes',
    });
    expect(evaluateForm(opioids, askedOf(woman), woman)).toEqual({
      kind: 'failed',
      failures: ['care.ldn.opioidConflict'],
    });
    const nitrates = form({ edRequested: 'yes', edNitrates: 'yes' });
    expect(evaluateForm(nitrates, askedOf(man), man)).toEqual({
      kind: 'failed',
      failures: ['care.screening.edNitrates'],
    });
  });

  it('raises alarms without stopping the visit', () => {
    const outcome = evaluateForm(
      form({
        ...answered,
        medicalNone: false,
        medicalProblems: ['type2Diabetes', 'hypertension'],
        bloodPressure: '150/95',
      }),
      askedOf(woman),
      woman,
    );
    expect(outcome.kind).toBe('passed');
    if (outcome.kind === 'passed') {
      expect([...outcome.evaluation.alarms].sort()).toEqual(['highBloodPressure', 'metabolic']);
    }
  });
});

describe('liveBmi', () => {
  it('is the BMI of the typed weight and height in any units', () => {
    expect(liveBmi(form({ weight: '180', height: '70' }))).toBe(25.8);
    const metric = liveBmi(
      form({ weight: '80', weightUnit: 'kg', height: '180', heightUnit: 'cm' }),
    );
    expect(metric).toBe(24.7);
  });

  it('is undefined until both are readable', () => {
    expect(liveBmi(form({ weight: '180' }))).toBeUndefined();
    expect(liveBmi(form({ weight: '180', height: 'tall' }))).toBeUndefined();
  });
});
