import { eq, isNull } from 'drizzle-orm';
import type { PasswordHasher } from '../../platform/passwords';
import type { Db } from '../client';
import { accounts, persons } from '../schema/accounts';
import { brands, referrals } from '../schema/brands';
import { pharmacies } from '../schema/care';
import { providerLicenses, providerProfiles } from '../schema/clinic';
import { coupons } from '../schema/payments';
import { seedDemoAnalytics } from './demo-analytics';
import { seedDemoNotes } from './demo-notes';
import { demoPharmacyOrganizations, seedDemoPharmacies } from './demo-pharmacies';
import { seedDemoPrepay } from './demo-prepay';

/**
 * Demo data for `npm start` and the tests: one brand and one login of every role the product
 * has. Idempotent: running it again changes nothing. All demo people are fictional.
 */
export const demoBrandId = 'apothecall';
export const demoPassword = 'Apothecall-Demo-1';

const careSettings = {
  availableStates: ['FL', 'TX'],
  asyncStates: ['FL', 'TX', 'GA', 'NC', 'NY'],
  hours: { open: '08:00', close: '22:00', timeZone: 'America/New_York' },
};

/**
 * The demo brands: the main brand (its hosts, the 'demo' alias and the test host), a partner
 * on its own host (third party), a wellness brand reached by its first host label, a pharmacy
 * brand for /pharmacy?company=..., and one without a logo (falls back to the main brand).
 */
/**
 * What the main demo brand sells by subscription (spec section 9's prices): $25 a month
 * every 6 months or annually with one month free; a family plan (our price, the spec states none)
 * quarterly, every 6 months or annually; $10 a visit for members, $35 for family members of an
 * individual plan; two medications supplied monthly.
 */
export const demoSubscriptionCatalog = {
  plans: [
    { plan: 'individual', period: 'semiannual', monthlyCents: 2500, freeMonths: 0 },
    { plan: 'individual', period: 'annual', monthlyCents: 2500, freeMonths: 1 },
    { plan: 'family', period: 'quarterly', monthlyCents: 4000, freeMonths: 0 },
    { plan: 'family', period: 'semiannual', monthlyCents: 4000, freeMonths: 0 },
    { plan: 'family', period: 'annual', monthlyCents: 4000, freeMonths: 1 },
  ],
  memberVisitCents: 1000,
  nonmemberVisitCents: 3500,
  rxServices: [
    {
      id: 'ldn',
      name: {
        en: 'Low Dose Naltrexone, monthly supply',
        es: 'Naltrexona en dosis baja, suministro mensual',
      },
      monthlyCents: 3900,
      months: [1, 3],
    },
    {
      id: 'tadalafil-5',
      name: { en: 'Tadalafil 5 mg, monthly supply', es: 'Tadalafilo 5 mg, suministro mensual' },
      monthlyCents: 2900,
      months: [1, 3, 6],
    },
  ],
};

export const demoBrands = [
  {
    id: demoBrandId,
    name: 'Apothecall',
    logoUrl: '/brand/apothecall.svg',
    colorPrimary: '#0b7285',
    colorAccent: '#f08c00',
    colorWarning: '#e03131',
    isMain: true,
    hostKind: 'main',
    hosts: ['localhost', '127.0.0.1', 'apothecall.test'],
    aliases: ['demo', 'test'],
    settings: {
      ...careSettings,
      appSettings: { availableLang: ['en', 'es'], subscriptionPurchaseActive: true },
      subscriptionCatalog: demoSubscriptionCatalog,
    },
  },
  {
    id: 'partner',
    name: 'Partner Health',
    logoUrl: '/brand/partner.svg',
    colorPrimary: '#7048e8',
    colorAccent: '#f59f00',
    colorWarning: '#e03131',
    hostKind: 'partner',
    hosts: ['partner.localhost', 'partner.apothecall.test'],
    aliases: [],
    thirdParty: true,
    settings: { ...careSettings, appSettings: { availableLang: ['en', 'es'] } },
  },
  {
    id: 'wellness',
    name: 'Wellness Now',
    logoUrl: '/brand/wellness.svg',
    colorPrimary: '#2f9e44',
    colorAccent: '#1c7ed6',
    colorWarning: '#e03131',
    hosts: [],
    aliases: ['wellness'],
    settings: { ...careSettings, appSettings: { availableLang: ['en', 'es'] } },
  },
  {
    id: 'sunrise-pharmacy',
    name: 'Sunrise Pharmacy',
    logoUrl: '/brand/sunrise.svg',
    colorPrimary: '#e8590c',
    colorAccent: '#0b7285',
    colorWarning: '#c92a2a',
    hosts: [],
    aliases: ['sunrise'],
    homePage: '/',
    settings: { ...careSettings, appSettings: { availableLang: ['en', 'es'] } },
  },
  {
    id: 'nologo',
    name: 'Unbranded',
    logoUrl: null,
    colorPrimary: '#495057',
    colorAccent: '#495057',
    colorWarning: '#e03131',
    hosts: [],
    aliases: ['nologo'],
    settings: careSettings,
  },
] as const satisfies readonly (typeof brands.$inferInsert)[];

