/**
 * The forms a pharmacy may ask a patient to sign on an Rx visit (spec section 7, "form signing"): a
 * small catalogue, each form with versioned texts in English and Spanish (the texts live in
 * rx-forms.messages.ts under the version's key). A request records the version current when it
 * was made; the patient signs that version, and the signed PDF prints that version's text in the
 * language the patient read it in. A new version is added at the end of `versions`; older ones
 * stay, so every signed form can still be printed word for word.
 */
import type { MessageKey } from '../i18n/catalog';

export const rxFormIds = ['hipaaNotice', 'pickupAuthorization'] as const;
export type RxFormId = (typeof rxFormIds)[number];

export interface RxFormVersion {
  /** The day the text took effect, YYYY-MM-DD. */
  version: string;
  titleKey: MessageKey;
  /** The text, with {pharmacy}, {patient} and (for a designee) {designee} filled in. */
  bodyKey: MessageKey;
}

export interface RxFormDefinition {
  id: RxFormId;
  /** Whether the pharmacy names a designee (the person picking up). */
  needsDesignee: boolean;
  /** Oldest first; the last is current. */
  versions: readonly [RxFormVersion, ...RxFormVersion[]];
}

export const rxFormCatalogue: readonly RxFormDefinition[] = [
  {
    id: 'hipaaNotice',
    needsDesignee: false,
    versions: [
      {
        version: '2026-11-01',
        titleKey: 'rxForms.form.hipaaNotice.2026-11-01.title',
        bodyKey: 'rxForms.form.hipaaNotice.2026-11-01.body',
      },
    ],
  },
  {
    id: 'pickupAuthorization',
    needsDesignee: true,
    versions: [
      {
        version: '2026-11-01',
        titleKey: 'rxForms.form.pickupAuthorization.2026-11-01.title',
        bodyKey: 'rxForms.form.pickupAuthorization.2026-11-01.body',
      },
    ],
  },
];

/** The catalogue entry, or undefined for an id that is not a form. */
export function rxFormById(id: string): RxFormDefinition | undefined {
  return rxFormCatalogue.find((f) => f.id === id);
}

/** The version a new request gets. */
export function currentRxFormVersion(form: RxFormDefinition): RxFormVersion {
  return form.versions[form.versions.length - 1] ?? form.versions[0];
}

/** One version of one form (what a stored request points at). */
export function rxFormVersion(id: string, version: string): RxFormVersion | undefined {
  return rxFormById(id)?.versions.find((v) => v.version === version);
}

/** Longest designee name. */
export const maxDesigneeName = 120;

/**
 * A name as compared for a signature: letters only, without accents, lower case, words
 * separated by one space (so 'José  O'Neil' and 'jose oneil' are the same person, and a typo is
 * not).
 */
export function comparableName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\s-]/gu, '')
    .replace(/[-\s]+/g, ' ')
    .trim();
}

/**
 * Whether the typed signature is the signer's full name as their profile has it: first and last
 * name, in that order, with case, accents, punctuation and extra spaces ignored.
 */
export function signatureMatches(
  typed: string,
  signer: { firstName: string; lastName: string },
): boolean {
  const wanted = comparableName(`${signer.firstName} ${signer.lastName}`);
  return wanted !== '' && comparableName(typed) === wanted;
}
