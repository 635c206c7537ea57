import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import {
  consentsAccepted,
  evaluateRxAnswers,
  optionsOffered,
  questionsAsked,
  rxProductById,
  rxProducts,
} from './rx-products.rules';

const adult = { age: 40, birthGender: 'F' as const, userId: 'u1' };
const shared = {
  conditions: ['none'],
  medications: 'none',
  allergies: 'none',
  weightLbs: '150',
  heightIn: '66',
};
const ldn = rxProductById('ldn');
if (!ldn) throw new Error('ldn product missing');
const ldnAnswers = {
  ...shared,
  ldnCondition: ['fibromyalgia'],
  ldnOpioids: 'no',
  ldnDose: 'start',
  ldnRecords: 'no',
};

describe('Rx products', () => {
  it('offers the packages of spec section 9, each priced, with its texts in both languages', () => {
    expect(rxProducts.map((p) => p.id)).toEqual([
      'ldn',
      'cialis',
      'viagra',
      'prophylacticAntibiotics',
      'acute',
      'chronic',
      'prep',
    ]);
    for (const product of rxProducts) {
      expect(product.priceCents).toBeGreaterThan(0);
      for (const lang of ['en', 'es'] as const) {
        expect(translate(lang, product.nameKey)).not.toBe(product.nameKey);
        for (const q of product.questions) {
          expect(translate(lang, q.phraseKey)).not.toBe(q.phraseKey);
          for (const o of q.options ?? []) {
            // A catalogue text in this language, or a label that reads the same in both.
            if (o.labelKey) expect(translate(lang, o.labelKey)).not.toBe(o.labelKey);
            else expect(o.label).toMatch(/\S/);
          }
        }
      }
    }
    expect(rxProductById('cialis')?.protocolId).toBe('E13');
    expect(rxProductById('ldn')?.consentDocumentIds).toEqual(['ldn']);
  });

  it('asks for the consents of the product in their current version', () => {
    expect(consentsAccepted(ldn, [{ id: 'ldn', versionDate: '2025-01-01' }])).toBe(true);
    expect(consentsAccepted(ldn, [{ id: 'ldn', versionDate: '2024-01-01' }])).toBe(false);
    expect(consentsAccepted(ldn, [])).toBe(false);
  });

  it('passes complete answers and keeps them as FieldState (id userId:fieldId)', () => {
    const result = evaluateRxAnswers(ldn, ldnAnswers, adult);
    expect(result).toMatchObject({ passed: true, issues: [], stops: [], asksAttachment: false });
    expect(result.fields.find((f) => f.id === 'u1:ldnDose')).toMatchObject({
      section: 'treatment',
      data: 'start',
      phrase: 'rx.q.ldnDose',
    });
    expect(result.bmi).toBeCloseTo(24.2, 1);
  });

  it('marks the branch that asks for a document', () => {
    expect(evaluateRxAnswers(ldn, { ...ldnAnswers, ldnRecords: 'yes' }, adult).asksAttachment).toBe(
      true,
    );
  });

  it('stops LDN with opioids or without a listed condition', () => {
    expect(evaluateRxAnswers(ldn, { ...ldnAnswers, ldnOpioids: 'yes' }, adult).stops).toEqual([
      'rx.stop.ldnOpioids',
    ]);
    expect(evaluateRxAnswers(ldn, { ...ldnAnswers, ldnCondition: ['none'] }, adult).stops).toEqual([
      'rx.stop.ldnCondition',
    ]);
  });

  it('names a missing or invalid answer by its question', () => {
    const { ldnDose: _omitted, ...rest } = ldnAnswers;
    expect(evaluateRxAnswers(ldn, rest, adult).issues).toEqual([
      { questionId: 'ldnDose', key: 'rx.answer.required' },
    ]);
    expect(evaluateRxAnswers(ldn, { ...ldnAnswers, ldnDose: 'double' }, adult).issues).toEqual([
      { questionId: 'ldnDose', key: 'rx.answer.invalid' },
    ]);
    expect(evaluateRxAnswers(ldn, { ...ldnAnswers, weightLbs: '9' }, adult).passed).toBe(false);
  });

  it('filters by age and birth gender: ED for men only, the pregnancy question for women only', () => {
    const cialis = rxProductById('cialis');
    const travel = rxProductById('prophylacticAntibiotics');
    if (!cialis || !travel) throw new Error('products missing');
    const ed = { ...shared, edNitrates: 'no', edChestPain: 'no', edOption: 'Cialis 5 mg x90' };
    expect(evaluateRxAnswers(cialis, ed, { ...adult, birthGender: 'M' }).passed).toBe(true);
    expect(evaluateRxAnswers(cialis, ed, adult).stops).toContain('rx.stop.gender');
    expect(evaluateRxAnswers(cialis, ed, { ...adult, age: 17, birthGender: 'M' }).stops).toEqual([
      'rx.stop.age',
    ]);
    const pregnant = travel.questions.find((q) => q.id === 'pregnant');
    if (!pregnant) throw new Error('question missing');
    expect(optionsOffered(pregnant, { birthGender: 'M' })).toEqual([]);
    expect(questionsAsked(travel, {}, { birthGender: 'M' }).map((q) => q.id)).not.toContain(
      'pregnant',
    );
    expect(questionsAsked(travel, {}, { birthGender: 'F' }).map((q) => q.id)).toContain('pregnant');
  });

  it('raises the alarms the prescriber sees: metabolic, very high blood pressure, BMI over 40', () => {
    const result = evaluateRxAnswers(
      ldn,
      {
        ...ldnAnswers,
        conditions: ['type2Diabetes', 'hypertension'],
        bloodPressure: '185/100',
        weightLbs: '300',
        heightIn: '60',
      },
      adult,
    );
    expect(result.alarms).toEqual(['metabolic', 'highBloodPressure', 'bmiOver40']);
    expect(result.passed).toBe(true);
  });
});
