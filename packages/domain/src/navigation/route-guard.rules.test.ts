import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import { type GuardBrand, type GuardSession, guardRoute } from './route-guard.rules';
import { routes } from './routes';

const patient: GuardSession = {
  loggedIn: true,
  role: 'patient',
  credentials: { from: 'acme', role: 'patient' },
  permissions: [],
  price: 4900,
  priceType: 'default',
  priceObj: { price: 4900 },
};
const brand: GuardBrand = { homePage: '/', appSettings: {} };
const prepayBrand: GuardBrand = { homePage: '/prepay-home', appSettings: {} };
const pending = [{ idPending: true }];

const guard = (
  path: string,
  session: GuardSession = patient,
  b: GuardBrand = brand,
  rxVisits: readonly { idPending?: boolean; attachmentsPending?: boolean; status?: string }[] = [],
) => guardRoute({ path, session, brand: b, rxVisits });

describe('route guard steps (spec section 4)', () => {
  it('1. a forced page redirects every route except /login', () => {
    const forced: GuardBrand = { ...brand, appSettings: { forcedPage: '/terms' } };
    expect(guard('/care', patient, forced)).toEqual({ kind: 'redirect', to: '/terms' });
    expect(guard('/login', patient, forced)).toEqual({ kind: 'allow' });
    expect(guard('/terms', patient, forced)).toEqual({ kind: 'allow' });
  });

  it('1. the forced auth page applies to a logged-in user and wins over the forced page', () => {
    const forced: GuardBrand = {
      ...brand,
      appSettings: { forcedPage: '/terms', forcedAuthPage: '/consents' },
    };
    expect(guard('/care', patient, forced)).toEqual({ kind: 'redirect', to: '/consents' });
    expect(guard('/care', { loggedIn: false }, forced)).toEqual({ kind: 'redirect', to: '/terms' });
  });

  it('2. /appointment is blocked for a nonce, a price of 0 or a prepay price -> /care with the message', () => {
    for (const s of [
      { ...patient, priceObj: { price: 4900, nonce: 'n' } },
      { ...patient, price: 0 },
      { ...patient, priceType: 'prepay' },
    ]) {
      const r = guard('/appointment', s);
      expect(r).toEqual({
        kind: 'redirect',
        to: '/care',
        message: 'appointments.notAvailableForVisitType',
      });
      if (r.kind === 'redirect' && r.message) {
        expect(translate('en', r.message)).toBe(
          'Appointments not available for this type of visit.',
        );
      }
    }
    expect(guard('/appointment')).toEqual({ kind: 'allow' });
  });

  it("3. /rxadmin needs 'rxSubscriptionAdmin:{credentials.from}', else 'Unauthorized.' and home", () => {
    expect(guard('/rxadmin')).toEqual({
      kind: 'redirect',
      to: '/',
      message: 'navigation.unauthorized',
    });
    expect(guard('/rxadmin', patient, prepayBrand)).toEqual({
      kind: 'redirect',
      to: '/prepay-home',
      message: 'navigation.unauthorized',
    });
    expect(guard('/rxadmin', { ...patient, permissions: ['rxSubscriptionAdmin:acme'] })).toEqual({
      kind: 'allow',
    });
    expect(guard('/rxadmin', { ...patient, permissions: ['rxSubscriptionAdmin:other'] }).kind).toBe(
      'redirect',
    );
    expect(translate('en', 'navigation.unauthorized')).toBe('Unauthorized.');
  });

  it('4. /prescriptions is allowed for pharmacists; /links and /prescriptions otherwise need readyrx', () => {
    const pharmacist = { ...patient, role: 'pharmacist' };
    const readyRx = { ...patient, permissions: ['readyrx'] };
    expect(guard('/prescriptions', pharmacist)).toEqual({ kind: 'allow' });
    expect(guard('/links', pharmacist)).toEqual({
      kind: 'redirect',
      to: '/',
      message: 'navigation.verifiedAccountOnly',
    });
    expect(guard('/links', readyRx)).toEqual({ kind: 'allow' });
    expect(guard('/prescriptions', readyRx)).toEqual({ kind: 'allow' });
    expect(guard('/prescriptions', patient, prepayBrand)).toEqual({
      kind: 'redirect',
      to: '/prepay-home',
      message: 'navigation.verifiedAccountOnly',
    });
    // No pointer to a page that does not exist; who gives access instead.
    for (const lang of ['en', 'es'] as const) {
      const text = translate(lang, 'navigation.verifiedAccountOnly');
      expect(text).not.toMatch(/About the pharmacy program|Acerca del programa/);
      expect(text).toContain('NCPDP');
    }
    expect(translate('en', 'navigation.verifiedAccountOnly')).toContain(
      "A pharmacy's administrator gives its pharmacists access on the Pharmacists page",
    );
  });

  it("4b. (ours) /pharmacists is for the pharmacy's administrator only, else 'Unauthorized.' and home", () => {
    const admin = { ...patient, role: 'pharmacyAdmin', permissions: ['readyrx'] };
    const pharmacist = { ...patient, role: 'pharmacist', permissions: ['readyrx'] };
    expect(guard('/pharmacists', admin)).toEqual({ kind: 'allow' });
    expect(guard('/pharmacists/', admin)).toEqual({ kind: 'allow' });
    for (const s of [pharmacist, patient, { ...patient, role: 'provider' }]) {
      expect(guard('/pharmacists', s)).toEqual({
        kind: 'redirect',
        to: '/',
        message: 'navigation.unauthorized',
      });
    }
    expect(guard('/pharmacists', pharmacist, prepayBrand)).toEqual({
      kind: 'redirect',
      to: '/prepay-home',
      message: 'navigation.unauthorized',
    });
    // The admin still meets the later steps (step 6: an upload pending).
    expect(guard('/pharmacists', admin, brand, pending)).toMatchObject({ to: '/rxvisits' });
  });

  it("4d. (ours) /crm is for the pharmacy's staff only, else 'Unauthorized.' and home", () => {
    for (const role of ['pharmacist', 'pharmacyAdmin']) {
      expect(guard('/crm', { ...patient, role })).toEqual({ kind: 'allow' });
    }
    for (const s of [patient, { ...patient, role: 'provider' }, { ...patient, role: 'admin' }]) {
      expect(guard('/crm', s)).toEqual({
        kind: 'redirect',
        to: '/',
        message: 'navigation.unauthorized',
      });
    }
  });

  it("4g. (ours) /inbox is for the pharmacy's staff only, else 'Unauthorized.' and home", () => {
    for (const role of ['pharmacist', 'pharmacyAdmin']) {
      expect(guard('/inbox', { ...patient, role })).toEqual({ kind: 'allow' });
    }
    for (const role of ['provider', 'rxSubscriptionAdmin', 'admin', 'patient']) {
      expect(guard('/inbox', { ...patient, role })).toEqual({
        kind: 'redirect',
        to: '/',
        message: 'navigation.unauthorized',
      });
    }
    expect(guard('/inbox', { ...patient, role: 'provider' }, prepayBrand)).toEqual({
      kind: 'redirect',
      to: '/prepay-home',
      message: 'navigation.unauthorized',
    });
  });

  it("4e. (ours) /assessment is for the pharmacy's staff only, else 'Unauthorized.' and home", () => {
    for (const role of ['pharmacist', 'pharmacyAdmin']) {
      expect(guard('/assessment', { ...patient, role })).toEqual({ kind: 'allow' });
    }
    for (const s of [patient, { ...patient, role: 'provider' }, { ...patient, role: 'admin' }]) {
      expect(guard('/assessment', s)).toEqual({
        kind: 'redirect',
        to: '/',
        message: 'navigation.unauthorized',
      });
    }
    // The patient's link is not guarded by a role.
    expect(guard('/instore', patient)).toEqual({ kind: 'allow' });
  });

  it("4f. (ours) /analytics is for the pharmacy's administrator only, else 'Unauthorized.' and home", () => {
    const admin = { ...patient, role: 'pharmacyAdmin', permissions: ['readyrx'] };
    expect(guard('/analytics', admin)).toEqual({ kind: 'allow' });
    expect(guard('/analytics?tab=logins', admin)).toEqual({ kind: 'allow' });
    for (const s of [
      patient,
      { ...patient, role: 'pharmacist', permissions: ['readyrx'] },
      { ...patient, role: 'provider' },
      { ...patient, role: 'rxSubscriptionAdmin' },
    ]) {
      expect(guard('/analytics', s)).toEqual({
        kind: 'redirect',
        to: '/',
        message: 'navigation.unauthorized',
      });
    }
    expect(guard('/analytics', patient, prepayBrand)).toMatchObject({ to: '/prepay-home' });
  });

  it('5. /prepay-home only when the white-label home page is /prepay-home, else /', () => {
    expect(guard('/prepay-home')).toEqual({ kind: 'redirect', to: '/' });
    expect(guard('/prepay-home', patient, prepayBrand)).toEqual({ kind: 'allow' });
  });

  it('6. a pending ID or attachment sends every other route to /rxvisits with the message', () => {
    expect(guard('/care', patient, brand, pending)).toEqual({
      kind: 'redirect',
      to: '/rxvisits',
      message: 'navigation.actionRequired',
    });
    expect(guard('/notes/3', patient, brand, [{ attachmentsPending: true }]).kind).toBe('redirect');
    expect(guard('/rxvisits', patient, brand, pending)).toEqual({ kind: 'allow' });
    expect(guard('/uploadId', patient, brand, pending)).toEqual({ kind: 'allow' });
    expect(
      guard('/care', patient, brand, [{ idPending: false, attachmentsPending: false }]),
    ).toEqual({
      kind: 'allow',
    });
    expect(translate('en', 'navigation.actionRequired')).toBe(
      'Action required: Please upload missing information in the Prescription visits section under Get Care.',
    );
  });

  it('6. uploads are awaited once a visit is paid: not while it waits for payment, nor after it ended', () => {
    for (const status of ['pendingMedPayment', 'cancel', 'refund']) {
      expect(guard('/care', patient, brand, [{ idPending: true, status }]).kind).toBe('allow');
    }
    for (const status of ['waiting', 'started', 'exit']) {
      expect(guard('/care', patient, brand, [{ attachmentsPending: true, status }]).kind).toBe(
        'redirect',
      );
    }
  });
});

