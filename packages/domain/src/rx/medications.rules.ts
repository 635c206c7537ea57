/**
 * Prepaid-visit medication rules (spec sections 3, 5 and 9).
 *
 * Names are matched case-insensitively on whole words: a medication text is cut into words
 * (letters and digits; 'PT-141', 'pt141' and 'PT 141' all become 'pt 141'; accents dropped)
 * and a listed name matches when its words appear next to each other in that order. So
 * 'Adderall XR 20mg' matches 'adderall', but 'enclomiphene' does not match 'clomiphene'.
 *
 * Decisions (see docs/rules.md):
 * - Controlled substances are refused in every visit, not only prepaid ones.
 * - Gabapentin is refused in a prepaid visit and, in any visit, in the gabapentin-restricted
 *   states (where it is scheduled or monitored like a controlled substance).
 * - "One category" counts the categories that can be resolved (known from the name, else the
 *   one given, e.g. the visit's product); a medication whose category is unknown does not count.
 * - LDN only with one of the listed conditions (and never with opioids): checked wherever LDN is
 *   written, from the conditions the visit's screening or evaluation lists.
 * - Fixed packages (spec 9) are strength AND quantity. A visit for a fixed package writes only
 *   its lines; in any visit, Cialis/tadalafil and Viagra/sildenafil are written only as one of
 *   their package's options. The prophylactic antibiotics are held to their package only in a
 *   visit for that package: elsewhere they are ordinary acute medicines.
 */

import { ldnEligibility } from '../care/screening.rules';
import type { MessageParams } from '../i18n/i18n.rules';
import { gabapentinRestrictedStates, normalizeStateCode } from '../places/places.rules';
import {
  type AliasGroupId,
  aliasGroupIds,
  type ControlledClass,
  categoryNames,
  controlledClasses,
  controlledSubstances,
  gabapentinNames,
  type MedicationCategory,
  type MedicationPackage,
  type MedicationsMessageKey,
  medicationAliasGroups,
  medicationCategories,
  medicationPackages,
  type PackageOption,
  packageMedicineNames,
  pt141NoRx,
} from './medications.data';

// ===========================================================================================
// Word matching
// ===========================================================================================

/** The lower-case words of a medication text, accents dropped, digits split from letters. */
export function medicationWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function containsWords(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    if (needle.every((word, i) => haystack[start + i] === word)) return true;
  }
  return false;
}

/** True when the words of `name` appear next to each other, in order, in `text`. */
export function mentions(text: string, name: string): boolean {
  return containsWords(medicationWords(text), medicationWords(name));
}

/** A list of names with their words computed once. */
interface NameList {
  readonly names: readonly string[];
  readonly words: readonly (readonly string[])[];
}

const nameList = (names: readonly string[]): NameList => ({
  names,
  words: names.map(medicationWords),
});

function firstMentioned(text: string, list: NameList): string | undefined {
  const haystack = medicationWords(text);
  const index = list.words.findIndex((needle) => containsWords(haystack, needle));
  return index < 0 ? undefined : list.names[index];
}

const controlledLists = controlledClasses.map((cls) => ({
  cls,
  list: nameList(controlledSubstances[cls]),
}));
const gabapentinList = nameList(gabapentinNames);
const aliasLists = aliasGroupIds.map((id) => ({ id, list: nameList(medicationAliasGroups[id]) }));
const categoryLists = medicationCategories.flatMap((category) => {
  const names = categoryNames[category];
  return names ? [{ category, list: nameList(names) }] : [];
});
const pt141NoRxMedicines = nameList(pt141NoRx.medicineNames);

// ===========================================================================================
// Lookups
// ===========================================================================================

/** The controlled-substance class a medication text names, or undefined. */
export function controlledClassOf(text: string): ControlledClass | undefined {
  return controlledLists.find(({ list }) => firstMentioned(text, list) !== undefined)?.cls;
}

export function isControlledSubstance(text: string): boolean {
  return controlledClassOf(text) !== undefined;
}

export function isGabapentin(text: string): boolean {
  return firstMentioned(text, gabapentinList) !== undefined;
}

/** The alias group (pt141, ivermectin, mebendazole, ghkcu) a medication text belongs to. */
export function aliasGroupOf(text: string): AliasGroupId | undefined {
  return aliasLists.find(({ list }) => firstMentioned(text, list) !== undefined)?.id;
}

/** True when two texts name the same medicine through an alias group. */
export function sameAliasGroup(a: string, b: string): boolean {
  const group = aliasGroupOf(a);
  return group !== undefined && group === aliasGroupOf(b);
}

export function packageById(id: string): MedicationPackage | undefined {
  return medicationPackages.find((p) => p.id === id);
}

/** The names an option's medicine goes by (brand and generic). */
const optionNames = (option: PackageOption) =>
  nameList(packageMedicineNames[option.medication] ?? [option.medication]);

