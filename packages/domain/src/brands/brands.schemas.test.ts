import { describe, expect, it } from 'vitest';
import { issuePaths } from '../validation/schema-issues';
import {
  appSettingsSchema,
  brandRecordSchema,
  customerTags,
  hexColorSchema,
  interactionTags,
  legalAddressSchema,
  referralSchema,
  tagColorSetsSchema,
  taskTags,
  whiteLabelSchema,
} from './brands.schemas';

const colours = { colorPrimary: '#1a73e8', colorAccent: '#FF8800', colorWarning: '#d93025' };

describe('colours', () => {
  it('are #rrggbb in either case', () => {
    expect(hexColorSchema.parse('#1a73e8')).toBe('#1a73e8');
    expect(hexColorSchema.parse('#1A73E8')).toBe('#1A73E8');
    for (const bad of ['1a73e8', '#1a7', '#1a73e8ff', '#gg0000', 'red']) {
      expect(hexColorSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('white-label', () => {
  it('defaults: registration enabled, attribution on, home /, default app settings', () => {
    const brand = whiteLabelSchema.parse({ id: 'main', ...colours });
    expect(brand.register).toEqual({ enabled: true });
    expect(brand.attribution).toBe(true);
    expect(brand.homePage).toBe('/');
    expect(brand.activated).toBe(false);
    expect(brand.logo).toBeNull();
    expect(brand.appSettings).toEqual({
      availableLang: ['en', 'es'],
      prepayPurchaseActive: false,
      subscriptionPurchaseActive: false,
      legalNotice: { consentToTreat: null, terms: null },
      consentNotice: {},
      forcedPage: null,
      forcedAuthPage: null,
      showAppStore: false,
      prepayOnly: false,
      appStoreURL: null,
      googlePlayURL: null,
      prepayPricingTypes: [],
    });
  });

  it('keeps explicit choices, e.g. registration off and a prepay home', () => {
    const brand = whiteLabelSchema.parse({
      id: 'pharma1',
      ...colours,
      activated: true,
      logo: 'https://cdn.example.com/logo.png',
      register: { enabled: false },
      attribution: false,
      homePage: '/prepay-home',
      appSettings: { prepayOnly: true, prepayPricingTypes: ['uti'] },
    });
    expect(brand.register.enabled).toBe(false);
    expect(brand.attribution).toBe(false);
    expect(brand.appSettings.prepayOnly).toBe(true);
    expect(brand.appSettings.availableLang).toEqual(['en', 'es']);
  });

  it('names a bad colour and a home page that is not an app path', () => {
    expect(
      issuePaths(whiteLabelSchema, {
        id: 'main',
        ...colours,
        colorAccent: 'orange',
        homePage: 'x',
      }),
    ).toEqual(['colorAccent', 'homePage']);
  });
});

describe('app settings', () => {
  it('takes a consent notice per state and only en/es', () => {
    const settings = appSettingsSchema.parse({
      availableLang: ['es'],
      consentNotice: { TX: 'Complaints may be directed to the Texas Medical Board.' },
      legalNotice: { terms: 'https://example.com/terms' },
      appStoreURL: 'https://apps.apple.com/app/id1',
    });
    expect(settings.consentNotice.TX).toContain('Texas');
    expect(settings.legalNotice).toEqual({
      consentToTreat: null,
      terms: 'https://example.com/terms',
    });
    expect(
      issuePaths(appSettingsSchema, {
        availableLang: ['fr'],
        consentNotice: { Texas: 'x' },
        forcedPage: 'https://evil.example',
        googlePlayURL: 'not a url',
      }),
    ).toEqual(['availableLang.0', 'consentNotice.Texas', 'forcedPage', 'googlePlayURL']);
    expect(issuePaths(appSettingsSchema, { availableLang: [] })).toEqual(['availableLang']);
  });
});

describe('brand record, legal address, referral', () => {
  it('parses a brand record with seven colours', () => {
    const record = brandRecordSchema.parse({
      company: 'Apothecall',
      web: 'https://apothecall.example',
      colors: {
        primary: '#000000',
        secondary: '#111111',
        accent: '#222222',
        positive: '#21ba45',
        negative: '#c10015',
        info: '#31ccec',
        warning: '#f2c037',
      },
      images: { logo: '/img/logo.svg' },
    });
    expect(record.fax).toBe('');
    expect(record.urls).toEqual({});
    expect(
      issuePaths(brandRecordSchema, { company: 'X', colors: { primary: '#000000' } }).sort(),
    ).toEqual([
      'colors.accent',
      'colors.info',
      'colors.negative',
      'colors.positive',
      'colors.secondary',
      'colors.warning',
    ]);
  });

  it('a legal address has name, two lines, phone and web', () => {
    expect(legalAddressSchema.parse({ name: 'Apothecall LLC', line1: '1 Main St' })).toEqual({
      name: 'Apothecall LLC',
      line1: '1 Main St',
      line2: '',
      phone: '',
      web: null,
    });
  });

  it('a referral needs a code', () => {
    expect(referralSchema.parse({ code: 'SPRING' }).linkMessage).toBe('');
    expect(issuePaths(referralSchema, { code: '' })).toEqual(['code']);
  });
});

describe('tag colour sets', () => {
  const all = (tags: readonly string[]) => Object.fromEntries(tags.map((t) => [t, '#aabbcc']));
  const sets = {
    customer: all(customerTags),
    interaction: all(interactionTags),
    task: all(taskTags),
  };

  it('has the tags of the spec', () => {
    expect(customerTags).toEqual([
      'Prospect',
      'Active',
      'Inactive',
      'VIP',
      'AtRisk',
      'NeedsFollowUp',
    ]);
    expect(interactionTags).toEqual(['Complaint', 'Praise', 'Query', 'Support', 'Info']);
    expect(taskTags).toEqual(['Urgent', 'HighPriority', 'MediumPriority', 'LowPriority']);
    expect(tagColorSetsSchema.parse(sets).task.Urgent).toBe('#aabbcc');
  });

  it('needs every tag, a valid colour each, and no unknown tags', () => {
    const { VIP: _vip, ...noVip } = sets.customer;
    expect(issuePaths(tagColorSetsSchema, { ...sets, customer: noVip })).toEqual(['customer.VIP']);
    expect(
      issuePaths(tagColorSetsSchema, { ...sets, task: { ...sets.task, Urgent: 'red' } }),
    ).toEqual(['task.Urgent']);
    expect(
      issuePaths(tagColorSetsSchema, {
        ...sets,
        interaction: { ...sets.interaction, Spam: '#000000' },
      }),
    ).toEqual(['interaction']);
  });
});
