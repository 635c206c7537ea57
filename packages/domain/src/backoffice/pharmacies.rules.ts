/**
 * The back office's pharmacies area: how a pharmacy's own details compare with its
 * NCPDP registry row, field by field (spec section 2: "A pharmacy's address, phone and fax must
 * match the NCPDP database"), and the key a pharmacy onboarded from the registry gets. Pure.
 */
import {
  normalizeAddress,
  normalizeUsPhone,
  type PharmacyContact,
  type RegistryPharmacy,
} from '../pharmacy/ncpdp.rules';

/** The fields compared, in the order the pharmacy's page shows them. */
export const comparedFields = ['address', 'phone', 'fax'] as const;
export type ComparedField = (typeof comparedFields)[number];

/** same: they match once normalised; differs: they do not; missing: the registry has nothing. */
export type ComparisonResult = 'same' | 'differs' | 'missing';

export interface FieldComparison {
  field: ComparedField;
  /** As the pharmacy states it (one line for the address). */
  pharmacy: string;
  /** As the registry lists it; '' when the registry has no value or no row. */
  registry: string;
  result: ComparisonResult;
}

/** The address on one line, as people read it. */
export function addressLine(a: Omit<PharmacyContact, 'phone' | 'fax'>): string {
  const street = [a.address1, a.address2].filter((p) => p.trim() !== '').join(', ');
  const place = [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, place].filter(Boolean).join(', ');
}

/**
 * The pharmacy's address, phone and fax against its registry row (undefined: not listed), each
 * compared as the NCPDP check compares it (domain pharmacy/ncpdp.rules.ts).
 */
export function compareWithRegistry(
  pharmacy: PharmacyContact,
  entry: RegistryPharmacy | undefined,
): FieldComparison[] {
  const address = (): FieldComparison => {
    const registry = entry && entry.address1.trim() !== '' ? addressLine(entry) : '';
    return {
      field: 'address',
      pharmacy: addressLine(pharmacy),
      registry,
      result: !entry || registry === '' ? 'missing' : sameAddress(pharmacy, entry),
    };
  };
  const phoneLike = (field: 'phone' | 'fax'): FieldComparison => {
    const registry = entry ? normalizeUsPhone(entry[field]) : '';
    const own = normalizeUsPhone(pharmacy[field]);
    return {
      field,
      pharmacy: pharmacy[field],
      registry: entry?.[field] ?? '',
      result: registry === '' ? 'missing' : own !== '' && own === registry ? 'same' : 'differs',
    };
  };
  return [address(), phoneLike('phone'), phoneLike('fax')];
}

function sameAddress(pharmacy: PharmacyContact, entry: RegistryPharmacy): ComparisonResult {
  return normalizeAddress(pharmacy) === normalizeAddress(entry) ? 'same' : 'differs';
}

/** Whether every compared field is the same (the registry confirms the pharmacy). */
export function matchesRegistry(comparison: readonly FieldComparison[]): boolean {
  return comparison.every((c) => c.result === 'same');
}

/**
 * The key of a pharmacy onboarded from the registry: its name in lower-case words joined by
 * hyphens (at most 40 characters), then its NCPDP ID, which makes it unique.
 */
export function pharmacyKeyOf(name: string, ncpdpId: string): string {
  const words = name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return words ? `${words}-${ncpdpId}` : `pharmacy-${ncpdpId}`;
}

/** Whether a registry search looks for an NCPDP ID (digits) rather than a name. */
export function isNcpdpQuery(query: string): boolean {
  return /^\d{1,7}$/.test(query.trim());
}

/** The most rows a registry search answers. */
export const maxRegistryResults = 20;
