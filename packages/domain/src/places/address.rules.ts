/**
 * A US street address of spec section 5: street, state and 5-digit zip. Everyone, international
 * visitors too, enters a US address.
 */

import { type Check, checkedString, fail, isBlank, ok } from '../validation/checks.rules';
import { normalizeStateCode, type UsStateCode } from './places.rules';

export const zipLength = 5;

const zipPattern = new RegExp(`^\\d{${zipLength}}$`);

export function validateZip(value: string | null | undefined): Check {
  if (value === null || value === undefined || isBlank(value)) return fail('common.required');
  return zipPattern.test(value.trim()) ? ok : fail('validation.zip.invalid');
}

export function validateStreetAddress(value: string | null | undefined): Check {
  return value === null || value === undefined || isBlank(value) ? fail('common.required') : ok;
}

/** A US state code (any case). Anything else answers 'validation.address.stateInvalid'. */
export function validateUsState(value: string | null | undefined): Check {
  if (value === null || value === undefined || isBlank(value)) return fail('common.required');
  return normalizeStateCode(value) ? ok : fail('validation.address.stateInvalid');
}

/**
 * The state of an address: required; a place outside the US answers
 * 'International visitors must enter a US address.'
 */
export function validateAddressState(value: string | null | undefined): Check {
  if (value === null || value === undefined || isBlank(value)) return fail('common.required');
  return normalizeStateCode(value) ? ok : fail('validation.address.usOnly');
}

export interface AddressInput {
  readonly address?: string | null;
  readonly state?: string | null;
  readonly zipCode?: string | null;
}

/**
 * A US address, which everyone — international visitors too — must enter: street required,
 * a US state, a 5-digit zip. A state outside the US answers
 * 'International visitors must enter a US address.'
 */
export function validateUsAddress(input: AddressInput): Check {
  const street = validateStreetAddress(input.address);
  if (!street.ok) return street;
  const state = validateAddressState(input.state);
  if (!state.ok) return state;
  return validateZip(input.zipCode);
}

export const zipSchema = checkedString(validateZip);
export const streetAddressSchema = checkedString(validateStreetAddress);
/** A US state code in any case; out comes the upper-case code. */
export const usStateSchema = checkedString(validateUsState).transform(
  (value) => normalizeStateCode(value) as UsStateCode,
);
/** The state of an address; outside the US -> 'validation.address.usOnly'. Out: the code. */
export const addressStateSchema = checkedString(validateAddressState).transform(
  (value) => normalizeStateCode(value) as UsStateCode,
);