export const demoReferrals = [
  {
    code: 'FRIEND10',
    brandId: demoBrandId,
    title: 'A friend sent you',
    message: 'Your visit is $10 off.',
    linkMessage: 'Share Apothecall with a friend',
    priceCents: 3900,
  },
];

/** The states each demo provider is licensed in. */
export const demoLicenses: Readonly<Record<string, readonly string[]>> = {
  'provider@apothecall.test': ['FL', 'TX'],
  'provider2@apothecall.test': ['FL'],
};

/** The demo providers' licences expire far in the future. */
export const demoLicenceExpiry = '2099-12-31';

/** Each demo provider's printed credential block (fictional NPIs; 10 digits). */
export const demoProviderProfiles: Readonly<
  Record<string, { suffix: string; npi: string; clientNumber: string }>
> = {
  'provider@apothecall.test': { suffix: 'MD', npi: '1234567893', clientNumber: 'LAB-1001' },
  'provider2@apothecall.test': { suffix: 'NP', npi: '1245319599', clientNumber: 'LAB-1002' },
};

/**
 * Sunrise Pharmacy is both a pharmacy organisation (the Rx flow's pharmacy step) and a row of
 * the video visit's directory: one source for its address, the organisation's, so the two flows
 * show the same one. The directory keeps its own demo NCPDP id.
 */
function sunriseDirectoryRow() {
  const sunrise = demoPharmacyOrganizations.find((o) => o.id === 'sunrise-pharmacy');
  if (!sunrise) throw new Error('The demo pharmacies lost Sunrise');
  return {
    ncpdpId: '1012345',
    name: sunrise.name,
    address: [sunrise.address1, sunrise.address2].filter(Boolean).join(', '),
    city: sunrise.city,
    state: sunrise.state,
    zip: sunrise.zip,
    phone: sunrise.phone,
    fax: sunrise.fax,
  };
}

/** A small pharmacy directory (fictional pharmacies; NCPDP-style 7-digit ids). */
export const demoPharmacies = [
  sunriseDirectoryRow(),
  {
    ncpdpId: '1023456',
    name: 'Bayfront Drugs',
    address: '45 Biscayne Blvd',
    city: 'Miami',
    state: 'FL',
    zip: '33132',
    phone: '305-555-0120',
    fax: '305-555-0121',
  },
  {
    ncpdpId: '1034567',
    name: 'Gulf Coast Pharmacy',
    address: '900 Bay St',
    city: 'Tampa',
    state: 'FL',
    zip: '33602',
    phone: '813-555-0130',
    fax: '813-555-0131',
  },
  {
    ncpdpId: '4545678',
    name: 'Lone Star Pharmacy',
    address: '301 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    phone: '512-555-0140',
    fax: '512-555-0141',
  },
  {
    ncpdpId: '4556789',
    name: 'Riverwalk Rx',
    address: '210 Alamo Plaza',
    city: 'San Antonio',
    state: 'TX',
    zip: '78205',
    phone: '210-555-0150',
    fax: '210-555-0151',
  },
];

