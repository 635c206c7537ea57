import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emergencySignIds,
  evaluateScreening,
  screeningAnswersSchema,
  sectionsFor,
} from './screening.evaluate';

const answers = (input: unknown) => screeningAnswersSchema.parse(input);
const adultWoman = { age: 30, birthGender: 'F' as const };
const adultMan = { age: 40, birthGender: 'M' as const };

describe('evaluateScreening', () => {
  it('passes a plain sore-throat screening with no alarms', () => {
    const result = evaluateScreening(answers({ allergies: ['penicillin'] }), adultWoman);
    expect(result).toMatchObject({ passed: true, failures: [], alarms: [] });
  });

  it('stops on any emergency warning sign', () => {
    fc.assert(
      fc.property(fc.subarray([...emergencySignIds], { minLength: 1 }), (signs) => {
        const result = evaluateScreening(answers({ emergencySigns: signs }), adultWoman);
        expect(result.passed).toBe(false);
        expect(result.failures).toContain('care.screening.emergency');
      }),
    );
  });

  it('stops on a hypertensive crisis and only flags high blood pressure below it', () => {
    const crisis = evaluateScreening(answers({ vitals: { bloodPressure: '185/100' } }), adultMan);
    expect(crisis.failures).toEqual(['care.screening.bloodPressureCrisis']);
    const high = evaluateScreening(answers({ vitals: { bloodPressure: '145/92' } }), adultMan);
    expect(high).toMatchObject({ passed: true, alarms: ['highBloodPressure'] });
    expect(high.bloodPressure).toEqual({ systolic: 145, diastolic: 92 });
  });

  it('raises the metabolic alarm and BMI alarm without stopping the visit', () => {
    const result = evaluateScreening(
      answers({
        medicalProblems: ['type2Diabetes', 'hypertension'],
        vitals: { weight: { value: 300, unit: 'lbs' }, height: { value: 64, unit: 'in' } },
      }),
      adultWoman,
    );
    expect(result.passed).toBe(true);
    expect(result.alarms).toEqual(expect.arrayContaining(['metabolic', 'bmiOver40']));
    expect(result.bmi).toBeCloseTo(51.5, 1);
  });

  it('applies the ED, LDN and birth-control rules only where the section applies', () => {
    const nitrates = answers({ ed: { requested: true, takesNitrates: true } });
    expect(evaluateScreening(nitrates, adultMan, 'ed').failures).toEqual([
      'care.screening.edNitrates',
    ]);
    // ED is not asked of women, so an answer there is ignored.
    expect(evaluateScreening(nitrates, adultWoman, 'ed').passed).toBe(true);

    const ldn = answers({
      ldn: { requested: true, conditions: ['fibromyalgia'], takesOpioids: true },
    });
    expect(evaluateScreening(ldn, adultWoman, 'ldn').failures).toEqual(['care.ldn.opioidConflict']);

    const smoker = answers({ birthControl: { requested: true, smoker: true } });
    expect(
      evaluateScreening(smoker, { age: 36, birthGender: 'F' }, 'birthControl').failures,
    ).toEqual(['care.screening.smokerOver35']);
    expect(evaluateScreening(smoker, { age: 30, birthGender: 'F' }, 'birthControl').passed).toBe(
      true,
    );
    const pregnant = answers({ birthControl: { requested: true, pregnant: true } });
    expect(evaluateScreening(pregnant, adultWoman, 'birthControl').failures).toEqual([
      'care.screening.pregnant',
    ]);
  });

  it("asks a treatment's questions only of a visit for that treatment (issue 13)", () => {
    const general = ['vitals', 'allergies', 'medications', 'medicalProblems'];
    // A sore throat, a fever or any on-demand reason: the patient's own health, nothing more.
    expect(sectionsFor(adultWoman)).toEqual(general);
    expect(sectionsFor(adultMan)).toEqual(general);
    // An answer to a section the visit does not ask is ignored.
    const smoker = answers({ birthControl: { requested: true, smoker: true } });
    expect(evaluateScreening(smoker, { age: 40, birthGender: 'F' }).passed).toBe(true);
    // A treatment adds its own section, within its age and birth-gender limits.
    expect(sectionsFor(adultMan, 'ed')).toEqual(['ed', ...general]);
    expect(sectionsFor(adultWoman, 'birthControl')).toEqual(['birthControl', ...general]);
    expect(sectionsFor(adultWoman, 'ldn')).toEqual(['ldn', ...general]);
    expect(sectionsFor({ age: 8, birthGender: 'M' }, 'ed')).toEqual(general);
    expect(sectionsFor({ age: 8, birthGender: 'F' }, 'birthControl')).toEqual(general);
  });

  it('asks children neither ED, LDN nor birth control', () => {
    expect(sectionsFor({ age: 8, birthGender: 'M' })).toEqual([
      'vitals',
      'allergies',
      'medications',
      'medicalProblems',
    ]);
    expect(sectionsFor(adultMan, 'ed')).toContain('ed');
    expect(sectionsFor(adultWoman, 'birthControl')).toContain('birthControl');
  });

  it('rejects malformed answers instead of guessing', () => {
    expect(screeningAnswersSchema.safeParse({ emergencySigns: ['headache'] }).success).toBe(false);
    expect(
      screeningAnswersSchema.safeParse({ vitals: { weight: { value: -1, unit: 'lbs' } } }).success,
    ).toBe(false);
  });
});
