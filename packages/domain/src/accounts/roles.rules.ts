/**
 * Roles and permissions (spec section 6). Pure checks over structural inputs; the session
 * schema carries role, credentials (from, role, organizationType) and the permission list.
 */

export const roles = [
  'patient',
  'pharmacist',
  'tester',
  'demo',
  'AllAccess',
  '3rdparty',
  'provider',
  'admin',
  'pharmacyAdmin',
  'rxSubscriptionAdmin',
  // Our addition: the operator's support staff (packages/domain/src/backoffice).
  'support',
] as const;
export type Role = (typeof roles)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

export const organizationTypes = ['pharmacy'] as const;
export type OrganizationType = (typeof organizationTypes)[number];

/** 'readyrx' allows /links and /prescriptions. */
export const readyRxPermission = 'readyrx';

/** 'rxSubscriptionAdmin:{company id}' allows /rxadmin for that company. */
export function rxSubscriptionAdminPermission(companyId: string): string {
  return `rxSubscriptionAdmin:${companyId}`;
}

export function hasPermission(
  permissions: readonly string[] | null | undefined,
  permission: string,
): boolean {
  return (permissions ?? []).includes(permission);
}

/** The user may open /rxadmin for the company the credentials come from (empty ids never match). */
export function isRxSubscriptionAdminFor(
  permissions: readonly string[] | null | undefined,
  companyId: string | null | undefined,
): boolean {
  if (!companyId) return false;
  return hasPermission(permissions, rxSubscriptionAdminPermission(companyId));
}

/** The role 3rdparty sets the third-party flag. */
export function setsThirdPartyFlag(role: string | null | undefined): boolean {
  return role === '3rdparty';
}

export function isPharmacyOrganization(organizationType: string | null | undefined): boolean {
  return organizationType === 'pharmacy';
}

/** Roles that count as available in any area and for asynchronous service. */
export const unrestrictedRoles = ['tester', 'demo', 'AllAccess'] as const satisfies readonly Role[];

export function isUnrestrictedRole(role: string | null | undefined): boolean {
  return (unrestrictedRoles as readonly string[]).includes(role ?? '');
}

/**
 * Non-patients always count as available: for them the service is open whatever the
 * provider availability says. Patients (and a missing role) get the availability as is.
 */
export function countsAsAvailable(role: string | null | undefined, available: boolean): boolean {
  return (Boolean(role) && role !== 'patient') || available;
}

/** Synchronous (video) or asynchronous service. */
export type UserType = 'sync' | 'async';

export function userTypeOf(asyncLogin: boolean | null | undefined): UserType {
  return asyncLogin ? 'async' : 'sync';
}

/**
 * Whether the service is available to the user in a state. Tester, demo and AllAccess are
 * available in any area and for asynchronous service; others need the state in the list of
 * the service they use (available states for sync, asynchronous-visit states for async).
 */
export function isServiceAvailableIn(input: {
  readonly role: string | null | undefined;
  readonly userType: UserType;
  readonly state: string | null | undefined;
  readonly availableStates: readonly string[];
  readonly asyncStates: readonly string[];
}): boolean {
  if (isUnrestrictedRole(input.role)) return true;
  if (!input.state) return false;
  const list = input.userType === 'async' ? input.asyncStates : input.availableStates;
  return list.includes(input.state);
}

// ---- Account holder vs authorized prepay user ----

export const accountAbilities = [
  'addDependent',
  'switchProfile',
  'managePrepayPrograms',
  'manageAuthorizedUsers',
  'manageOneTimeCodes',
  'manageProgramLimits',
  'usePrepayProgram',
] as const;
export type AccountAbility = (typeof accountAbilities)[number];

export type AccountParty = 'accountHolder' | 'authorizedPrepayUser';

const partyAbilities: Readonly<Record<AccountParty, readonly AccountAbility[]>> = {
  accountHolder: accountAbilities,
  authorizedPrepayUser: ['usePrepayProgram'],
};

/**
 * The account holder can add dependents, switch the current profile among their users and
 * manage prepay programs (authorized users, one-time codes, program limits); authorized prepay
 * users can only use the program.
 */
export function canDo(party: AccountParty, ability: AccountAbility): boolean {
  return partyAbilities[party].includes(ability);
}

// ---- Pharmacy organisation ----

export const pharmacyAbilities = [
  'viewEmails',
  'viewAnalytics',
  'viewLogins',
  'viewAttribution',
  'viewCrm',
  'viewReferrals',
  'managePharmacists',
  'changeVisitStatus',
  'requestChange',
  'claim',
  'downloadPrescription',
] as const;
export type PharmacyAbility = (typeof pharmacyAbilities)[number];

/**
 * Only pharmacies change visit status, request changes (before claiming), claim, and download
 * prescriptions after the fee is paid; pharmacy Rx access needs a verified NCPDP ID. The
 * e-mail, analytics, login, attribution, CRM, referral and pharmacist screens need only the
 * pharmacy organisation type.
 */
export function canPharmacy(
  ability: PharmacyAbility,
  input: {
    readonly organizationType: string | null | undefined;
    readonly ncpdpVerified: boolean;
    readonly claimed?: boolean;
    readonly feePaid?: boolean;
  },
): boolean {
  if (!isPharmacyOrganization(input.organizationType)) return false;
  switch (ability) {
    case 'changeVisitStatus':
    case 'claim':
      return input.ncpdpVerified;
    case 'requestChange':
      return input.ncpdpVerified && !input.claimed;
    case 'downloadPrescription':
      return input.ncpdpVerified && input.feePaid === true;
    default:
      return true;
  }
}
