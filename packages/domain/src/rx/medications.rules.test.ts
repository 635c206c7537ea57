import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMessageKey, translate } from '../i18n/catalog';
import { gabapentinRestrictedStates } from '../places/places.rules';
import {
  controlledClasses,
  controlledSubstances,
  medicationAliasGroups,
  medicationPackages,
  pharmacistProtocols,
  pt141NoRx,
} from './medications.data';
import {
  aliasGroupOf,
  categoryOf,
  checkPrescription,
  checkPt141Protocol,
  controlledClassOf,
  isGabapentin,
  isLdnDoseInRange,
  medicationWords,
  mentions,
  packageById,
  sameAliasGroup,
  strengthMgOf,
} from './medications.rules';

describe('word matching', () => {
  it('cuts texts into lower-case words, splitting digits from letters and dropping accents', () => {
    expect(medicationWords('PT-141 2mg')).toEqual(['pt', '141', '2', 'mg']);
    expect(medicationWords('pt141')).toEqual(['pt', '141']);
    expect(medicationWords('Bupropión/Naltrexona')).toEqual(['bupropion', 'naltrexona']);
  });

  it('matches whole words only, case-insensitively', () => {
    expect(mentions('ADDERALL XR 20mg', 'adderall')).toBe(true);
    expect(mentions('enclomiphene 25 mg', 'clomiphene')).toBe(false);
    expect(mentions('Tylenol #3', 'tylenol 3')).toBe(true);
    expect(mentions('MS Contin 15', 'ms contin')).toBe(true);
    expect(mentions('Contin MS', 'ms contin')).toBe(false);
  });
});

