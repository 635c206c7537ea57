import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { careReasons as careReasonList } from '../care/care-reasons';
import { translate } from '../i18n/catalog';
import {
  appointmentWindowMinutesDefault,
  autoLogoffMinutesDefault,
  careReasons,
  consentDocuments,
  consentPdfLayout,
  defaultStateList,
  displayClass,
  genders,
  idleAutoLogoutMs,
  legalNoticeLinks,
  maxAge,
  minDependentAgeDefault,
  minRegistrationAgeDefault,
  onDemandStates,
  passwordLength,
  phoneMinDigits,
  prepayNoLimit,
  prepayReuseIntervalExampleDays,
  relationOptions,
  scheduledAppointmentDropAfterMinutes,
  scriptChunkTimeoutMs,
  supportedLanguages,
  tagColourSets,
  throttleMs,
  tokenLength,
  zipLength,
} from './constants';

describe('constants table of spec section 9', () => {
  it('has every row with its value', () => {
    expect({
      idleAutoLogoutMs,
      autoLogoffMinutesDefault,
      minRegistrationAgeDefault,
      minDependentAgeDefault,
      maxAge,
      appointmentWindowMinutesDefault,
      scheduledAppointmentDropAfterMinutes,
      passwordLength,
      zipLength,
      phoneMinDigits,
      tokenLength,
      scriptChunkTimeoutMs,
      throttleMs,
      supportedLanguages,
      defaultStateList,
      onDemandStates,
      relationOptionCount: relationOptions.length,
    }).toEqual({
      idleAutoLogoutMs: 900000,
      autoLogoffMinutesDefault: 30,
      minRegistrationAgeDefault: 18,
      minDependentAgeDefault: 4,
      maxAge: 110,
      appointmentWindowMinutesDefault: 15,
      scheduledAppointmentDropAfterMinutes: 10,
      passwordLength: { min: 8, max: 40 },
      zipLength: 5,
      phoneMinDigits: 7,
      tokenLength: 12,
      scriptChunkTimeoutMs: 120000,
      throttleMs: 60000,
      supportedLanguages: ['en', 'es'],
      defaultStateList: ['FL'],
      onDemandStates: ['FL', 'TX'],
      relationOptionCount: 8,
    });
  });

  it('says 15 minutes for the idle auto-logout', () => {
    expect(idleAutoLogoutMs).toBe(15 * 60 * 1000);
  });

  it('has the prepay conventions: 0 = no limit, reuse example 25 days', () => {
    expect(prepayNoLimit).toBe(0);
    expect(prepayReuseIntervalExampleDays).toBe(25);
  });

  it('lists relations and genders of spec section 3', () => {
    expect(relationOptions).toEqual([
      'son',
      'daughter',
      'mother',
      'father',
      'spouse',
      'sister',
      'brother',
      'other',
    ]);
    expect(genders).toEqual(['M', 'F', 'X']);
  });

  it('references the care reasons instead of repeating them', () => {
    expect(careReasons).toBe(careReasonList);
    expect(careReasons).toHaveLength(8);
  });
});

describe('consent PDF layout (spec 9)', () => {
  it('is letter size with 1 inch margins, 80 characters per line, 38 lines per page', () => {
    expect(consentPdfLayout).toMatchObject({
      pageSize: 'letter',
      marginInches: 1,
      charactersPerLine: 80,
      linesPerPage: 38,
    });
  });
});

describe('display breakpoints (spec 9)', () => {
  it('is extra-small below 340 px', () => {
    expect(displayClass({ width: 339, height: 600 }).extraSmall).toBe(true);
    expect(displayClass({ width: 340, height: 600 }).extraSmall).toBe(false);
  });

  it('is a phone at most 767 px wide with aspect ratio at most 3/4', () => {
    expect(displayClass({ width: 767, height: 1024 }).phone).toBe(true);
    expect(displayClass({ width: 768, height: 1024 }).phone).toBe(false);
    expect(displayClass({ width: 600, height: 800 }).phone).toBe(true);
    expect(displayClass({ width: 601, height: 800 }).phone).toBe(false);
    expect(displayClass({ width: 700, height: 400 }).phone).toBe(false);
  });

  it('never calls a landscape or wide screen a phone (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4000 }),
        fc.integer({ min: 1, max: 4000 }),
        (width, height) => {
          const { phone, extraSmall } = displayClass({ width, height });
          if (phone) {
            expect(width).toBeLessThanOrEqual(767);
            expect(width / height).toBeLessThanOrEqual(0.75);
          }
          expect(extraSmall).toBe(width < 340);
        },
      ),
    );
  });
});

describe('consent documents (spec 9)', () => {
  it('has the 12 documents, each with an ISO version date and a title in both languages', () => {
    expect(consentDocuments.map((d) => translate('en', d.titleKey))).toEqual([
      'GLP-1 consent',
      'GHK-Cu consent',
      'Ivermectin consent',
      'Mebendazole consent',
      'Low dose naltrexone (LDN) consent',
      'Extended chronic supply consent',
      'Bupropion-Naltrexone consent',
      'Intracavernosal injection consent',
      'Sermorelin consent',
      'NAD consent',
      'B12 consent',
      'PT-141 consent',
    ]);
    for (const doc of consentDocuments) {
      expect(doc.versionDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(translate('es', doc.titleKey)).toMatch(/^Consentimiento/);
    }
  });
});

describe('tag colour sets and legal links (spec 3)', () => {
  it('names the customer, interaction and task tags', () => {
    expect(Object.keys(tagColourSets.customer)).toEqual([
      'Prospect',
      'Active',
      'Inactive',
      'VIP',
      'AtRisk',
      'NeedsFollowUp',
    ]);
    expect(Object.keys(tagColourSets.interaction)).toEqual([
      'Complaint',
      'Praise',
      'Query',
      'Support',
      'Info',
    ]);
    expect(Object.keys(tagColourSets.task)).toEqual([
      'Urgent',
      'HighPriority',
      'MediumPriority',
      'LowPriority',
    ]);
    for (const set of Object.values(tagColourSets)) {
      for (const colour of Object.values(set)) expect(colour).toMatch(/^#[0-9A-F]{6}$/);
    }
  });

  it('names the legal-notice links: consent to treat and terms', () => {
    expect(legalNoticeLinks).toEqual(['consentToTreat', 'terms']);
  });
});