/** Demo coupons: a free visit, a discount and an expired one. */
export const demoCoupons = [
  {
    code: 'FREEVISIT',
    brandId: demoBrandId,
    kind: 'free',
    value: 0,
    title: 'Free visit',
    message: 'Your next visit is free.',
  },
  {
    code: 'SAVE20',
    brandId: demoBrandId,
    kind: 'amount',
    value: 2000,
    title: '$20 off',
    message: '$20 off your visit.',
  },
  {
    code: 'EXPIRED10',
    brandId: demoBrandId,
    kind: 'percent',
    value: 10,
    title: '10% off',
    message: 'This offer has ended.',
    expiresAt: new Date('2025-01-01T00:00:00Z'),
  },
];

export interface DemoLogin {
  role: string;
  loginId: string;
  name: string;
}

interface DemoPerson {
  firstName: string;
  lastName: string;
  dob: string;
  gender: 'M' | 'F' | 'X';
}

interface DemoAccount {
  loginId: string;
  role: string;
  label: string;
  organizationType?: string;
  organizationId?: string;
  permissions?: string[];
  holder: DemoPerson;
  dependents?: (DemoPerson & { relation: string })[];
}

export const demoAccounts: readonly DemoAccount[] = [
  {
    loginId: 'patient@apothecall.test',
    role: 'patient',
    label: 'patient (with a dependent)',
    holder: { firstName: 'Maria', lastName: 'Rivera', dob: '1988-04-12', gender: 'F' },
    dependents: [
      { firstName: 'Leo', lastName: 'Rivera', dob: '2016-09-03', gender: 'M', relation: 'son' },
    ],
  },
  {
    loginId: 'provider@apothecall.test',
    role: 'provider',
    label: 'provider',
    holder: { firstName: 'Samuel', lastName: 'Okafor', dob: '1979-01-22', gender: 'M' },
  },
  {
    loginId: 'provider2@apothecall.test',
    role: 'provider',
    label: 'second provider (FL)',
    holder: { firstName: 'Grace', lastName: 'Lin', dob: '1984-03-09', gender: 'F' },
  },
  {
    loginId: 'pharmacist@apothecall.test',
    role: 'pharmacist',
    label: 'pharmacist',
    organizationType: 'pharmacy',
    organizationId: 'sunrise-pharmacy',
    permissions: ['readyrx'],
    holder: { firstName: 'Priya', lastName: 'Shah', dob: '1985-06-30', gender: 'F' },
  },
  {
    loginId: 'lonestar-pharmacist@apothecall.test',
    role: 'pharmacist',
    label: 'pharmacist (unverified)',
    organizationType: 'pharmacy',
    organizationId: 'lone-star-pharmacy',
    holder: { firstName: 'Luis', lastName: 'Ortega', dob: '1982-02-14', gender: 'M' },
  },
  {
    loginId: 'pharmacy-admin@apothecall.test',
    role: 'pharmacyAdmin',
    label: 'pharmacy admin',
    organizationType: 'pharmacy',
    organizationId: 'sunrise-pharmacy',
    permissions: ['readyrx'],
    holder: { firstName: 'Tom', lastName: 'Becker', dob: '1975-11-08', gender: 'M' },
  },
  {
    loginId: 'rx-admin@apothecall.test',
    role: 'rxSubscriptionAdmin',
    label: 'rx-subscription admin',
    organizationId: demoBrandId,
    permissions: [`rxSubscriptionAdmin:${demoBrandId}`],
    holder: { firstName: 'Lena', lastName: 'Ortiz', dob: '1990-02-14', gender: 'F' },
  },
  {
    loginId: 'admin@apothecall.test',
    role: 'admin',
    label: 'admin',
    organizationId: demoBrandId,
    holder: { firstName: 'Alex', lastName: 'Morgan', dob: '1982-07-19', gender: 'X' },
  },
  {
    loginId: 'support@apothecall.test',
    role: 'support',
    label: 'support',
    organizationId: demoBrandId,
    holder: { firstName: 'Sam', lastName: 'Rivera', dob: '1991-04-03', gender: 'X' },
  },
];

