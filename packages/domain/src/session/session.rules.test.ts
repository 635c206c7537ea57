import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import {
  autoLogoutDecision,
  biometricFailureOutcome,
  biometricMethods,
  defaultAutoLogoffMinutes,
  defaultIdleLogoutMs,
  isForegroundTimeout,
  isIdleTimeout,
  isVisitInProgress,
  loginLoads,
  shouldCheckVersionOnForeground,
  shouldReloadForVersion,
} from './session.rules';

const t0 = Date.UTC(2025, 0, 1);
const min = 60_000;

describe('visit in progress (spec section 4, literal)', () => {
  it('needs MORE THAN ONE active visit', () => {
    expect(isVisitInProgress(0)).toBe(false);
    expect(isVisitInProgress(1)).toBe(false);
    expect(isVisitInProgress(2)).toBe(true);
  });
});

describe('auto-logout', () => {
  it('fires after 15 minutes (900000 ms) idle', () => {
    expect(isIdleTimeout(t0, t0 + 900_000 - 1)).toBe(false);
    expect(isIdleTimeout(t0, t0 + 900_000)).toBe(true);
    const d = autoLogoutDecision({ now: t0 + 900_000, loggedIn: true, lastActivityAt: t0 });
    expect(d).toEqual({ logout: true, reason: 'idle', messageKey: 'session.autoLogout' });
    if (d.logout) expect(translate('en', d.messageKey)).toBe('Auto logout');
  });

  const fg = {
    backgroundedAt: t0,
    now: t0 + 30 * min + 1,
    loggedIn: true,
    autoLogoffEnabled: true,
    activeVisitCount: 0,
  };

  it('fires on foreground after MORE than 30 minutes away when logged in, enabled and no visit in progress', () => {
    expect(isForegroundTimeout(fg)).toBe(true);
    expect(isForegroundTimeout({ ...fg, now: t0 + 30 * min })).toBe(false);
    expect(isForegroundTimeout({ ...fg, loggedIn: false })).toBe(false);
    expect(isForegroundTimeout({ ...fg, autoLogoffEnabled: false })).toBe(false);
    expect(isForegroundTimeout({ ...fg, activeVisitCount: 2 })).toBe(false);
    expect(isForegroundTimeout({ ...fg, activeVisitCount: 1 })).toBe(true);
  });

  it('takes the auto-logoff minutes from configuration', () => {
    expect(isForegroundTimeout({ ...fg, autoLogoffMinutes: 60 })).toBe(false);
  });

  it('the foreground rule reports its own reason', () => {
    expect(
      autoLogoutDecision({
        now: fg.now,
        loggedIn: true,
        lastActivityAt: fg.now,
        foreground: { backgroundedAt: t0, autoLogoffEnabled: true, activeVisitCount: 0 },
      }),
    ).toEqual({ logout: true, reason: 'foreground', messageKey: 'session.autoLogout' });
  });

  it('law: a logged-out user is never auto-logged out', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (last, elapsed) => {
        expect(
          autoLogoutDecision({ now: last + elapsed, loggedIn: false, lastActivityAt: last }),
        ).toEqual({
          logout: false,
        });
      }),
    );
  });

  it('law: with a visit in progress the foreground rule never fires', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 2, max: 10 }), (away, visits) => {
        expect(isForegroundTimeout({ ...fg, now: t0 + away, activeVisitCount: visits })).toBe(
          false,
        );
      }),
    );
  });
});

describe('version check on foreground', () => {
  it('checks only when standalone, not native and logged out', () => {
    expect(
      shouldCheckVersionOnForeground({ standalone: true, native: false, loggedIn: false }),
    ).toBe(true);
    expect(
      shouldCheckVersionOnForeground({ standalone: true, native: true, loggedIn: false }),
    ).toBe(false);
    expect(
      shouldCheckVersionOnForeground({ standalone: false, native: false, loggedIn: false }),
    ).toBe(false);
    expect(
      shouldCheckVersionOnForeground({ standalone: true, native: false, loggedIn: true }),
    ).toBe(false);
  });

  it('reloads when the latest version differs', () => {
    expect(shouldReloadForVersion('1.2.0', '1.3.0')).toBe(true);
    expect(shouldReloadForVersion('1.2.0', '1.2.0')).toBe(false);
    expect(shouldReloadForVersion('1.2.0', null)).toBe(false);
  });
});

describe('biometric login failure', () => {
  it("shows '{method} login failed.' for Touch ID, Face ID and Biometric ID", () => {
    const texts = biometricMethods.map((m) => {
      const o = biometricFailureOutcome({ method: m, unauthorized: false });
      return translate('en', o.messageKey, { method: translate('en', o.methodKey) });
    });
    expect(texts).toEqual([
      'Touch ID login failed.',
      'Face ID login failed.',
      'Biometric ID login failed.',
    ]);
  });

  it('deletes saved credentials only when the login is not authorised', () => {
    expect(
      biometricFailureOutcome({ method: 'faceId', unauthorized: true }).deleteSavedCredentials,
    ).toBe(true);
    expect(
      biometricFailureOutcome({ method: 'faceId', unauthorized: false }).deleteSavedCredentials,
    ).toBe(false);
  });
});

describe('login loads', () => {
  it('a full login loads visits, conversation, balance, prepay pricing and opens the socket', () => {
    expect(loginLoads({ asyncLogin: false })).toEqual([
      'rxVisits',
      'conversation',
      'balance',
      'prepayPricing',
      'socket',
      'cards',
      'scheduledAppointments',
      'availability',
      'version',
    ]);
  });

  it('a brief login loads the month family documents, plus the pharmacy upload for in-store links', () => {
    expect(
      loginLoads({ asyncLogin: true, inStoreOrPharmacistLink: true, pharmacyOrganisation: true }),
    ).toEqual([
      'familyDocumentsOfMonth',
      'pharmacyUpload',
      'pharmacyEmails',
      'cards',
      'scheduledAppointments',
      'availability',
      'version',
    ]);
  });
});

describe('session defaults (spec 9)', () => {
  it('logs out after 15 idle minutes and 30 minutes in the background', () => {
    expect(defaultIdleLogoutMs).toBe(900_000);
    expect(defaultAutoLogoffMinutes).toBe(30);
  });
});
