import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import { careReasonIds, careReasons, isCareReasonId } from './care-reasons';
import {
  bmiFromImperial,
  bmiFromMetric,
  bodyMeasurements,
  comorbidityChoices,
  hasMetabolicAlarm,
  ldnConditions,
  ldnEligibility,
  optionsFor,
  parseBloodPressure,
  screeningFailedKey,
  screeningSections,
  toCentimeters,
  toInches,
  toKilograms,
  toPounds,
  validateSelection,
} from './screening.rules';

describe('care reasons (spec 2)', () => {
  it('lists the 8 care reasons with en and es labels', () => {
    expect(careReasons.map((r) => translate('en', r.labelKey))).toEqual([
      'Fever',
      'Sore throat',
      'Ear pain',
      'Pink eye',
      'Cough/cold',
      'Urinary tract infection',
      'Refill medications',
      'Covid certification',
    ]);
    expect(careReasons.map((r) => r.id)).toEqual([...careReasonIds]);
    expect(translate('es', 'care.reason.earPain')).toBe('Dolor de oído');
    expect(isCareReasonId('pinkEye')).toBe(true);
    expect(isCareReasonId('headache')).toBe(false);
  });
});

describe('options by age range and birth gender (spec 5)', () => {
  const ids = (patient: Parameters<typeof optionsFor>[1]) =>
    optionsFor(comorbidityChoices, patient).map((o) => o.id);

  it('shows F-tagged choices only to birth-female patients', () => {
    expect(ids({ age: 30, birthGender: 'M' })).not.toContain('pcos');
    expect(ids({ age: 30, birthGender: 'M' })).not.toContain('femaleInfertility');
    expect(ids({ age: 30, birthGender: 'M' })).toContain('lowTestosteroneHypogonadism');
    expect(ids({ age: 30, birthGender: 'F' })).toEqual(
      expect.arrayContaining(['pcos', 'femaleInfertility']),
    );
    expect(ids({ age: 30, birthGender: 'F' })).not.toContain('lowTestosteroneHypogonadism');
  });

  it('shows every choice when birth gender is X or not given', () => {
    expect(ids({ age: 30, birthGender: 'X' })).toHaveLength(15);
    expect(ids({ age: 30 })).toHaveLength(15);
  });

  it('limits sections by inclusive age range', () => {
    const sections = (age: number, birthGender: 'M' | 'F') =>
      optionsFor(screeningSections, { age, birthGender }).map((s) => s.id);
    expect(sections(17, 'M')).not.toContain('ed');
    expect(sections(18, 'M')).toContain('ed');
    expect(sections(50, 'F')).toContain('birthControl');
    expect(sections(51, 'F')).not.toContain('birthControl');
    expect(sections(30, 'M')).not.toContain('birthControl');
    expect(sections(10, 'F')).toEqual(['vitals', 'allergies', 'medications', 'medicalProblems']);
  });

  it('never adds options and keeps their order (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120 }),
        fc.constantFrom('M' as const, 'F' as const, 'X' as const),
        (age, g) => {
          const shown = optionsFor(comorbidityChoices, { age, birthGender: g });
          const order = comorbidityChoices.filter((c) => shown.includes(c));
          expect(shown).toEqual(order);
          for (const option of shown) {
            if (option.gender && g !== 'X') expect(option.gender).toBe(g);
          }
        },
      ),
    );
  });
});

describe('selection and failure messages (spec 5 and 8)', () => {
  it('requires at least one option', () => {
    expect(validateSelection([])).toEqual({ ok: false, key: 'care.screening.selectAtLeastOne' });
    expect(validateSelection(['asthma'])).toEqual({ ok: true });
  });

  it("says 'Screening Failed. Visit Cannot Continue.'", () => {
    expect(translate('en', screeningFailedKey)).toBe('Screening Failed. Visit Cannot Continue.');
  });
});

describe('comorbidity choices (spec 9)', () => {
  it('has the 15 choices with the F and M tags', () => {
    expect(comorbidityChoices.map((c) => translate('en', c.labelKey))).toEqual([
      'Depression',
      'Acid reflux',
      'Heart disease',
      'Asthma',
      'Fatty liver',
      'Type 2 diabetes',
      'Osteoarthritis',
      'Female infertility',
      'Prediabetes',
      'Hypertension',
      'Obstructive sleep apnea',
      'PCOS',
      'Low testosterone (hypogonadism)',
      'Elevated cholesterol or triglycerides',
      'Stress urinary incontinence',
    ]);
    const tagged = Object.fromEntries(
      comorbidityChoices.filter((c) => c.gender).map((c) => [c.id, c.gender]),
    );
    expect(tagged).toEqual({ femaleInfertility: 'F', pcos: 'F', lowTestosteroneHypogonadism: 'M' });
  });
});

describe('metabolic alarm (spec 5)', () => {
  it('is raised with 2 or more of diabetes, hypertension and high cholesterol', () => {
    expect(hasMetabolicAlarm(['type2Diabetes'])).toBe(false);
    expect(hasMetabolicAlarm(['type2Diabetes', 'asthma', 'prediabetes'])).toBe(false);
    expect(hasMetabolicAlarm(['type2Diabetes', 'hypertension'])).toBe(true);
    expect(hasMetabolicAlarm(['hypertension', 'elevatedCholesterolTriglycerides'])).toBe(true);
    expect(
      hasMetabolicAlarm(['type2Diabetes', 'hypertension', 'elevatedCholesterolTriglycerides']),
    ).toBe(true);
    expect(hasMetabolicAlarm(['hypertension', 'hypertension'])).toBe(false);
  });
});

