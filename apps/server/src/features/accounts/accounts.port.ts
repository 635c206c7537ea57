import type { Actor, Caller, RequestOrigin } from '../../platform/actor';

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
   * PDF asks; the caller audits the read with its own action.
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
   * (a pharmacist's grant limits them by state).
   */
  holderStates(accountIds: readonly string[]): Promise<Map<string, string | null>>;
  /**
   * Several accounts' brands and holders' full names at once ('' when no holder is on file);
   * unknown accounts are left out (the back office's money list).
   */
  brandsAndNames(
    accountIds: readonly string[],
  ): Promise<Map<string, { brandId: string; name: string }>>;
  /** The ids of a brand's accounts (the back office's money list filtered by brand). */
  accountIdsOfBrand(brandId: string): Promise<string[]>;
  /** The account holder's full name (providers' names on notes and in the waiting room). */
  displayName(accountId: string): Promise<string | undefined>;
  loginId(accountId: string): Promise<string | undefined>;
  /** The account's notifications switch (profile settings; the notification sender reads it). */
  notificationsOn(accountId: string): Promise<boolean>;
  setNotifications(accountId: string, on: boolean): Promise<void>;
  /** The referral code the account registered with, if any. */
  referredBy(accountId: string): Promise<string | undefined>;
  /** Accounts that registered with one of these referral codes, with the code each used. */
  referredWith(codes: readonly string[]): Promise<{ accountId: string; code: string }[]>;
}

export interface PersonRecord {
  id: string;
  accountId: string;
  relation: string;
  firstName: string;
  lastName: string;
  dob: string;
  gender: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  state: string | null;
  zipCode: string | null;
  country: string;
  consultLocation: string | null;
  validAsyncState: boolean;
}

/** An account as the back office's search lists it: its holder's name, birth date and phone. */
export interface AccountMatch {
  accountId: string;
  loginId: string;
  role: string;
  disabledAt: Date | null;
  firstName: string;
  lastName: string;
  dob: string;
  phone: string | null;
}

/** What a search looks for (any of them); `accountIds`: accounts found elsewhere (a visit). */
export interface AccountSearch {
  text?: string;
  digits?: string;
  dob?: string;
  accountIds?: readonly string[];
}

/** Where a login's failures are counted: addresses and known devices' token hashes. */
export interface LoginPlaces {
  addresses: readonly string[];
  deviceHashes: readonly string[];
}

/** An account as the back office's account page reads it (never its password hash). */
export interface AccountSupportFacts {
  id: string;
  loginId: string;
  role: string;
  language: string;
  twoFactor: string;
  createdAt: Date;
  disabledAt: Date | null;
  persons: PersonRecord[];
  consents: { document: string; version: string; acceptedAt: Date }[];
  /** Known devices' token hashes (where login failures are counted); never shown. */
  deviceHashes: string[];
}

/**
 * What the back office's People and support area asks of accounts, through the
 * port. It checks who may ask and audits; these only read and change.
 */
export interface AccountSupport {
  searchAccounts(query: AccountSearch, limit: number, offset: number): Promise<AccountMatch[]>;
  supportFacts(accountId: string): Promise<AccountSupportFacts | undefined>;
  loginLocked(accountId: string, where: LoginPlaces): Promise<boolean>;
  unlockLogin(accountId: string, where: LoginPlaces): Promise<void>;
  /** Disables the account (it cannot log in) and ends its sessions; or re-enables it. */
  setAccountDisabled(
    accountId: string,
    disabled: { at: Date; reason: string } | null,
  ): Promise<void>;
  endAllSessions(accountId: string, reason: string): Promise<void>;
  /**
   * Turns two-factor login off (the owner lost the phone or the mailbox its codes go to) and
   * cancels any open code; the owner turns it on again in their settings.
   */
  resetTwoFactor(accountId: string, at: Date): Promise<void>;
  /** The password-help mail (and text) the owner would get by asking for it themselves. */
  sendResetLink(loginId: string, caller: Caller): Promise<void>;
}

export interface StaffInvite {
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  organizationType: string;
  organizationId: string;
  brandId: string;
  language: string;
  /** The mail to send, given the set-your-password link (the inviting area writes its text). */
  mail: (link: string) => { subject: string; text: string };
}

/** A login-less account that owns what an organisation receives (see serviceAccount). */
export interface ServiceAccountInput {
  /** A stable id naming what it is for ('mailbox:pharmacy:<id>'); never an e-mail address. */
  loginId: string;
  role: string;
  organizationType: string;
  organizationId: string;
  brandId: string;
  /** Shown where its holder row is named (the organisation's name). */
  name: string;
}

export type StaffInviteOutcome =
  | { ok: true; accountId: string; created: boolean }
  | { ok: false; reason: 'exists' | 'sending' };

export interface StaffService {
  /**
   * Creates a staff login for an organisation (or re-opens one of the same organisation and
   * role that was disabled) and mails a link to choose its password. An address that belongs
   * to any other account is refused: a patient's login never becomes staff.
   */
  inviteStaff(actor: Actor, invite: StaffInvite): Promise<StaffInviteOutcome>;
  /** Disables a login and ends its sessions at once (a revoked pharmacist). */
  disableStaff(actor: Actor, accountId: string, reason: string): Promise<void>;
  /** Lets a disabled staff login sign in again with its password (a reactivated provider). */
  enableStaff(actor: Actor, accountId: string): Promise<void>;
  /**
   * The id of an organisation's service account (a pharmacy's mailbox, which owns the
   * attachments of the e-mail it receives): found by its login id, or created disabled, with a
   * password nobody knows, so it never signs in, never is anyone's staff and is in no member
   * list. Files need an owning account; an organisation has none of its own.
   */
  serviceAccount(origin: RequestOrigin, input: ServiceAccountInput): Promise<string>;
}

/** The patient a pharmacy's in-store assessment is for, as the pharmacist typed it. */
export interface LinkedPatientInput {
  email: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD, an adult's (the assessment's schema checked the age). */
  dob: string;
  gender: string;
  phone: string;
  /** The state the patient is in (kept as the holder's state when the account is made). */
  state: string;
  brandId: string;
  /** The language the account starts with (the pharmacist's, when the account is made). */
  language: string;
  /**
   * The SHA-256 of the e-mailed link's code and its expiry: for a made account the same code is
   * its password link (a reset code), so the patient chooses a password from the e-mail.
   */
  codeHash: string;
  expiresAt: Date;
}

export type LinkedPatient =
  | { ok: true; accountId: string; created: boolean; language: string }
  | { ok: false; reason: 'not-a-patient' };

export interface PatientLinksService {
  /**
   * The account a pharmacy's e-mailed link is for: matched by its e-mail (a patient's, enabled),
   * or made for the patient with a password nobody knows and a set-your-password code (the
   * reset code of password help, valid until the link expires). A staff, service or closed
   * login is refused: a link never signs anyone into it.
   */
  patientForLink(origin: RequestOrigin, input: LinkedPatientInput): Promise<LinkedPatient>;
  /** Whether the link's code still sets the account's password (made, not chosen yet). */
  passwordLinkOpen(codeHash: string, at: Date): Promise<boolean>;
}
