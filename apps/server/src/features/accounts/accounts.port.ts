import type { AccountSupport } from './account-support.service';
import type { PatientLinksService } from './patient-links.service';
import type { StaffService } from './staff.service';

/**
 * What other areas may ask of accounts (people, consents, roles, contact details). Other areas
 * never read the accounts tables; they are handed this port by their module. Reads of a person
 * are PHI reads: the calling service audits them with its own action.
 */
export interface PersonFacts {
  id: string;
  accountId: string;
  firstName: string;
  lastName: string;
  dob: string;
  gender: string;
  phone: string | null;
  consultLocation: string | null;
}

export interface HolderContact {
  phone: string | null;
  language: string;
  brandId: string;
  firstName: string;
}

export interface AccountsPort extends StaffService, PatientLinksService, AccountSupport {
  person(personId: string): Promise<PersonFacts | undefined>;
  /**
   * The person's postal address on file, for a prescription (which must carry it): the street
   * line, state and ZIP; null when they have no street address on file. Only the prescription
   * PDF asks (issue 36, finding 15); the caller audits the read with its own action.
   */
  postalAddress(
    personId: string,
  ): Promise<{ line: string; state: string | null; zipCode: string | null } | null>;
  /** The account's people: the holder first, then the dependents. */
  family(accountId: string): Promise<PersonFacts[]>;
  /** Several people at once (one query), in no particular order; unknown ids are left out. */
  persons(personIds: readonly string[]): Promise<PersonFacts[]>;
  /** The consent documents and versions the account holder accepted. */
  consents(accountId: string): Promise<{ document: string; version: string }[]>;
  role(accountId: string): Promise<string | undefined>;
  /** The account's role and the organisation its credentials come from (staff logins). */
  membership(accountId: string): Promise<
    | {
        role: string;
        organizationType: string | null;
        organizationId: string | null;
        permissions: string[];
        disabled: boolean;
      }
    | undefined
  >;
  /** The enabled logins of an organisation (its staff), with their roles. */
  membersOf(organizationId: string): Promise<{ accountId: string; role: string }[]>;
  /** The holder's phone, language and brand (for texts sent on their behalf). */
  holderContact(accountId: string): Promise<HolderContact | undefined>;
  /**
   * The account holders' states on file (their address), by account; null when none is on file;
   * unknown accounts are left out. A pharmacy's CRM customer linked to a patient belongs to it
   * (a pharmacist's grant limits them by state; issue 32, finding 9).
   */
  holderStates(accountIds: readonly string[]): Promise<Map<string, string | null>>;
  /**
   * Several accounts' brands and holders' full names at once ('' when no holder is on file);
   * unknown accounts are left out (the back office's money list, issue 35).
   */
  brandsAndNames(
    accountIds: readonly string[],
  ): Promise<Map<string, { brandId: string; name: string }>>;
  /** The ids of a brand's accounts (the back office's money list filtered by brand, issue 35). */
  accountIdsOfBrand(brandId: string): Promise<string[]>;
  /** The account holder's full name (providers' names on notes and in the waiting room). */
  displayName(accountId: string): Promise<string | undefined>;
  loginId(accountId: string): Promise<string | undefined>;
  /** The account's notifications switch (profile settings; issue 19's sender reads it). */
  notificationsOn(accountId: string): Promise<boolean>;
  setNotifications(accountId: string, on: boolean): Promise<void>;
  /** The referral code the account registered with, if any. */
  referredBy(accountId: string): Promise<string | undefined>;
  /** Accounts that registered with one of these referral codes, with the code each used. */
  referredWith(codes: readonly string[]): Promise<{ accountId: string; code: string }[]>;
}
