/**
 * NCPDP verification (spec sections 1 and 6: "Pharmacies need a verified NCPDP ID"; "A
 * pharmacy's address, phone and fax must match the NCPDP database"). The registry is read from
 * the public NPPES dissemination file (CSV, one row per provider): pharmacies are the
 * organisations with a pharmacy taxonomy (3336…), and their NCPDP ID is the "Other Provider
 * Identifier" whose issuer is NCPDP. Matching compares normalised address, phone and fax.
 * Reading the file's CSV is the server's (csv-parse, features/pharmacy/registry-import.ts): a
 * row arrives here as an object by column name.
 */

/** A pharmacy as the registry lists it. */
export interface RegistryPharmacy {
  readonly ncpdpId: string;
  readonly npi: string;
  readonly name: string;
  readonly address1: string;
  readonly address2: string;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  readonly phone: string;
  readonly fax: string;
}

/** What a pharmacy organisation says of itself. */
export type PharmacyContact = Pick<
  RegistryPharmacy,
  'address1' | 'address2' | 'city' | 'state' | 'zip' | 'phone' | 'fax'
>;

/** Ten digits (a leading country code 1 dropped); '' when there are not ten. */
export function normalizeUsPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return ten.length === 10 ? ten : '';
}

/** USPS street suffixes and unit words, and the directions, in their standard abbreviations. */
const abbreviations: Readonly<Record<string, string>> = {
  STREET: 'ST',
  AVENUE: 'AVE',
  AV: 'AVE',
  ROAD: 'RD',
  BOULEVARD: 'BLVD',
  DRIVE: 'DR',
  LANE: 'LN',
  COURT: 'CT',
  PLACE: 'PL',
  PARKWAY: 'PKWY',
  HIGHWAY: 'HWY',
  CIRCLE: 'CIR',
  TERRACE: 'TER',
  SQUARE: 'SQ',
  SUITE: 'STE',
  APARTMENT: 'APT',
  BUILDING: 'BLDG',
  FLOOR: 'FL',
  UNIT: 'UNIT',
  NUMBER: '#',
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
};

/**
 * An address as one comparable string: upper case, punctuation dropped ('#' kept), spaces
 * collapsed, street words abbreviated the USPS way, ZIP to its five digits.
 */
export function normalizeAddress(address: Omit<PharmacyContact, 'phone' | 'fax'>): string {
  const words = [address.address1, address.address2, address.city]
    .join(' ')
    .toUpperCase()
    .replace(/[.,;:'"()-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => abbreviations[word] ?? word);
  const zip = address.zip.replace(/\D/g, '').slice(0, 5);
  return [...words, address.state.trim().toUpperCase(), zip].join(' ');
}

export type RegistryMismatch = 'notListed' | 'address' | 'phone' | 'fax';

export interface RegistryCheck {
  readonly verified: boolean;
  readonly mismatches: readonly RegistryMismatch[];
}

/** Whether a pharmacy's address, phone and fax match its NCPDP registry entry. */
export function checkAgainstRegistry(
  pharmacy: PharmacyContact,
  entry: RegistryPharmacy | undefined,
): RegistryCheck {
  if (!entry) return { verified: false, mismatches: ['notListed'] };
  const mismatches: RegistryMismatch[] = [];
  if (normalizeAddress(pharmacy) !== normalizeAddress(entry)) mismatches.push('address');
  const phone = normalizeUsPhone(pharmacy.phone);
  if (!phone || phone !== normalizeUsPhone(entry.phone)) mismatches.push('phone');
  const fax = normalizeUsPhone(pharmacy.fax);
  if (!fax || fax !== normalizeUsPhone(entry.fax)) mismatches.push('fax');
  return { verified: mismatches.length === 0, mismatches };
}

/** NPPES taxonomy codes of pharmacies (333600000X Pharmacy and its 3336… specialisations). */
export function isPharmacyTaxonomy(code: string): boolean {
  return /^3336[0-9A-Z]{5}X$/.test(code.trim().toUpperCase());
}

const column = {
  npi: 'NPI',
  entityType: 'Entity Type Code',
  name: 'Provider Organization Name (Legal Business Name)',
  address1: 'Provider First Line Business Practice Location Address',
  address2: 'Provider Second Line Business Practice Location Address',
  city: 'Provider Business Practice Location Address City Name',
  state: 'Provider Business Practice Location Address State Name',
  zip: 'Provider Business Practice Location Address Postal Code',
  phone: 'Provider Business Practice Location Address Telephone Number',
  fax: 'Provider Business Practice Location Address Fax Number',
  taxonomy: (n: number) => `Healthcare Provider Taxonomy Code_${n}`,
  otherId: (n: number) => `Other Provider Identifier_${n}`,
  otherIdIssuer: (n: number) => `Other Provider Identifier Issuer_${n}`,
} as const;

/** NPPES lists up to 15 taxonomies and 50 other identifiers per provider. */
const taxonomySlots = 15;
const otherIdSlots = 50;

/**
 * A pharmacy from one NPPES row (values by column name; a missing column reads as empty): an
 * organisation (entity type 2) with a pharmacy taxonomy and an NCPDP ID (7 digits) among its
 * other identifiers; anything else is not a registry pharmacy.
 */
export function pharmacyFromNppesRow(
  row: Readonly<Record<string, string>>,
): RegistryPharmacy | undefined {
  if (row[column.entityType] !== '2') return undefined;
  let pharmacy = false;
  for (let n = 1; n <= taxonomySlots; n++) {
    if (isPharmacyTaxonomy(row[column.taxonomy(n)] ?? '')) pharmacy = true;
  }
  if (!pharmacy) return undefined;
  let ncpdpId: string | undefined;
  for (let n = 1; n <= otherIdSlots && !ncpdpId; n++) {
    const issuer = (row[column.otherIdIssuer(n)] ?? '').toUpperCase();
    const id = (row[column.otherId(n)] ?? '').replace(/\D/g, '');
    if (issuer.includes('NCPDP') && /^\d{7}$/.test(id)) ncpdpId = id;
  }
  if (!ncpdpId) return undefined;
  return {
    ncpdpId,
    npi: row[column.npi] ?? '',
    name: row[column.name] ?? '',
    address1: row[column.address1] ?? '',
    address2: row[column.address2] ?? '',
    city: row[column.city] ?? '',
    state: (row[column.state] ?? '').toUpperCase(),
    zip: (row[column.zip] ?? '').slice(0, 5),
    phone: normalizeUsPhone(row[column.phone] ?? ''),
    fax: normalizeUsPhone(row[column.fax] ?? ''),
  };
}
