/**
 * Medication data of spec sections 3, 5 and 9: the controlled-substance list, medication-name
 * alias groups, the PT-141 protocol check, the prepaid medication packages and the pharmacist
 * protocols. Names are matched case-insensitively on whole words (see medications.rules.ts).
 *
 * This is a maintained list: the medical team owns it. Each class lists generic names first,
 * then common US brand names.
 */
import type { medicationsMessages } from './medications.messages';

export type MedicationsMessageKey = keyof typeof medicationsMessages.en;

// ===========================================================================================
// Controlled substances (never prescribed)
// ===========================================================================================

export const controlledClasses = [
  'opioid',
  'stimulant',
  'benzodiazepine',
  'barbiturate',
  'testosterone',
  'ketamine',
  'tramadol',
  'pregabalin',
  'sedativeHypnotic',
  'cannabinoid',
  'other',
] as const;
export type ControlledClass = (typeof controlledClasses)[number];

/** Controlled substances by class: generic names and brand names, lower case. */
export const controlledSubstances: Readonly<Record<ControlledClass, readonly string[]>> = {
  opioid: [
    'oxycodone',
    'oxycontin',
    'percocet',
    'roxicodone',
    'roxicet',
    'endocet',
    'xtampza',
    'hydrocodone',
    'vicodin',
    'norco',
    'lortab',
    'hysingla',
    'zohydro',
    'morphine',
    'ms contin',
    'kadian',
    'codeine',
    'tylenol 3',
    'tylenol with codeine',
    'hydromorphone',
    'dilaudid',
    'exalgo',
    'oxymorphone',
    'opana',
    'fentanyl',
    'duragesic',
    'actiq',
    'fentora',
    'subsys',
    'methadone',
    'dolophine',
    'methadose',
    'buprenorphine',
    'suboxone',
    'subutex',
    'zubsolv',
    'butrans',
    'belbuca',
    'sublocade',
    'tapentadol',
    'nucynta',
    'meperidine',
    'demerol',
    'levorphanol',
    'butorphanol',
    'pentazocine',
    'talwin',
    'dihydrocodeine',
    'opium',
    'paregoric',
    'heroin',
  ],
  stimulant: [
    'amphetamine',
    'adderall',
    'evekeo',
    'mydayis',
    'adzenys',
    'dyanavel',
    'dextroamphetamine',
    'dexedrine',
    'zenzedi',
    'procentra',
    'lisdexamfetamine',
    'vyvanse',
    'methamphetamine',
    'desoxyn',
    'methylphenidate',
    'ritalin',
    'concerta',
    'metadate',
    'methylin',
    'daytrana',
    'quillivant',
    'quillichew',
    'jornay',
    'cotempla',
    'aptensio',
    'relexxii',
    'dexmethylphenidate',
    'focalin',
    'azstarys',
    'serdexmethylphenidate',
    'modafinil',
    'provigil',
    'armodafinil',
    'nuvigil',
    'solriamfetol',
    'sunosi',
    'phentermine',
    'adipex',
    'lomaira',
    'qsymia',
    'diethylpropion',
    'phendimetrazine',
    'benzphetamine',
    'cocaine',
  ],
  benzodiazepine: [
    'alprazolam',
    'xanax',
    'lorazepam',
    'ativan',
    'clonazepam',
    'klonopin',
    'diazepam',
    'valium',
    'valtoco',
    'temazepam',
    'restoril',
    'chlordiazepoxide',
    'librium',
    'librax',
    'clorazepate',
    'tranxene',
    'triazolam',
    'halcion',
    'midazolam',
    'versed',
    'nayzilam',
    'oxazepam',
    'estazolam',
    'flurazepam',
    'quazepam',
    'doral',
    'clobazam',
    'onfi',
    'sympazan',
    'remimazolam',
  ],
  barbiturate: [
    'phenobarbital',
    'butalbital',
    'fioricet',
    'fiorinal',
    'secobarbital',
    'seconal',
    'pentobarbital',
    'nembutal',
    'amobarbital',
    'butisol',
    'butabarbital',
  ],
  testosterone: [
    'testosterone',
    'androgel',
    'testim',
    'axiron',
    'fortesta',
    'vogelxo',
    'aveed',
    'xyosted',
    'jatenzo',
    'tlando',
    'kyzatrex',
    'natesto',
    'striant',
    'testopel',
    'androderm',
    'methyltestosterone',
    'nandrolone',
    'oxandrolone',
    'oxandrin',
    'oxymetholone',
    'anadrol',
    'stanozolol',
    'anabolic steroid',
    'anabolic steroids',
  ],
  ketamine: ['ketamine', 'ketalar', 'esketamine', 'spravato'],
  tramadol: ['tramadol', 'ultram', 'ultracet', 'conzip', 'qdolo'],
  pregabalin: ['pregabalin', 'lyrica'],
  sedativeHypnotic: [
    'zolpidem',
    'ambien',
    'edluar',
    'intermezzo',
    'zaleplon',
    'sonata',
    'eszopiclone',
    'lunesta',
    'suvorexant',
    'belsomra',
    'lemborexant',
    'dayvigo',
    'daridorexant',
    'quviviq',
    'sodium oxybate',
    'oxybate',
    'xyrem',
    'xywav',
    'lumryz',
    'ghb',
    'carisoprodol',
    'soma',
    'meprobamate',
  ],
  cannabinoid: [
    'dronabinol',
    'marinol',
    'syndros',
    'nabilone',
    'cesamet',
    'marijuana',
    'cannabis',
    'thc',
  ],
  other: [
    'lacosamide',
    'vimpat',
    'brivaracetam',
    'briviact',
    'cenobamate',
    'xcopri',
    'diphenoxylate',
    'lomotil',
    'difenoxin',
    'motofen',
    'lorcaserin',
    'belviq',
    'eluxadoline',
    'viberzi',
    'ganaxolone',
    'ztalmy',
    'brexanolone',
    'zulresso',
    'zuranolone',
    'zurzuvae',
  ],
};