describe('controlled substances (spec 5)', () => {
  it('covers every class the spec names', () => {
    const expected: Record<string, string> = {
      'Oxycodone 5 mg': 'opioid',
      'Percocet 5/325': 'opioid',
      'Adderall XR': 'stimulant',
      vyvanse: 'stimulant',
      'Xanax 0.5mg': 'benzodiazepine',
      clonazepam: 'benzodiazepine',
      Fioricet: 'barbiturate',
      Phenobarbital: 'barbiturate',
      'Testosterone cypionate 200mg/ml': 'testosterone',
      'AndroGel 1.62%': 'testosterone',
      'Ketamine troche': 'ketamine',
      Spravato: 'ketamine',
      'TRAMADOL 50': 'tramadol',
      Ultram: 'tramadol',
      'Lyrica 75 mg': 'pregabalin',
      pregabalin: 'pregabalin',
      'Ambien 10mg': 'sedativeHypnotic',
      'Soma 350': 'sedativeHypnotic',
      Marinol: 'cannabinoid',
      Lomotil: 'other',
    };
    for (const [text, cls] of Object.entries(expected)) {
      expect({ text, cls: controlledClassOf(text) }).toEqual({ text, cls });
    }
  });

  it('leaves ordinary medicines alone', () => {
    for (const text of [
      'Cialis 5mg',
      'Sildenafil 20 mg',
      'Amoxicillin',
      'Low dose naltrexone 4.5mg',
      'Enclomiphene',
      'Gabapentin',
    ]) {
      expect({ text, cls: controlledClassOf(text) }).toEqual({ text, cls: undefined });
    }
  });

  it('has a non-empty, duplicate-free list per class', () => {
    for (const cls of controlledClasses) {
      const names = controlledSubstances[cls];
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('finds every listed name however it is cased or padded (property)', () => {
    const all = controlledClasses.flatMap((cls) =>
      controlledSubstances[cls].map((name) => ({ cls, name })),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...all),
        fc.boolean(),
        fc.string({ maxLength: 5 }),
        ({ name }, upper, suffix) => {
          const text = `${upper ? name.toUpperCase() : name} ${suffix.replace(/[a-z0-9]/gi, '')} 10mg`;
          expect(controlledClassOf(text)).toBeDefined();
        },
      ),
    );
  });

  it('refuses a controlled substance in any visit, naming it', () => {
    const violations = checkPrescription({
      medications: ['Xanax 1mg'],
      prepaid: false,
      state: 'FL',
    });
    expect(violations).toEqual([
      {
        rule: 'controlledSubstance',
        key: 'medications.controlled',
        params: { medication: 'Xanax 1mg' },
        medication: 'Xanax 1mg',
        controlledClass: 'benzodiazepine',
      },
    ]);
    const [v] = violations;
    if (v) {
      expect(translate('en', v.key, v.params)).toBe(
        'Xanax 1mg is a controlled substance and cannot be prescribed.',
      );
    }
  });
});

describe('gabapentin (spec 5 and 9)', () => {
  it('recognises gabapentin and its brands', () => {
    expect(isGabapentin('Neurontin 300')).toBe(true);
    expect(isGabapentin('gabapentin enacarbil')).toBe(true);
    expect(isGabapentin('pregabalin')).toBe(false);
  });

  it('is never prescribed in a prepaid visit', () => {
    expect(
      checkPrescription({ medications: ['Gabapentin 300mg'], prepaid: true, state: 'FL' }),
    ).toEqual([
      {
        rule: 'gabapentinPrepaid',
        key: 'medications.gabapentin.prepaid',
        medication: 'Gabapentin 300mg',
      },
    ]);
    expect(
      checkPrescription({ medications: ['Gabapentin 300mg'], prepaid: false, state: 'FL' }),
    ).toEqual([]);
  });

  it('is refused in every gabapentin-restricted state', () => {
    for (const state of gabapentinRestrictedStates) {
      expect(
        checkPrescription({
          medications: ['gabapentin'],
          prepaid: false,
          state: state.toLowerCase(),
        }),
      ).toEqual([
        {
          rule: 'gabapentinState',
          key: 'medications.gabapentin.state',
          params: { state },
          medication: 'gabapentin',
        },
      ]);
    }
  });
});

describe('one medication category per prepaid visit (spec 5)', () => {
  it('finds categories from the name or takes the given one', () => {
    expect(categoryOf('Cialis 5mg')).toBe('oralEd');
    expect(categoryOf('sildenafil 20 mg')).toBe('oralEd');
    expect(categoryOf('Doxycycline 100')).toBe('prophylacticAntibiotics');
    expect(categoryOf({ name: 'Lisinopril 10mg', category: 'chronic' })).toBe('chronic');
    expect(categoryOf('Lisinopril 10mg')).toBeUndefined();
  });

  it('allows several medicines of one category, e.g. the 5 prophylactic antibiotics', () => {
    const antibiotics =
      packageById('prophylacticAntibiotics')?.options?.map(
        (o) => `${o.medication} ${o.strengthMg}`,
      ) ?? [];
    expect(antibiotics).toHaveLength(5);
    expect(checkPrescription({ medications: antibiotics, prepaid: true, state: 'FL' })).toEqual([]);
  });

  it('refuses two categories in a prepaid visit, but not in a paid one', () => {
    const medications = ['Cialis 5mg', { name: 'LDN', category: 'ldn' as const, dailyDoseMg: 4.5 }];
    expect(checkPrescription({ medications, prepaid: true, state: 'FL' })).toEqual([
      {
        rule: 'oneCategoryPerPrepaidVisit',
        key: 'medications.oneCategoryPerPrepaidVisit',
        categories: ['oralEd', 'ldn'],
      },
    ]);
    expect(checkPrescription({ medications, prepaid: false, state: 'FL' })).toEqual([]);
  });
});

describe('one category, LDN conditions and fixed packages on every path (issue 33)', () => {
  it('counts the category a name identifies before the one given (the visit product)', () => {
    expect(categoryOf({ name: 'Sildenafil', category: 'ldn' })).toBe('oralEd');
    const medications = [
      { name: 'LDN', category: 'ldn' as const, strength: '4.5 mg', quantity: 90 },
      { name: 'Sildenafil', category: 'ldn' as const, strength: '20 mg', quantity: 90 },
    ];
    const conditions = { ldnConditions: ['fibromyalgia'], state: 'FL' };
    expect(
      checkPrescription({ medications, prepaid: true, ...conditions }).map((v) => v.rule),
    ).toEqual(['oneCategoryPerPrepaidVisit']);
    expect(checkPrescription({ medications, prepaid: false, ...conditions })).toEqual([]);
    expect(
      checkPrescription({ medications: medications.slice(0, 1), prepaid: true, ...conditions }),
    ).toEqual([]);
  });

  it('prescribes LDN only with a listed condition, and never with opioids', () => {
    const ldn = [{ name: 'Low Dose Naltrexone', strength: '4.5 mg', quantity: 90 }];
    expect(checkPrescription({ medications: ldn, prepaid: false, ldnConditions: [] })).toEqual([
      { rule: 'ldnCondition', key: 'medications.ldn.noCondition' },
    ]);
    expect(
      checkPrescription({ medications: ldn, prepaid: false, ldnConditions: ['notListed'] }),
    ).toEqual([{ rule: 'ldnCondition', key: 'medications.ldn.noCondition' }]);
    expect(
      checkPrescription({ medications: ldn, prepaid: false, ldnConditions: ['multipleSclerosis'] }),
    ).toEqual([]);
    expect(
      checkPrescription({
        medications: ldn,
        prepaid: false,
        ldnConditions: ['multipleSclerosis'],
        takesOpioids: true,
      }),
    ).toEqual([{ rule: 'ldnOpioids', key: 'medications.ldn.opioids' }]);
    // Not LDN: the conditions do not matter.
    expect(
      checkPrescription({
        medications: [{ name: 'Amoxicillin', strength: '500 mg', quantity: 20 }],
        prepaid: false,
        ldnConditions: [],
      }),
    ).toEqual([]);
  });

  it('reads the LDN dose from the strength when no daily dose is given', () => {
    expect(
      checkPrescription({
        medications: [{ name: 'LDN', strength: '50 mg', quantity: 30 }],
        prepaid: false,
        ldnConditions: ['fibromyalgia'],
      }).map((v) => v.rule),
    ).toEqual(['ldnDoseRange']);
  });

  it('holds Cialis and Viagra, brand or generic, to their packages as strength AND quantity', () => {
    const check = (name: string, strength: string, quantity: number) =>
      checkPrescription({ medications: [{ name, strength, quantity }], prepaid: false });
    expect(check('Cialis', '5 mg', 180)).toEqual([
      {
        rule: 'notInPackage',
        key: 'medications.package.notInPackage',
        params: {
          medication: 'Cialis 5 mg x180',
          options: 'Cialis 5 mg x90, Cialis 10 mg x60, Cialis 20 mg x30',
        },
        medication: 'Cialis',
      },
    ]);
    expect(check('Tadalafil', '5mg', 180).map((v) => v.rule)).toEqual(['notInPackage']);
    expect(check('Cialis', '7 mg', 90).map((v) => v.rule)).toEqual(['notInPackage']);
    expect(check('Viagra', '100 mg', 60).map((v) => v.rule)).toEqual(['notInPackage']);
    for (const pkg of ['cialis', 'viagra']) {
      for (const o of packageById(pkg)?.options ?? []) {
        expect(check(o.medication, `${o.strengthMg} mg`, o.quantity)).toEqual([]);
      }
    }
    expect(check('tadalafil', '5 mg', 90)).toEqual([]);
    expect(check('Sildenafil', '20', 90)).toEqual([]);
    // Outside their package the antibiotics are ordinary medicines.
    expect(check('Azithromycin', '500 mg', 3)).toEqual([]);
  });

  it('writes only the lines of the fixed package of the visit', () => {
    const check = (packageId: string, name: string, strength: string, quantity: number) =>
      checkPrescription({
        medications: [{ name, strength, quantity }],
        prepaid: false,
        packageId,
      }).map((v) => v.rule);
    expect(check('prophylacticAntibiotics', 'Azithromycin', '250 mg', 6)).toEqual([]);
    expect(check('prophylacticAntibiotics', 'Azithromycin', '250 mg', 12)).toEqual([
      'notInPackage',
    ]);
    expect(check('cialis', 'Viagra', '20 mg', 90)).toEqual(['notInPackage']);
    expect(check('cialis', 'Cialis', '10 mg', 60)).toEqual([]);
    expect(check('acute', 'Mupirocin', '2 %', 1)).toEqual([]);
  });

  it('reads strengths in mg', () => {
    expect(strengthMgOf('5 mg')).toBe(5);
    expect(strengthMgOf('4.5MG')).toBe(4.5);
    expect(strengthMgOf('20')).toBe(20);
    expect(strengthMgOf('2 %')).toBeUndefined();
    expect(strengthMgOf(undefined, 'Cialis 5mg')).toBe(5);
  });
});

describe('alias groups and the PT-141 protocol (spec 3)', () => {
  it('groups the names of pt141, ivermectin, mebendazole and GHK-Cu', () => {
    expect(Object.keys(medicationAliasGroups).sort()).toEqual([
      'ghkcu',
      'ivermectin',
      'mebendazole',
      'pt141',
    ]);
    expect(aliasGroupOf('PT-141 nasal spray')).toBe('pt141');
    expect(aliasGroupOf('Bremelanotide')).toBe('pt141');
    expect(aliasGroupOf('Stromectol 3mg')).toBe('ivermectin');
    expect(aliasGroupOf('Vermox')).toBe('mebendazole');
    expect(aliasGroupOf('GHK-Cu cream')).toBe('ghkcu');
    expect(aliasGroupOf('Cialis')).toBeUndefined();
    expect(sameAliasGroup('pt141', 'Vyleesi')).toBe(true);
    expect(sameAliasGroup('Cialis', 'Cialis')).toBe(false);
  });

  it('refuses PT-141 with naltrexone or LDN (pt141NoRx medicines)', () => {
    expect(
      checkPt141Protocol({
        medications: ['PT-141'],
        currentMedications: ['Low Dose Naltrexone 3mg', 'Lisinopril'],
      }),
    ).toEqual([
      {
        rule: 'pt141Medication',
        key: 'medications.pt141.noRxMedication',
        params: { medication: 'Low Dose Naltrexone 3mg' },
        medication: 'Low Dose Naltrexone 3mg',
      },
    ]);
    expect(
      checkPt141Protocol({ medications: ['PT-141'], currentMedications: ['Lisinopril'] }),
    ).toEqual([]);
  });

  it('refuses PT-141 when a pt141NoRx screening card was answered', () => {
    expect(pt141NoRx.cardIds).toContain('uncontrolledHypertension');
    expect(
      checkPt141Protocol({
        medications: ['bremelanotide'],
        screeningCardIds: ['uncontrolledHypertension'],
      }),
    ).toEqual([{ rule: 'pt141Screening', key: 'medications.pt141.noRxScreening' }]);
    expect(
      checkPt141Protocol({
        medications: ['Cialis'],
        screeningCardIds: ['uncontrolledHypertension'],
      }),
    ).toEqual([]);
  });

  it('runs the PT-141 check inside checkPrescription', () => {
    const violations = checkPrescription({
      medications: ['PT141', 'Contrave'],
      prepaid: false,
      state: 'FL',
    });
    expect(violations.map((v) => v.rule)).toEqual(['pt141Medication']);
  });
});

describe('packages and protocols (spec 9)', () => {
  it('has the LDN package: 1-4.5 mg per day for 90 days', () => {
    expect(packageById('ldn')).toMatchObject({
      doseRangeMgPerDay: { min: 1, max: 4.5 },
      daysSupply: 90,
    });
    expect(isLdnDoseInRange(1)).toBe(true);
    expect(isLdnDoseInRange(4.5)).toBe(true);
    expect(isLdnDoseInRange(0.5)).toBe(false);
    expect(isLdnDoseInRange(50)).toBe(false);
    expect(
      checkPrescription({
        medications: [{ name: 'Naltrexone', dailyDoseMg: 50 }],
        prepaid: true,
        state: 'FL',
      }),
    ).toEqual([
      {
        rule: 'ldnDoseRange',
        key: 'medications.ldn.doseRange',
        params: { min: 1, max: 4.5 },
        medication: 'Naltrexone',
      },
    ]);
  });

  it('has the Cialis, Viagra and prophylactic antibiotic packages as written', () => {
    const written = (id: string) =>
      packageById(id)?.options?.map((o) => `${o.medication} ${o.strengthMg} x${o.quantity}`);
    expect(written('cialis')).toEqual(['Cialis 5 x90', 'Cialis 10 x60', 'Cialis 20 x30']);
    expect(written('viagra')).toEqual(['Viagra 20 x90', 'Viagra 50 x60', 'Viagra 100 x30']);
    expect(written('prophylacticAntibiotics')).toEqual([
      'Augmentin 875 x28',
      'Azithromycin 250 x6',
      'Cipro 500 x28',
      'Metronidazole 500 x30',
      'Doxycycline 100 x28',
    ]);
    expect(medicationPackages.map((p) => p.id)).toEqual(
      expect.arrayContaining(['acute', 'chronic', 'prep']),
    );
  });

  it('has the four pharmacist protocols with their ids', () => {
    expect(pharmacistProtocols.map((p) => [p.id, translate('en', p.labelKey)])).toEqual([
      ['fhrt-08', 'Female HRT'],
      ['E13', 'Oral ED'],
      ['ici-06', 'ED Injection'],
      ['lowt-01', 'Low Testosterone'],
    ]);
  });

  it('answers only catalogue keys and never throws (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string()),
        fc.boolean(),
        fc.string(),
        (medications, prepaid, state) => {
          for (const v of checkPrescription({ medications, prepaid, state })) {
            expect(isMessageKey(v.key)).toBe(true);
          }
        },
      ),
    );
  });
});