describe('LDN (spec 5)', () => {
  it('is prescribed only with one of the listed conditions', () => {
    expect(ldnConditions.length).toBeGreaterThan(0);
    expect(ldnEligibility({ conditions: ['fibromyalgia'] })).toEqual({ ok: true });
    expect(ldnEligibility({ conditions: ['asthma'] })).toEqual({
      ok: false,
      key: 'care.ldn.noQualifyingCondition',
    });
    expect(ldnEligibility({ conditions: [] })).toEqual({
      ok: false,
      key: 'care.ldn.noQualifyingCondition',
    });
  });

  it('is refused to patients taking opioids', () => {
    expect(ldnEligibility({ conditions: ['multipleSclerosis'], takesOpioids: true })).toEqual({
      ok: false,
      key: 'care.ldn.opioidConflict',
    });
  });
});

describe('blood pressure (spec 5)', () => {
  it('reads 120/80', () => {
    expect(parseBloodPressure('120/80')).toEqual({ systolic: 120, diastolic: 80 });
    expect(parseBloodPressure(' 135 / 85 ')).toEqual({ systolic: 135, diastolic: 85 });
  });

  it('ignores systolic <= 70 and diastolic <= 10', () => {
    expect(parseBloodPressure('70/50')).toBeUndefined();
    expect(parseBloodPressure('71/50')).toEqual({ systolic: 71, diastolic: 50 });
    expect(parseBloodPressure('120/10')).toBeUndefined();
    expect(parseBloodPressure('120/11')).toEqual({ systolic: 120, diastolic: 11 });
  });

  it('ignores what is not two numbers around a slash, and implausible values', () => {
    for (const input of ['120', '120-80', '120/80/60', 'abc', '', '120.5/80', '80/120', '400/90']) {
      expect({ input, bp: parseBloodPressure(input) }).toEqual({ input, bp: undefined });
    }
  });

  it('never throws and only answers values above the limits (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{1,4}\/\d{1,4}$/)), (input) => {
        const bp = parseBloodPressure(input);
        if (bp) {
          expect(bp.systolic).toBeGreaterThan(70);
          expect(bp.diastolic).toBeGreaterThan(10);
        }
      }),
    );
  });
});

describe('measurements and BMI (spec 3 and 5)', () => {
  it('converts with 2.205 lbs per kg and 2.54 cm per inch', () => {
    expect(toPounds(100, 'kg')).toBeCloseTo(220.5, 10);
    expect(toKilograms(220.5, 'lbs')).toBeCloseTo(100, 10);
    expect(toInches(254, 'cm')).toBeCloseTo(100, 10);
    expect(toCentimeters(10, 'in')).toBeCloseTo(25.4, 10);
    expect(toPounds(150, 'lbs')).toBe(150);
  });

  it('computes bmi = lbs / in² x 703', () => {
    expect(bmiFromImperial(150, 65)).toBe(25);
    expect(bmiFromImperial(200, 70)).toBe(28.7);
    expect(bmiFromImperial(0, 70)).toBeUndefined();
    expect(bmiFromImperial(150, Number.NaN)).toBeUndefined();
  });

  it('gives every measurement in both units', () => {
    expect(
      bodyMeasurements({
        weight: { value: 68.0272, unit: 'kg' },
        height: { value: 165.1, unit: 'cm' },
        waist: { value: 32, unit: 'in' },
      }),
    ).toEqual({
      weightLbs: expect.closeTo(150, 3),
      weightKg: 68.0272,
      heightIn: expect.closeTo(65, 6),
      heightCm: 165.1,
      waistIn: 32,
      waistCm: expect.closeTo(81.28, 6),
      bmi: 25,
    });
    expect(
      bodyMeasurements({ weight: { value: -1, unit: 'kg' }, height: { value: 170, unit: 'cm' } }),
    ).toBeUndefined();
  });

  it('agrees between metric and imperial input within rounding (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 20, max: 700, noNaN: true }),
        fc.double({ min: 30, max: 100, noNaN: true }),
        (lbs, inches) => {
          const imperial = bmiFromImperial(lbs, inches);
          const metric = bmiFromMetric(lbs / 2.205, inches * 2.54);
          expect(imperial).toBeDefined();
          expect(metric).toBeDefined();
          expect(Math.abs((imperial ?? 0) - (metric ?? 0))).toBeLessThanOrEqual(0.1 + 1e-9);
        },
      ),
    );
  });

  it('stays within 0.2% of the exact kg/m² formula (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 10, max: 300, noNaN: true }),
        fc.double({ min: 80, max: 250, noNaN: true }),
        (kg, cm) => {
          const exact = kg / (cm / 100) ** 2;
          const bmi = bmiFromMetric(kg, cm) ?? 0;
          expect(Math.abs(bmi - exact)).toBeLessThanOrEqual(exact * 0.002 + 0.05);
        },
      ),
    );
  });
});
