import { describe, expect, it } from 'vitest';
import { navSlots, splitNavigation } from './nav-bar.rules';
import { navigationFor } from './role-navigation.rules';

const everything = () => true;
const areas = (items: readonly { area: string }[]) => items.map((item) => item.area);

describe('the navigation bar and More (issue 36, finding 8)', () => {
  it('has five slots on a phone, then six, eight, ten and twelve from 768, 1024, 1280, 1440 px', () => {
    expect(navSlots(320)).toBe(5);
    expect(navSlots(360)).toBe(5);
    expect(navSlots(767)).toBe(5);
    expect(navSlots(768)).toBe(6);
    expect(navSlots(1023)).toBe(6);
    expect(navSlots(1024)).toBe(8);
    expect(navSlots(1279)).toBe(8);
    expect(navSlots(1280)).toBe(10);
    expect(navSlots(1439)).toBe(10);
    expect(navSlots(1440)).toBe(12);
    expect(navSlots(1600)).toBe(12);
  });

  it('shows every entry when they fit the slots, with no More', () => {
    const provider = navigationFor('provider', everything);
    expect(provider).toHaveLength(5);
    const split = splitNavigation('provider', provider, 5);
    expect(areas(split.bar)).toEqual(['home', 'clinic', 'rxReviews', 'appointments', 'profile']);
    expect(split.more).toEqual([]);
    expect(splitNavigation('admin', navigationFor('admin', everything), 5).more).toEqual([]);
  });

  it("gives a patient's phone Home, Get Care, Rx visits and Notes, the rest under More", () => {
    const split = splitNavigation('patient', navigationFor('patient', everything), 5);
    expect(areas(split.bar)).toEqual(['home', 'care', 'rxVisits', 'notes']);
    expect(areas(split.more)).toEqual(['appointments', 'docs', 'payments', 'profile']);
  });

  it("gives the pharmacy's administrator the prescriptions, assessment and inbox on a phone", () => {
    const items = navigationFor('pharmacyAdmin', everything);
    expect(items).toHaveLength(11);
    const phone = splitNavigation('pharmacyAdmin', items, 5);
    expect(areas(phone.bar)).toEqual(['home', 'prescriptions', 'assessment', 'inbox']);
    expect(areas(phone.more)).toEqual([
      'crm',
      'analytics',
      'links',
      'pharmacists',
      'programs',
      'referred',
      'profile',
    ]);
    const wide = splitNavigation('pharmacyAdmin', items, 10);
    expect(wide.bar).toHaveLength(9);
    expect(areas(wide.more)).toEqual(['referred', 'profile']);
    expect(splitNavigation('pharmacyAdmin', items, 12).more).toEqual([]);
  });

  it('puts the current entry in the bar in place of the least used one, in navigation order', () => {
    const items = navigationFor('pharmacyAdmin', everything);
    const split = splitNavigation('pharmacyAdmin', items, 5, 'pharmacists');
    expect(areas(split.bar)).toEqual(['home', 'prescriptions', 'assessment', 'pharmacists']);
    expect(areas(split.more)).toEqual([
      'inbox',
      'crm',
      'analytics',
      'links',
      'programs',
      'referred',
      'profile',
    ]);
    // An entry already in the bar stays where it is.
    expect(areas(splitNavigation('pharmacyAdmin', items, 5, 'inbox').bar)).toEqual([
      'home',
      'prescriptions',
      'assessment',
      'inbox',
    ]);
  });

  it('keeps every entry once, in the bar or under More, for every role and width', () => {
    for (const role of [
      'patient',
      'provider',
      'pharmacist',
      'pharmacyAdmin',
      'rxSubscriptionAdmin',
      'admin',
      'support',
    ]) {
      const items = navigationFor(role, everything);
      for (const width of [320, 360, 768, 1024, 1280, 1440, 1600]) {
        const slots = navSlots(width);
        for (const current of [undefined, ...items.map((item) => item.area)]) {
          const { bar, more } = splitNavigation(role, items, slots, current);
          expect([...areas(bar), ...areas(more)].sort()).toEqual(areas(items).sort());
          expect(bar.length + (more.length > 0 ? 1 : 0)).toBeLessThanOrEqual(slots);
          expect(areas(bar)[0]).toBe('home');
          if (current !== undefined) expect(areas(bar)).toContain(current);
        }
      }
    }
  });
});
