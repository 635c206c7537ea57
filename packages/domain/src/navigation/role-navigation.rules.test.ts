import { describe, expect, it } from 'vitest';
import {
  activeArea,
  navigationFor,
  offersArea,
  offersPrepayInMenu,
  workspaceOf,
} from './role-navigation.rules';
import type { RoutePath } from './routes';

const everything = () => true;
const built = (paths: readonly string[]) => (path: RoutePath) => paths.includes(path);

describe('role navigation', () => {
  it('gives each seeded role its own workspace', () => {
    expect(workspaceOf('patient')).toBe('patient');
    expect(workspaceOf('tester')).toBe('patient');
    expect(workspaceOf(undefined)).toBe('patient');
    expect(workspaceOf('provider')).toBe('provider');
    expect(workspaceOf('pharmacist')).toBe('pharmacy');
    expect(workspaceOf('pharmacyAdmin')).toBe('pharmacy');
    expect(workspaceOf('rxSubscriptionAdmin')).toBe('rxAdmin');
    expect(workspaceOf('admin')).toBe('admin');
  });

  it("offers a patient care, visits' notes and payments, never the clinic or the pharmacy", () => {
    const areas = navigationFor('patient', everything).map((item) => item.area);
    expect(areas[0]).toBe('home');
    expect(areas).toEqual(expect.arrayContaining(['care', 'notes', 'payments', 'profile']));
    expect(areas).not.toContain('clinic');
    expect(areas).not.toContain('prescriptions');
  });

  it('offers a pharmacist the pharmacy work and no patient care', () => {
    const areas = navigationFor('pharmacist', everything).map((item) => item.area);
    expect(areas).toEqual([
      'home',
      'prescriptions',
      'assessment',
      'inbox',
      'crm',
      'links',
      'referred',
      'profile',
    ]);
    expect(areas).not.toContain('care');
  });

  it("offers the pharmacy's administrator its pharmacists too (issue 15), the pharmacist not", () => {
    const admin = navigationFor('pharmacyAdmin', everything);
    expect(admin.map((item) => item.area)).toEqual([
      'home',
      'prescriptions',
      'assessment',
      'inbox',
      'crm',
      'analytics',
      'links',
      'pharmacists',
      'programs',
      'referred',
      'profile',
    ]);
    expect(admin.find((item) => item.area === 'pharmacists')?.path).toBe('/pharmacists');
    expect(activeArea(admin, '/pharmacists')).toBe('pharmacists');
    expect(offersArea('pharmacyAdmin', 'pharmacists')).toBe(true);
    for (const role of ['pharmacist', 'patient', 'provider', undefined]) {
      expect(offersArea(role, 'pharmacists')).toBe(false);
      expect(navigationFor(role, everything).map((item) => item.area)).not.toContain('pharmacists');
    }
    expect(offersArea('pharmacist', 'prescriptions')).toBe(true);
  });

  it("offers the pharmacy's administrator the prepay programs list (issue 16), nobody else a nav entry", () => {
    const admin = navigationFor('pharmacyAdmin', everything);
    expect(admin.find((item) => item.area === 'programs')?.path).toBe('/prepay-select');
    expect(offersArea('pharmacyAdmin', 'programs')).toBe(true);
    for (const role of ['pharmacist', 'patient', 'provider', 'admin', undefined]) {
      expect(offersArea(role, 'programs')).toBe(false);
      expect(navigationFor(role, everything).map((item) => item.area)).not.toContain('programs');
    }
    // Not offered until the screen is built.
    expect(
      navigationFor('pharmacyAdmin', built(['/prescriptions'])).map((item) => item.area),
    ).not.toContain('programs');
    // A program's screens count as the entry.
    expect(activeArea(admin, '/prepay-select')).toBe('programs');
    expect(activeArea(admin, '/prepay-edit/7c1e0c52-0c3f-4b8e-9f1e-2a3b4c5d6e7f')).toBe('programs');
    expect(activeArea(admin, '/prepay-addFunds/abc')).toBe('programs');
    expect(activeArea(admin, '/prepay-purchase')).toBe('programs');
    expect(activeArea(admin, '/prescriptions')).toBe('prescriptions');
  });

  it('marks Documents on a document and Profile on the notification settings (issue 19)', () => {
    const patient = navigationFor('patient', everything);
    expect(patient.map((item) => item.area)).toContain('docs');
    expect(activeArea(patient, '/docs')).toBe('docs');
    expect(activeArea(patient, '/doc')).toBe('docs');
    expect(activeArea(patient, '/notifications')).toBe('profile');
  });

  it("offers the pharmacy's staff, and nobody else, the e-mail inbox (issue 20)", () => {
    for (const role of ['pharmacist', 'pharmacyAdmin']) {
      const items = navigationFor(role, everything);
      expect(items.find((item) => item.area === 'inbox')?.path).toBe('/inbox');
      expect(activeArea(items, '/inbox')).toBe('inbox');
    }
    for (const role of ['patient', 'provider', 'rxSubscriptionAdmin', 'admin', undefined]) {
      expect(navigationFor(role, everything).map((item) => item.area)).not.toContain('inbox');
    }
    expect(
      navigationFor('pharmacist', built(['/prescriptions'])).map((item) => item.area),
    ).not.toContain('inbox');
  });

  it("offers the pharmacy's staff, and nobody else, the in-store assessment (issue 20)", () => {
    for (const role of ['pharmacist', 'pharmacyAdmin']) {
      const items = navigationFor(role, everything);
      const areas = items.map((item) => item.area);
      expect(items.find((item) => item.area === 'assessment')?.path).toBe('/assessment');
      expect(areas.indexOf('assessment')).toBe(areas.indexOf('prescriptions') + 1);
      expect(activeArea(items, '/assessment')).toBe('assessment');
    }
    for (const role of ['patient', 'provider', 'rxSubscriptionAdmin', 'admin', undefined]) {
      expect(navigationFor(role, everything).map((item) => item.area)).not.toContain('assessment');
    }
    expect(
      navigationFor('pharmacist', built(['/prescriptions'])).map((item) => item.area),
    ).not.toContain('assessment');
  });

  it("offers the pharmacy's administrator, and nobody else, the analytics (issue 20)", () => {
    const admin = navigationFor('pharmacyAdmin', everything);
    const areas = admin.map((item) => item.area);
    expect(admin.find((item) => item.area === 'analytics')?.path).toBe('/analytics');
    expect(areas.indexOf('analytics')).toBe(areas.indexOf('crm') + 1);
    expect(activeArea(admin, '/analytics')).toBe('analytics');
    expect(offersArea('pharmacyAdmin', 'analytics')).toBe(true);
    for (const role of [
      'pharmacist',
      'patient',
      'provider',
      'rxSubscriptionAdmin',
      'admin',
      undefined,
    ]) {
      expect(offersArea(role, 'analytics')).toBe(false);
      expect(navigationFor(role, everything).map((item) => item.area)).not.toContain('analytics');
    }
    expect(
      navigationFor('pharmacyAdmin', built(['/prescriptions'])).map((item) => item.area),
    ).not.toContain('analytics');
  });

  it("offers the pharmacy's staff, and nobody else, the CRM (issue 20)", () => {
    for (const role of ['pharmacist', 'pharmacyAdmin']) {
      const items = navigationFor(role, everything);
      expect(items.find((item) => item.area === 'crm')?.path).toBe('/crm');
      expect(activeArea(items, '/crm')).toBe('crm');
    }
    for (const role of ['patient', 'provider', 'rxSubscriptionAdmin', 'admin', undefined]) {
      expect(navigationFor(role, everything).map((item) => item.area)).not.toContain('crm');
    }
    expect(
      navigationFor('pharmacyAdmin', built(['/prescriptions'])).map((item) => item.area),
    ).not.toContain('crm');
  });

  it('offers prepay programs in the profile menu to any account holder but providers and pharmacists', () => {
    for (const role of [
      'patient',
      'tester',
      'pharmacyAdmin',
      'admin',
      'rxSubscriptionAdmin',
      undefined,
    ]) {
      expect({ role, offered: offersPrepayInMenu(role) }).toEqual({ role, offered: true });
    }
    expect(offersPrepayInMenu('provider')).toBe(false);
    expect(offersPrepayInMenu('pharmacist')).toBe(false);
  });

  it('never offers a route whose screen is not built, but always Home and Profile', () => {
    const areas = navigationFor('patient', built(['/care', '/notes'])).map((item) => item.area);
    expect(areas).toEqual(['home', 'care', 'notes', 'profile']);
    expect(navigationFor('admin', () => false).map((item) => item.area)).toEqual([
      'home',
      'profile',
    ]);
  });

  it('marks the area a path belongs to, including the screens reached from it', () => {
    const items = navigationFor('patient', everything);
    expect(activeArea(items, '/')).toBe('home');
    expect(activeArea(items, '/notes/12')).toBe('notes');
    expect(activeArea(items, '/transactions/receipt')).toBe('payments');
    expect(activeArea(items, '/waiting')).toBe('care');
    expect(activeArea(items, '/add-dependent')).toBe('profile');
    expect(activeArea(items, '/meet')).toBeUndefined();
    expect(activeArea(navigationFor('provider', everything), '/clinic/visits/4')).toBe('clinic');
  });

  it('offers a patient their Rx visits and a provider the Rx reviews (issue 14), the most specific entry marked', () => {
    expect(navigationFor('patient', everything).map((item) => item.area)).toContain('rxVisits');
    const provider = navigationFor('provider', everything);
    expect(provider.map((item) => item.area)).toEqual([
      'home',
      'clinic',
      'rxReviews',
      'appointments',
      'profile',
    ]);
    expect(activeArea(provider, '/clinic')).toBe('clinic');
    expect(activeArea(provider, '/clinic/rx')).toBe('rxReviews');
    expect(activeArea(provider, '/clinic/rx/12')).toBe('rxReviews');
    const patient = navigationFor('patient', everything);
    expect(activeArea(patient, '/rxvisits')).toBe('rxVisits');
    expect(activeArea(patient, '/rx')).toBe('rxVisits');
    expect(activeArea(patient, '/uploadId')).toBe('rxVisits');
    expect(navigationFor('pharmacist', everything).map((item) => item.area)).not.toContain(
      'rxVisits',
    );
  });
});