describe('route guard order: when two steps match, the earlier wins', () => {
  it('step 1 (forced page) beats step 2 (/appointment blocked)', () => {
    const forced: GuardBrand = { ...brand, appSettings: { forcedPage: '/terms' } };
    expect(guard('/appointment', { ...patient, price: 0 }, forced)).toEqual({
      kind: 'redirect',
      to: '/terms',
    });
  });

  it('step 3 (/rxadmin unauthorized) beats step 6 (action required)', () => {
    expect(guard('/rxadmin', patient, brand, pending)).toEqual({
      kind: 'redirect',
      to: '/',
      message: 'navigation.unauthorized',
    });
  });

  it('step 2 (/appointment blocked) beats step 6 (action required)', () => {
    expect(
      guard('/appointment', { ...patient, priceType: 'prepay' }, brand, pending),
    ).toMatchObject({
      to: '/care',
    });
  });

  it('step 5 (/prepay-home) beats step 6 (action required)', () => {
    expect(guard('/prepay-home', patient, brand, pending)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('a step that passes lets later steps run: allowed /links still meets step 6', () => {
    expect(guard('/links', { ...patient, permissions: ['readyrx'] }, brand, pending)).toMatchObject(
      {
        to: '/rxvisits',
      },
    );
  });
});

describe('route guard laws', () => {
  const path = fc.constantFrom(...routes.map((r) => r.path.replace(':id', '7')));

  it('law: with no forced page, no restrictions and no pending visits, every route is allowed', () => {
    const everything = {
      ...patient,
      role: 'pharmacist',
      permissions: ['readyrx', 'rxSubscriptionAdmin:acme'],
    };
    // The provider console is for the provider role alone (tested below), /pharmacists and
    // /analytics for the pharmacy's administrator alone (steps 4b, 4f), and the back office's
    // /admin/{area} for its roles (step 4h), so they are left out.
    const patientSide = fc.constantFrom(
      ...routes
        .filter(
          (r) =>
            !r.path.startsWith('/clinic') &&
            r.path !== '/pharmacists' &&
            r.path !== '/analytics' &&
            // The back office's areas are for its roles (step 4h, tested above).
            !r.path.startsWith('/admin/'),
        )
        .map((r) => r.path.replace(':id', '7')),
    );
    fc.assert(
      fc.property(patientSide, (p) => {
        expect(guard(p, everything, prepayBrand)).toEqual({ kind: 'allow' });
      }),
    );
  });

  it('law: a redirect never points at the page the user asked for', () => {
    const forced = fc.constantFrom<GuardBrand>(brand, prepayBrand, {
      homePage: '/',
      appSettings: { forcedPage: '/terms' },
    });
    fc.assert(
      fc.property(path, forced, fc.boolean(), (p, b, hasPending) => {
        const r = guard(p, patient, b, hasPending ? pending : []);
        if (r.kind === 'redirect') expect(r.to).not.toBe(p);
      }),
    );
  });

  it('law: /login is never redirected by step 1', () => {
    fc.assert(
      fc.property(fc.constantFrom('/terms', '/consents', '/care'), (forcedPage) => {
        expect(
          guard('/login', patient, { appSettings: { forcedPage, forcedAuthPage: forcedPage } }),
        ).toEqual({
          kind: 'allow',
        });
      }),
    );
  });
});

describe('provider console guard (our addition)', () => {
  it('admits providers to /clinic and its visits and sends everyone else home', () => {
    const provider = { loggedIn: true, role: 'provider' } as const;
    expect(guardRoute({ path: '/clinic', session: provider, brand: null, rxVisits: [] })).toEqual({
      kind: 'allow',
    });
    expect(
      guardRoute({ path: '/clinic/visits/abc', session: provider, brand: null, rxVisits: [] }),
    ).toEqual({ kind: 'allow' });
    const patient = { loggedIn: true, role: 'patient' } as const;
    expect(
      guardRoute({ path: '/clinic/visits/abc', session: patient, brand: null, rxVisits: [] }),
    ).toMatchObject({ kind: 'redirect', message: 'navigation.unauthorized' });
  });
});

describe('back-office guard (issue 35, step 4h)', () => {
  it('admits the admin to every area, support to its own, and sends everyone else home', () => {
    const admin = { ...patient, role: 'admin' };
    const support = { ...patient, role: 'support' };
    expect(guard('/admin/money', admin)).toEqual({ kind: 'allow' });
    expect(guard('/admin/people/abc', support)).toEqual({ kind: 'allow' });
    expect(guard('/admin/money', support)).toMatchObject({
      kind: 'redirect',
      message: 'navigation.unauthorized',
    });
    for (const role of ['patient', 'provider', 'pharmacist', 'pharmacyAdmin']) {
      expect(guard('/admin/people', { ...patient, role })).toMatchObject({
        kind: 'redirect',
        message: 'navigation.unauthorized',
      });
    }
  });
});