export async function seedDemo(db: Db, hasher: PasswordHasher): Promise<DemoLogin[]> {
  const passwordHash = await hasher.hash(demoPassword);
  await db.transaction(async (tx) => {
    for (const brand of demoBrands) {
      const { id, ...rest } = brand;
      // Brand rows follow the seed (upsert), so a demo database picks up new brand settings,
      // unless the operator saved the brand in the back office (edited_at): theirs is kept.
      await tx
        .insert(brands)
        .values(brand)
        .onConflictDoUpdate({ target: brands.id, set: rest, setWhere: isNull(brands.editedAt) });
    }
    for (const referral of demoReferrals) {
      await tx.insert(referrals).values(referral).onConflictDoNothing();
    }
    for (const coupon of demoCoupons) {
      await tx.insert(coupons).values(coupon).onConflictDoNothing();
    }
    for (const pharmacy of demoPharmacies) {
      // The directory is demo data nobody edits: a changed row (Sunrise's address) is updated.
      const { ncpdpId: _id, ...rest } = pharmacy;
      await tx
        .insert(pharmacies)
        .values(pharmacy)
        .onConflictDoUpdate({ target: pharmacies.ncpdpId, set: rest });
    }
    for (const demo of demoAccounts) {
      const inserted = await tx
        .insert(accounts)
        .values({
          brandId: demoBrandId,
          loginId: demo.loginId,
          passwordHash,
          role: demo.role,
          organizationType: demo.organizationType ?? null,
          organizationId: demo.organizationId ?? null,
          permissions: demo.permissions ?? [],
        })
        .onConflictDoNothing({ target: accounts.loginId })
        .returning({ id: accounts.id });
      const accountId = inserted[0]?.id;
      if (!accountId) continue; // already seeded
      // The account holder's person id is the account id (users[0].id === session id).
      await tx.insert(persons).values({
        id: accountId,
        accountId,
        relation: 'self',
        ...demo.holder,
        email: demo.loginId,
        // Phones are kept in E.164; the app shows 305-555-0100.
        phone: '+13055550100',
        address: '100 Biscayne Blvd',
        state: 'FL',
        zipCode: '33132',
      });
      for (const state of demoLicenses[demo.loginId] ?? []) {
        // Far-future expiry: the demo providers stay licensed in their states.
        await tx
          .insert(providerLicenses)
          .values({
            accountId,
            state,
            number: `${state}-DEMO-${demo.loginId.startsWith('provider2') ? '2' : '1'}`,
            expiresOn: demoLicenceExpiry,
          })
          .onConflictDoNothing();
      }
      const profile = demoProviderProfiles[demo.loginId];
      if (profile) {
        await tx
          .insert(providerProfiles)
          .values({
            accountId,
            suffix: profile.suffix,
            npi: profile.npi,
            credential: {
              address: {
                name: 'Apothecall Medical Group',
                line1: '100 Biscayne Blvd, Suite 400',
                line2: 'Miami, FL 33132',
                phone: '305-555-0199',
              },
              fax: '305-555-0198',
              npi: profile.npi,
              clientNumber: profile.clientNumber,
            },
          })
          .onConflictDoNothing();
      }
      if (demo.role === 'patient') {
        // The demo patient shares FRIEND10: people who join with it show on her referred transactions.
        await tx
          .update(referrals)
          .set({ ownerAccountId: accountId })
          .where(eq(referrals.code, 'FRIEND10'));
      }
      for (const dependent of demo.dependents ?? []) {
        await tx.insert(persons).values({ accountId, ...dependent, state: 'FL', zipCode: '33132' });
      }
    }
  });
  await seedDemoNotes(db);
  await seedDemoPharmacies(db);
  await seedDemoPrepay(db);
  await seedDemoAnalytics(db, passwordHash);
  return demoAccounts.map((d) => ({
    role: d.label,
    loginId: d.loginId,
    name: `${d.holder.firstName} ${d.holder.lastName}`,
  }));
}
