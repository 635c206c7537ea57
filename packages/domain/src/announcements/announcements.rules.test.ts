import { describe, expect, it } from 'vitest';
import { announcementFor, announcementStatus, dayAfter, reaches } from './announcements.rules';

const sunrise = { companyId: 'apothecall', state: 'FL', serviceStates: ['FL', 'GA'] };

describe('reaches', () => {
  it('reaches every pharmacy of the company, or of every company when none is named', () => {
    expect(reaches({ companyId: 'apothecall', states: [] }, sunrise)).toBe(true);
    expect(reaches({ companyId: null, states: [] }, sunrise)).toBe(true);
    expect(reaches({ companyId: 'other', states: [] }, sunrise)).toBe(false);
  });

  it('narrows to pharmacies located in or serving a chosen state', () => {
    expect(reaches({ companyId: null, states: ['FL'] }, sunrise)).toBe(true);
    expect(reaches({ companyId: null, states: ['GA', 'TX'] }, sunrise)).toBe(true);
    expect(reaches({ companyId: null, states: ['TX'] }, sunrise)).toBe(false);
    expect(reaches({ companyId: 'other', states: ['FL'] }, sunrise)).toBe(false);
  });
});

describe('announcementStatus', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('is current until withdrawn or past its expiry', () => {
    expect(announcementStatus({ expiresAt: null, withdrawnAt: null }, now)).toBe('current');
    expect(
      announcementStatus({ expiresAt: new Date('2026-11-26T05:00:00Z'), withdrawnAt: null }, now),
    ).toBe('current');
    expect(announcementStatus({ expiresAt: now, withdrawnAt: null }, now)).toBe('expired');
    expect(
      announcementStatus({ expiresAt: null, withdrawnAt: new Date('2026-11-24T00:00:00Z') }, now),
    ).toBe('withdrawn');
  });
});

describe('dayAfter', () => {
  it('crosses months and years', () => {
    expect(dayAfter('2026-11-30')).toBe('2026-12-01');
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
    expect(dayAfter('2028-02-28')).toBe('2028-02-29');
  });
});

describe('announcementFor (issue 36)', () => {
  const both = {
    language: 'en' as const,
    title: 'Hours',
    body: 'Closed Friday',
    translationTitle: 'Horario',
    translationBody: 'Cerrado el viernes',
  };
  it('gives each reader the version in their language, else the one written, with its language', () => {
    expect(announcementFor(both, 'en')).toEqual({
      title: 'Hours',
      body: 'Closed Friday',
      language: 'en',
    });
    expect(announcementFor(both, 'es')).toEqual({
      title: 'Horario',
      body: 'Cerrado el viernes',
      language: 'es',
    });
    const spanishOnly = {
      ...both,
      language: 'es' as const,
      translationTitle: null,
      translationBody: null,
    };
    expect(announcementFor(spanishOnly, 'en')).toEqual({
      title: 'Hours',
      body: 'Closed Friday',
      language: 'es',
    });
  });
});
