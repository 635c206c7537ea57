import { describe, expect, it } from 'vitest';
import {
  backOfficeAccess,
  backOfficeAreaOfPath,
  backOfficeAreas,
  backOfficeAreasOf,
  mayBackOffice,
} from './backoffice.rules';

describe('back-office access (issue 35)', () => {
  it('gives the admin every area, read and write', () => {
    for (const area of backOfficeAreas) {
      expect(mayBackOffice('admin', area, 'read')).toBe(true);
      expect(mayBackOffice('admin', area, 'write')).toBe(true);
    }
  });

  it('lets support act on people and visits, read brands, and refuses the money and jobs consoles', () => {
    expect(mayBackOffice('support', 'people', 'write')).toBe(true);
    expect(mayBackOffice('support', 'visits', 'write')).toBe(true);
    expect(mayBackOffice('support', 'brands', 'read')).toBe(true);
    expect(mayBackOffice('support', 'brands', 'write')).toBe(false);
    expect(mayBackOffice('support', 'money', 'read')).toBe(false);
    expect(mayBackOffice('support', 'jobs', 'read')).toBe(false);
    expect(backOfficeAreasOf('support')).toEqual([
      'people',
      'providers',
      'pharmacies',
      'brands',
      'visits',
      'disclosures',
    ]);
  });

  it('gives every other role nothing', () => {
    for (const role of [
      'patient',
      'provider',
      'pharmacist',
      'pharmacyAdmin',
      'rxSubscriptionAdmin',
      '',
      null,
      undefined,
    ]) {
      for (const area of backOfficeAreas) expect(backOfficeAccess(role, area)).toBe('none');
      expect(backOfficeAreasOf(role)).toEqual([]);
    }
  });

  it('reads the area of a back-office path', () => {
    expect(backOfficeAreaOfPath('/admin/people')).toBe('people');
    expect(backOfficeAreaOfPath('/admin/people/3f2a')).toBe('people');
    expect(backOfficeAreaOfPath('/admin/nothing')).toBeUndefined();
    expect(backOfficeAreaOfPath('/rxadmin')).toBeUndefined();
  });
});
