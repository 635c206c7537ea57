import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import {
  accountAbilities,
  canDo,
  canPharmacy,
  countsAsAvailable,
  hasPermission,
  isPharmacyOrganization,
  isRole,
  isRxSubscriptionAdminFor,
  isServiceAvailableIn,
  readyRxPermission,
  roles,
  rxSubscriptionAdminPermission,
  setsThirdPartyFlag,
  userTypeOf,
} from './roles.rules';

describe('roles (spec section 6)', () => {
  it('lists the roles', () => {
    for (const r of ['patient', 'pharmacist', 'tester', 'demo', 'AllAccess', '3rdparty']) {
      expect(isRole(r)).toBe(true);
    }
    expect(isRole('superuser')).toBe(false);
  });

  it('3rdparty sets the third-party flag', () => {
    expect(setsThirdPartyFlag('3rdparty')).toBe(true);
    expect(setsThirdPartyFlag('patient')).toBe(false);
  });

  it('knows the pharmacy organisation type', () => {
    expect(isPharmacyOrganization('pharmacy')).toBe(true);
    expect(isPharmacyOrganization(null)).toBe(false);
  });

  it('law: non-patients always count as available; patients get the availability as is', () => {
    fc.assert(
      fc.property(fc.constantFrom(...roles), fc.boolean(), (role, available) => {
        expect(countsAsAvailable(role, available)).toBe(role === 'patient' ? available : true);
      }),
    );
  });

  it('tester, demo and AllAccess are available in any area and for async service', () => {
    for (const role of ['tester', 'demo', 'AllAccess']) {
      expect(
        isServiceAvailableIn({
          role,
          userType: 'async',
          state: 'NY',
          availableStates: [],
          asyncStates: [],
        }),
      ).toBe(true);
      expect(
        isServiceAvailableIn({
          role,
          userType: 'sync',
          state: null,
          availableStates: [],
          asyncStates: [],
        }),
      ).toBe(true);
    }
  });

  it('other users need the state in the list of their service type (async vs sync)', () => {
    const base = { role: 'patient', state: 'FL', availableStates: ['FL'], asyncStates: ['TX'] };
    expect(isServiceAvailableIn({ ...base, userType: 'sync' })).toBe(true);
    expect(isServiceAvailableIn({ ...base, userType: 'async' })).toBe(false);
    expect(userTypeOf(true)).toBe('async');
    expect(userTypeOf(undefined)).toBe('sync');
  });
});

describe('permissions', () => {
  it("'readyrx' and 'rxSubscriptionAdmin:{company id}'", () => {
    expect(readyRxPermission).toBe('readyrx');
    expect(rxSubscriptionAdminPermission('acme')).toBe('rxSubscriptionAdmin:acme');
    expect(hasPermission(['readyrx'], 'readyrx')).toBe(true);
    expect(hasPermission(undefined, 'readyrx')).toBe(false);
  });

  it('rxSubscriptionAdmin is per company, and an empty company id never matches', () => {
    expect(isRxSubscriptionAdminFor(['rxSubscriptionAdmin:acme'], 'acme')).toBe(true);
    expect(isRxSubscriptionAdminFor(['rxSubscriptionAdmin:acme'], 'other')).toBe(false);
    expect(isRxSubscriptionAdminFor(['rxSubscriptionAdmin:'], '')).toBe(false);
  });
});

describe('account holder vs authorized prepay user', () => {
  it('the account holder can do everything on the account', () => {
    for (const a of accountAbilities) expect(canDo('accountHolder', a)).toBe(true);
  });

  it('an authorized prepay user can only use the program', () => {
    expect(accountAbilities.filter((a) => canDo('authorizedPrepayUser', a))).toEqual([
      'usePrepayProgram',
    ]);
  });
});

describe('pharmacy organisation', () => {
  const pharmacy = { organizationType: 'pharmacy', ncpdpVerified: true };

  it('only pharmacies change status, claim and download', () => {
    expect(canPharmacy('claim', { ...pharmacy, organizationType: null })).toBe(false);
    expect(canPharmacy('viewEmails', pharmacy)).toBe(true);
  });

  it('needs a verified NCPDP ID for Rx access', () => {
    expect(canPharmacy('claim', { ...pharmacy, ncpdpVerified: false })).toBe(false);
    expect(canPharmacy('changeVisitStatus', pharmacy)).toBe(true);
  });

  it('requests changes only before claiming and downloads only after the fee is paid', () => {
    expect(canPharmacy('requestChange', { ...pharmacy, claimed: true })).toBe(false);
    expect(canPharmacy('requestChange', pharmacy)).toBe(true);
    expect(canPharmacy('downloadPrescription', pharmacy)).toBe(false);
    expect(canPharmacy('downloadPrescription', { ...pharmacy, feePaid: true })).toBe(true);
  });
});

describe('account action texts (spec section 8)', () => {
  it('keeps the spec English texts', () => {
    const texts = {
      'accountActions.passwordChangeFailed': 'Unable to change password: {message}',
      'accountActions.passwordChanged': 'Password Changed',
      'accountActions.updateUserFailed':
        'Unable to update user data (setCurrentUserData): {message}',
      'accountActions.accountUpdated': 'Account information updated',
      'accountActions.addDependentFailed': 'Unable to add dependent (addUser): {message}',
      'accountActions.dependentAdded.masculine': 'Dependent added',
      'accountActions.dependentAdded.feminine': 'Dependent added',
      'accountActions.setConsultLocationFailed': 'action setConsultLocation {message}',
      'accountActions.notifications.activateFailed.title': 'Unable to Activate Notifications',
      'accountActions.notifications.activateFailed.body': 'Please allow notifications in Settings.',
      'accountActions.notifications.activated': 'Notifications activated.',
      'accountActions.passwordReset.requested.title': 'Reset Request Received',
      'accountActions.passwordReset.requested.body':
        'We have sent an email containing the link to reset your password.',
      'accountActions.passwordReset.invalidCode':
        'Password reset code is not valid. Your password cannot be changed with this link.',
      'accountActions.passwordReset.notChanged': 'Password was not changed.',
    } as const;
    for (const [key, text] of Object.entries(texts) as [keyof typeof texts, string][]) {
      expect(translate('en', key)).toBe(text);
    }
  });

  it("genders 'Dependent added' in Spanish", () => {
    expect(translate('es', 'accountActions.dependentAdded.masculine')).toBe('Dependiente agregado');
    expect(translate('es', 'accountActions.dependentAdded.feminine')).toBe('Dependiente agregada');
  });

  it('names the action in each load-error toast', () => {
    for (const area of [
      'profile',
      'dependents',
      'notes',
      'appointments',
      'availability',
      'version',
      'prepays',
      'subscriptions',
    ] as const) {
      const text = translate('en', `accountActions.loadFailed.${area}`, { message: 'boom' });
      expect(text).toMatch(new RegExp(`^Unable to load ${area} \\(get\\w+\\): boom$`));
    }
  });
});