/** Gabapentin and its brands: never in a prepaid visit; restricted in some states. */
export const gabapentinNames: readonly string[] = [
  'gabapentin',
  'neurontin',
  'gralise',
  'horizant',
  'gabapentin enacarbil',
];

// ===========================================================================================
// Alias groups
// ===========================================================================================

export const aliasGroupIds = ['pt141', 'ivermectin', 'mebendazole', 'ghkcu'] as const;
export type AliasGroupId = (typeof aliasGroupIds)[number];

/** Names under which the same medicine is written (spec section 3: pt141, ivermectin, ...). */
export const medicationAliasGroups: Readonly<Record<AliasGroupId, readonly string[]>> = {
  pt141: ['pt141', 'pt 141', 'bremelanotide', 'vyleesi'],
  ivermectin: ['ivermectin', 'stromectol', 'soolantra', 'sklice'],
  mebendazole: ['mebendazole', 'vermox', 'emverm'],
  ghkcu: ['ghkcu', 'ghk cu', 'copper peptide', 'copper tripeptide', 'copper tripeptide 1'],
};

// ===========================================================================================
// PT-141 protocol check
// ===========================================================================================

/**
 * pt141NoRx: PT-141 (bremelanotide) is not prescribed when the patient takes one of these
 * medicines or answered yes on one of these screening cards. From the bremelanotide label:
 * it lowers oral naltrexone exposure (so naltrexone, LDN and Contrave are excluded), and it is
 * contraindicated with uncontrolled hypertension or known cardiovascular disease. Card ids are
 * the screening cards that ask those questions; the medical team must confirm them.
 */
export const pt141NoRx = {
  medicineNames: ['naltrexone', 'ldn', 'low dose naltrexone', 'vivitrol', 'revia', 'contrave'],
  cardIds: ['uncontrolledHypertension', 'cardiovascularDisease', 'pregnancy'],
} as const;

// ===========================================================================================
// Medication categories and prepaid packages
// ===========================================================================================

export const medicationCategories = [
  'ldn',
  'oralEd',
  'edInjection',
  'prophylacticAntibiotics',
  'acute',
  'chronic',
  'prep',
  'femaleHrt',
  'lowTestosterone',
] as const;
export type MedicationCategory = (typeof medicationCategories)[number];

export interface PackageOption {
  readonly medication: string;
  readonly strengthMg: number;
  readonly quantity: number;
}

export interface MedicationPackage {
  readonly id: string;
  readonly category: MedicationCategory;
  readonly labelKey: MedicationsMessageKey;
  /** 'oneOf': the patient gets one of the options; 'all': every item is prescribed. */
  readonly kind: 'oneOf' | 'all' | 'doseRange' | 'open';
  readonly options?: readonly PackageOption[];
  readonly doseRangeMgPerDay?: { readonly min: number; readonly max: number };
  readonly daysSupply?: number;
}

