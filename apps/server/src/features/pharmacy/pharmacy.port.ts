import type { RegistryMismatch } from '@apothecall/domain/pharmacy/ncpdp.rules';
import type { Actor } from '../../platform/actor';

/**
 * A pharmacy organisation as other areas see it (the pharmacy tables' rows stay the repo's; it
 * checks at compile time that its rows still have this shape).
 */
export interface PharmacyOrganizationRecord {
  id: string;
  name: string;
  ncpdpId: string;
  npi: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  fax: string;
  acceptsErx: boolean;
  /** The states whose patients' Rx visits it takes (it ships there); its own state at least. */
  serviceStates: string[];
  /** Where new-visit notices go (no PHI in them): an e-mail address and/or a mobile number. */
  notifyEmail: string | null;
  notifyPhone: string | null;
  /** When the registry last matched; null while unverified. */
  verifiedAt: Date | null;
  /** What did not match at the last check (notListed, address, phone, fax). */
  mismatches: string[];
  createdAt: Date;
}

/** A pharmacist's grant: which of the pharmacy's Rx visits they work. */
export interface PharmacistGrantRecord {
  id: string;
  organizationId: string;
  accountId: string;
  email: string;
  states: string[];
  links: string[];
  claimedOnly: boolean;
  invitedBy: string | null;
  createdAt: Date;
  revokedAt: Date | null;
}

/** A pharmacy's Rx link (a screen and medication list patients start from). */
export interface PharmacyLinkRecord {
  id: string;
  organizationId: string;
  screenId: string;
  medListId: string | null;
  comment: string | null;
  createdAt: Date;
  deletedAt: Date | null;
}

export type PharmacyRole = 'pharmacyAdmin' | 'pharmacist';

/** Who is asking, in the portal: their organisation, role and (for a pharmacist) grant. */
export interface PharmacyStaff {
  accountId: string;
  organization: PharmacyOrganizationRecord;
  role: PharmacyRole;
  /** Allows /links (spec: readyrx). */
  readyRx: boolean;
  /** A pharmacist's grant; null for the admin, who sees everything of the pharmacy. */
  grant: Pick<PharmacistGrantRecord, 'states' | 'links' | 'claimedOnly'> | null;
}

/**
 * What other areas may ask of the pharmacy area: whether an organisation is verified (Rx access
 * needs it, spec section 6), who a pharmacy's staff are and what their grant lets them see, where
 * a new Rx visit goes (a chosen pharmacy or a link's), and whom to tell of a dashboard change.
 */
export interface PharmacyPort {
  verification(
    organizationId: string,
  ): Promise<{ verified: boolean; mismatches: RegistryMismatch[] } | undefined>;
  /** The caller's place in a pharmacy, or undefined (not staff, disabled, or no grant). */
  staffOf(accountId: string): Promise<PharmacyStaff | undefined>;
  /** As staffOf, or 403 for a non-pharmacy account. */
  staff(actor: Actor): Promise<PharmacyStaff>;
  /** As staff, or 403 'Verified account only' when the NCPDP ID is not verified. */
  verifiedStaff(actor: Actor): Promise<PharmacyStaff>;
  /** A link customers open, with its verified pharmacy (undefined: unknown, deleted, unverified). */
  resolveLink(
    id: string,
  ): Promise<{ link: PharmacyLinkRecord; organization: PharmacyOrganizationRecord } | undefined>;
  /**
   * Where a new Rx visit from `state` goes: the link's pharmacy, or the chosen one, which must
   * be verified and take visits from that state. Neither: the patient takes the prescription.
   */
  routeFor(input: {
    pharmacyId?: string | undefined;
    linkId?: string | undefined;
    state: string;
  }): Promise<PharmacyRoute>;
  organization(id: string): Promise<PharmacyOrganizationRecord | undefined>;
  /** The organisations of these ids that exist, in one read (a list naming its pharmacies). */
  organizationsIn(ids: readonly string[]): Promise<PharmacyOrganizationRecord[]>;
  /** Every pharmacy organisation (announcements find their audience). */
  organizations(): Promise<PharmacyOrganizationRecord[]>;
  /** Accounts to tell when the pharmacy's dashboard changes: its enabled staff. */
  staffAccounts(organizationId: string): Promise<string[]>;
  /**
   * A claim fee was taken, leaving `balanceAfter` (cents): the admins are e-mailed, in their
   * language, when it took the balance under the low mark (once per crossing).
   */
  feeTaken(organizationId: string, balanceAfter: number, feeCents: number): Promise<void>;
  /** Every Rx link the pharmacy ever published, withdrawn ones too, oldest first. */
  allLinksOf(organizationId: string): Promise<PharmacyLinkRecord[]>;
}

export interface PharmacyRoute {
  pharmacyId: string | null;
  linkId: string | null;
}