/** The packages with fixed options (spec 9). */
const fixedPackages = medicationPackages.filter((p) => (p.options?.length ?? 0) > 0);

/** The 'oneOf' packages (Cialis, Viagra) whose medicine a text names, held everywhere. */
export function oneOfPackagesNaming(text: string): MedicationPackage[] {
  return fixedPackages.filter(
    (p) =>
      p.kind === 'oneOf' &&
      (p.options ?? []).some((o) => firstMentioned(text, optionNames(o)) !== undefined),
  );
}

/**
 * A strength in mg: '5 mg', '5mg', '5' or '4.5 MG'; a medication text like 'Cialis 5mg' when
 * no strength is given. Undefined for other units ('2 %') or nothing readable.
 */
export function strengthMgOf(strength: string | undefined, name = ''): number | undefined {
  const given = strength?.trim().match(/^(\d+(?:\.\d+)?)\s*(?:mg)?$/i);
  if (given) return Number(given[1]);
  if (strength?.trim()) return undefined;
  const inName = name.match(/(\d+(?:\.\d+)?)\s*mg\b/i);
  return inName ? Number(inName[1]) : undefined;
}

/** True when the line is this option: its medicine, strength and quantity. */
export function isPackageOption(
  line: { name: string; strengthMg: number | undefined; quantity: number },
  option: PackageOption,
): boolean {
  return (
    firstMentioned(line.name, optionNames(option)) !== undefined &&
    line.strengthMg === option.strengthMg &&
    line.quantity === option.quantity
  );
}

const optionLabel = (o: PackageOption) => `${o.medication} ${o.strengthMg} mg x${o.quantity}`;

/** LDN daily dose within the package range (1-4.5 mg per day). */
export function isLdnDoseInRange(mgPerDay: number): boolean {
  const range = packageById('ldn')?.doseRangeMgPerDay;
  return range !== undefined && mgPerDay >= range.min && mgPerDay <= range.max;
}

// ===========================================================================================
// The check
// ===========================================================================================

export interface MedicationInput {
  readonly name: string;
  /** The package category, when the prescriber chose one. */
  readonly category?: MedicationCategory;
  /** Daily dose in mg, checked against the LDN range when the medication is LDN (default:
   * the strength in mg). */
  readonly dailyDoseMg?: number;
  /** The strength as written ('5 mg'); read from the name when not given. */
  readonly strength?: string;
  /** The quantity written. A line with a quantity is held to the fixed packages (spec 9). */
  readonly quantity?: number;
}

export type MedicationLike = string | MedicationInput;

const asInput = (m: MedicationLike): MedicationInput => (typeof m === 'string' ? { name: m } : m);

/**
 * The category its name identifies, else the one given (a visit's product), else undefined:
 * sildenafil written in an LDN visit is still oral ED.
 */
export function categoryOf(medication: MedicationLike): MedicationCategory | undefined {
  const input = asInput(medication);
  const named = categoryLists.find(
    ({ list }) => firstMentioned(input.name, list) !== undefined,
  )?.category;
  return named ?? input.category;
}

export type PrescriptionRule =
  | 'controlledSubstance'
  | 'gabapentinPrepaid'
  | 'gabapentinState'
  | 'oneCategoryPerPrepaidVisit'
  | 'pt141Medication'
  | 'pt141Screening'
  | 'ldnDoseRange'
  | 'ldnCondition'
  | 'ldnOpioids'
  | 'notInPackage';

export interface PrescriptionViolation {
  readonly rule: PrescriptionRule;
  readonly key: MedicationsMessageKey;
  readonly params?: MessageParams;
  /** The medication as written, when the rule is about one medication. */
  readonly medication?: string;
  readonly controlledClass?: ControlledClass;
  /** The categories found, for oneCategoryPerPrepaidVisit. */
  readonly categories?: readonly MedicationCategory[];
}

export interface Pt141CheckInput {
  readonly medications: readonly MedicationLike[];
  /** What the patient already takes (from the screening medication list). */
  readonly currentMedications?: readonly string[];
  /** Screening cards the patient answered yes to. */
  readonly screeningCardIds?: readonly string[];
}

/** pt141NoRx: PT-141 is refused with the listed medicines or screening cards. */
export function checkPt141Protocol(input: Pt141CheckInput): PrescriptionViolation[] {
  const names = input.medications.map((m) => asInput(m).name.trim());
  if (!names.some((name) => aliasGroupOf(name) === 'pt141')) return [];
  const violations: PrescriptionViolation[] = [];
  const others = [
    ...names.filter((n) => aliasGroupOf(n) !== 'pt141'),
    ...(input.currentMedications ?? []),
  ];
  for (const other of others) {
    if (firstMentioned(other, pt141NoRxMedicines)) {
      violations.push({
        rule: 'pt141Medication',
        key: 'medications.pt141.noRxMedication',
        params: { medication: other.trim() },
        medication: other.trim(),
      });
    }
  }
  const cards = input.screeningCardIds ?? [];
  if (cards.some((id) => (pt141NoRx.cardIds as readonly string[]).includes(id))) {
    violations.push({ rule: 'pt141Screening', key: 'medications.pt141.noRxScreening' });
  }
  return violations;
}