/** The prepaid medication packages of spec section 9. */
export const medicationPackages: readonly MedicationPackage[] = [
  {
    id: 'ldn',
    category: 'ldn',
    labelKey: 'medications.package.ldn',
    kind: 'doseRange',
    doseRangeMgPerDay: { min: 1, max: 4.5 },
    daysSupply: 90,
  },
  {
    id: 'cialis',
    category: 'oralEd',
    labelKey: 'medications.package.cialis',
    kind: 'oneOf',
    options: [
      { medication: 'Cialis', strengthMg: 5, quantity: 90 },
      { medication: 'Cialis', strengthMg: 10, quantity: 60 },
      { medication: 'Cialis', strengthMg: 20, quantity: 30 },
    ],
  },
  {
    id: 'viagra',
    category: 'oralEd',
    labelKey: 'medications.package.viagra',
    kind: 'oneOf',
    options: [
      { medication: 'Viagra', strengthMg: 20, quantity: 90 },
      { medication: 'Viagra', strengthMg: 50, quantity: 60 },
      { medication: 'Viagra', strengthMg: 100, quantity: 30 },
    ],
  },
  {
    id: 'prophylacticAntibiotics',
    category: 'prophylacticAntibiotics',
    labelKey: 'medications.package.prophylacticAntibiotics',
    kind: 'all',
    options: [
      { medication: 'Augmentin', strengthMg: 875, quantity: 28 },
      { medication: 'Azithromycin', strengthMg: 250, quantity: 6 },
      { medication: 'Cipro', strengthMg: 500, quantity: 28 },
      { medication: 'Metronidazole', strengthMg: 500, quantity: 30 },
      { medication: 'Doxycycline', strengthMg: 100, quantity: 28 },
    ],
  },
  { id: 'acute', category: 'acute', labelKey: 'medications.package.acute', kind: 'open' },
  { id: 'chronic', category: 'chronic', labelKey: 'medications.package.chronic', kind: 'open' },
  { id: 'prep', category: 'prep', labelKey: 'medications.package.prep', kind: 'open' },
];

/**
 * The names a fixed package's medicine goes by: the brand as the package writes it and its
 * generic, so 'Tadalafil 5 mg x180' is held to the Cialis package like 'Cialis 5 mg x180'.
 * A medicine not listed goes by the name the package writes.
 */
export const packageMedicineNames: Readonly<Record<string, readonly string[]>> = {
  Cialis: ['cialis', 'tadalafil'],
  Viagra: ['viagra', 'sildenafil'],
};

/**
 * Names that identify a category when a medication arrives without one. Only medicines whose
 * category is unambiguous are listed; acute and chronic medicines must be given a category.
 */
export const categoryNames: Readonly<Partial<Record<MedicationCategory, readonly string[]>>> = {
  ldn: ['ldn', 'low dose naltrexone', 'naltrexone'],
  oralEd: [
    'cialis',
    'tadalafil',
    'viagra',
    'sildenafil',
    'levitra',
    'vardenafil',
    'staxyn',
    'stendra',
    'avanafil',
  ],
  edInjection: [
    'trimix',
    'bimix',
    'caverject',
    'edex',
    'alprostadil',
    'papaverine',
    'phentolamine',
  ],
  prophylacticAntibiotics: [
    'augmentin',
    'amoxicillin clavulanate',
    'azithromycin',
    'zithromax',
    'cipro',
    'ciprofloxacin',
    'metronidazole',
    'flagyl',
    'doxycycline',
  ],
  prep: ['truvada', 'descovy', 'emtricitabine', 'apretude', 'cabotegravir'],
};

// ===========================================================================================
// Pharmacist protocols
// ===========================================================================================

export interface PharmacistProtocol {
  readonly id: string;
  readonly labelKey: MedicationsMessageKey;
  readonly category: MedicationCategory;
}

/** Pharmacist protocols of spec section 9. */
export const pharmacistProtocols: readonly PharmacistProtocol[] = [
  { id: 'fhrt-08', labelKey: 'medications.protocol.femaleHrt', category: 'femaleHrt' },
  { id: 'E13', labelKey: 'medications.protocol.oralEd', category: 'oralEd' },
  { id: 'ici-06', labelKey: 'medications.protocol.edInjection', category: 'edInjection' },
  { id: 'lowt-01', labelKey: 'medications.protocol.lowTestosterone', category: 'lowTestosterone' },
];