export interface PrescriptionCheckInput extends Pt141CheckInput {
  /** True for a prepaid (pharmacy program / token) visit. */
  readonly prepaid: boolean;
  /** The patient's state (two-letter code). */
  readonly state?: string;
  /** The visit's package (an Rx product's): a fixed one is prescribed only from its lines. */
  readonly packageId?: string;
  /**
   * The LDN conditions the visit's screening lists. Servers always pass them (empty: none, so
   * LDN is refused); a preview that does not know them (undefined) skips the rule.
   */
  readonly ldnConditions?: readonly string[];
  /** The screening says the patient takes opioids. */
  readonly takesOpioids?: boolean;
}

/**
 * Every rule a prescription breaks, empty when it may be written:
 * controlled substances are never prescribed; gabapentin never in a prepaid visit nor in a
 * gabapentin-restricted state; one medication category per prepaid visit; the PT-141 protocol;
 * LDN within 1-4.5 mg per day.
 */
export function checkPrescription(input: PrescriptionCheckInput): PrescriptionViolation[] {
  const violations: PrescriptionViolation[] = [];
  const state = input.state === undefined ? undefined : normalizeStateCode(input.state);
  const categories: MedicationCategory[] = [];
  const visitPackage = input.packageId ? packageById(input.packageId) : undefined;
  const visitOptions = visitPackage?.options ?? [];
  let ldn = false;

  for (const raw of input.medications) {
    const medication = asInput(raw);
    const name = medication.name.trim();
    const controlledClass = controlledClassOf(name);
    if (controlledClass) {
      violations.push({
        rule: 'controlledSubstance',
        key: 'medications.controlled',
        params: { medication: name },
        medication: name,
        controlledClass,
      });
    }
    if (isGabapentin(name)) {
      if (input.prepaid) {
        violations.push({
          rule: 'gabapentinPrepaid',
          key: 'medications.gabapentin.prepaid',
          medication: name,
        });
      }
      if (state && gabapentinRestrictedStates.includes(state)) {
        violations.push({
          rule: 'gabapentinState',
          key: 'medications.gabapentin.state',
          params: { state },
          medication: name,
        });
      }
    }
    const category = categoryOf(medication);
    if (category && !categories.includes(category)) categories.push(category);
    const strengthMg = strengthMgOf(medication.strength, name);
    if (medication.quantity !== undefined) {
      const options =
        visitOptions.length > 0
          ? visitOptions
          : oneOfPackagesNaming(name).flatMap((p) => p.options ?? []);
      const line = { name, strengthMg, quantity: medication.quantity };
      if (options.length > 0 && !options.some((o) => isPackageOption(line, o))) {
        const strength = medication.strength?.trim();
        violations.push({
          rule: 'notInPackage',
          key: 'medications.package.notInPackage',
          params: {
            medication: `${name}${strength ? ` ${strength}` : ''} x${medication.quantity}`,
            options: options.map(optionLabel).join(', '),
          },
          medication: name,
        });
      }
    }
    if (category === 'ldn') ldn = true;
    const range = packageById('ldn')?.doseRangeMgPerDay;
    const dailyDoseMg = medication.dailyDoseMg ?? strengthMg;
    if (
      category === 'ldn' &&
      range &&
      dailyDoseMg !== undefined &&
      !isLdnDoseInRange(dailyDoseMg)
    ) {
      violations.push({
        rule: 'ldnDoseRange',
        key: 'medications.ldn.doseRange',
        params: { min: range.min, max: range.max },
        medication: name,
      });
    }
  }

  if (ldn && input.ldnConditions !== undefined) {
    const check = ldnEligibility({
      conditions: input.ldnConditions,
      takesOpioids: input.takesOpioids ?? false,
    });
    if (!check.ok) {
      violations.push(
        check.key === 'care.ldn.opioidConflict'
          ? { rule: 'ldnOpioids', key: 'medications.ldn.opioids' }
          : { rule: 'ldnCondition', key: 'medications.ldn.noCondition' },
      );
    }
  }

  if (input.prepaid && categories.length > 1) {
    violations.push({
      rule: 'oneCategoryPerPrepaidVisit',
      key: 'medications.oneCategoryPerPrepaidVisit',
      categories,
    });
  }
  violations.push(...checkPt141Protocol(input));
  return violations;
}
