import { describe, expect, it } from 'vitest';
import { fakeActor, recordingAudit } from '../../../test/fakes';
import type { BrandOffersRepo, OfferReferralRow, SubscriptionOffer } from './brand-offers.repo';
import { createBrandOffersService } from './brand-offers.service';

/**
 * A brand's referral codes and subscriptions in the back office, on fakes: admin changes,
 * support reads, anyone else is refused (audited); every change is audited field by field,
 * before and after, and a subscription change forgets the brands cache; a taken code and a
 * patient's own code are refused; an unknown brand or code is not found.
 */
const roles: Record<string, string> = {
  'admin-1': 'admin',
  'support-1': 'support',
  'doc-1': 'provider',
};
const defaults = {
  monthlyCents: 1500,
  familyMonthlyCents: 2500,
  memberVisitCents: 0,
  nonmemberVisitCents: 4900,
};
const ownCatalog = {
  plans: [{ plan: 'individual', period: 'annual', monthlyCents: 1200, freeMonths: 0 }],
  memberVisitCents: 0,
  nonmemberVisitCents: 3900,
  rxServices: [],
};

function memoryOffers() {
  const referrals: OfferReferralRow[] = [
    {
      code: 'FRIEND10',
      brandId: 'acme',
      title: 'Friends',
      message: '',
      linkMessage: '',
      priceCents: 3900,
      ownerAccountId: null,
      active: true,
    },
    {
      code: 'NORA1',
      brandId: 'acme',
      title: '',
      message: '',
      linkMessage: '',
      priceCents: null,
      ownerAccountId: 'nora',
      active: true,
    },
  ];
  const offers = new Map<string, SubscriptionOffer>([
    ['acme', { sells: false, catalog: undefined }],
  ]);
  const repo: BrandOffersRepo = {
    brandExists: async (id) => offers.has(id),
    referralsOf: async (id) => referrals.filter((r) => r.brandId === id).map((r) => ({ ...r })),
    referral: async (id, code) => {
      const row = referrals.find((r) => r.brandId === id && r.code === code);
      return row && { ...row };
    },
    async createReferral(row) {
      if (referrals.some((r) => r.code === row.code)) return undefined;
      const created = { ...row, ownerAccountId: null, active: true };
      referrals.push(created);
      return { ...created };
    },
    async updateReferral(id, code, change) {
      const row = referrals.find((r) => r.brandId === id && r.code === code && !r.ownerAccountId);
      if (!row) return undefined;
      Object.assign(row, change);
      return { ...row };
    },
    subscriptionOffer: async (id) => offers.get(id),
    async setSubscriptionOffer(id, offer) {
      const before = offers.get(id);
      if (!before) return undefined;
      offers.set(id, { sells: offer.sells, catalog: offer.catalog ?? undefined });
      return before;
    },
  };
  return { repo, referrals };
}

function setUp() {
  const store = memoryOffers();
  const audit = recordingAudit();
  const invalidated: string[] = [];
  const service = createBrandOffersService({
    repo: store.repo,
    accounts: {
      membership: async (id) =>
        roles[id]
          ? {
              role: roles[id],
              organizationType: null,
              organizationId: null,
              permissions: [],
              disabled: false,
            }
          : undefined,
    },
    audit,
    invalidate: (id) => {
      invalidated.push(id);
    },
    feeCents: 4900,
    defaults,
  });
  return { service, store, audit, invalidated };
}

const newCode = {
  code: 'SPRING',
  title: 'Spring',
  message: 'Hello',
  linkMessage: '',
  priceCents: 2900,
};

describe('brand offers service', () => {
  it('lets support read but not change, and refuses anyone else, audited', async () => {
    const { service, store, audit } = setUp();
    const support = fakeActor('support-1');
    expect(await service.referrals(support, 'acme')).toMatchObject({
      feeCents: 4900,
      referrals: [
        { code: 'FRIEND10', patientOwned: false, active: true },
        { code: 'NORA1', patientOwned: true },
      ],
    });
    await expect(service.createReferral(support, 'acme', newCode)).rejects.toMatchObject({
      status: 403,
      code: 'BACK_OFFICE_REFUSED',
    });
    await expect(service.subscriptions(fakeActor('doc-1'), 'acme')).rejects.toMatchObject({
      status: 403,
    });
    expect(store.referrals).toHaveLength(2);
    expect(audit.rows.map((r) => [r.outcome, r.action])).toEqual([
      ['denied', 'backoffice.brands.offers.write'],
      ['denied', 'backoffice.brands.offers.read'],
    ]);
  });

  it('creates a referral code audited with its fields, and refuses a taken one', async () => {
    const { service, audit } = setUp();
    const admin = fakeActor('admin-1');
    expect(await service.createReferral(admin, 'acme', newCode)).toEqual({
      code: 'SPRING',
      title: 'Spring',
      message: 'Hello',
      linkMessage: '',
      priceCents: 2900,
      patientOwned: false,
      active: true,
    });
    await expect(
      service.createReferral(admin, 'acme', { ...newCode, code: 'FRIEND10' }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'OFFER_CODE_TAKEN',
    });
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'backoffice.brands.referral.create',
        detail: {
          brandId: 'acme',
          code: 'SPRING',
          changes: {
            title: { before: null, after: 'Spring' },
            message: { before: null, after: 'Hello' },
            linkMessage: { before: null, after: '' },
            priceCents: { before: null, after: 2900 },
            active: { before: null, after: true },
          },
        },
      }),
    ]);
  });

  it('changes only the fields sent, audits what changed, and nothing when nothing did', async () => {
    const { service, audit } = setUp();
    const admin = fakeActor('admin-1');
    const retired = await service.updateReferral(admin, 'acme', ' friend10 ', {
      active: false,
      priceCents: 3900,
    });
    expect(retired).toMatchObject({
      code: 'FRIEND10',
      active: false,
      priceCents: 3900,
      title: 'Friends',
    });
    await service.updateReferral(admin, 'acme', 'FRIEND10', { active: false });
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'backoffice.brands.referral.update',
        detail: {
          brandId: 'acme',
          code: 'FRIEND10',
          changes: { active: { before: true, after: false } },
        },
      }),
    ]);
  });

  it("leaves a patient's own code alone, and answers an unknown code or brand as not found", async () => {
    const { service, store, audit } = setUp();
    const admin = fakeActor('admin-1');
    await expect(
      service.updateReferral(admin, 'acme', 'NORA1', { active: false }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'REFERRAL_PATIENT_OWNED',
    });
    await expect(
      service.updateReferral(admin, 'acme', 'NOPE', { active: false }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.referrals(admin, 'nobody')).rejects.toMatchObject({ status: 404 });
    await expect(service.subscriptions(admin, 'nobody')).rejects.toMatchObject({ status: 404 });
    expect(store.referrals.find((r) => r.code === 'NORA1')?.active).toBe(true);
    expect(audit.rows).toEqual([]);
  });

  it('reads the subscriptions with the default catalog beside the brand own', async () => {
    const { service } = setUp();
    const offer = await service.subscriptions(fakeActor('support-1'), 'acme');
    expect(offer).toMatchObject({ sells: false, catalog: null });
    expect(offer.defaults.plans).toHaveLength(5);
    expect(offer.defaults).toMatchObject({
      memberVisitCents: 0,
      nonmemberVisitCents: 4900,
      rxServices: [],
    });
  });

  it('sets the subscriptions, forgetting the brands cache, audited field by field against the defaults', async () => {
    const { service, audit, invalidated } = setUp();
    const admin = fakeActor('admin-1');
    const after = await service.setSubscriptions(admin, 'acme', {
      sells: true,
      catalog: ownCatalog as never,
    });
    expect(after).toMatchObject({ sells: true, catalog: { nonmemberVisitCents: 3900 } });
    expect(invalidated).toEqual(['acme']);
    const detail = audit.rows[0]?.detail as { changes: Record<string, unknown> } | undefined;
    const changes = detail?.changes ?? {};
    expect(Object.keys(changes).sort()).toEqual([
      'nonmemberVisitCents',
      'ownCatalog',
      'plans',
      'sells',
    ]);
    expect(changes.nonmemberVisitCents).toEqual({ before: 4900, after: 3900 });

    // The same offer again changes nothing and writes no audit row.
    await service.setSubscriptions(admin, 'acme', { sells: true, catalog: ownCatalog as never });
    expect(audit.rows).toHaveLength(1);
    expect(invalidated).toEqual(['acme', 'acme']);
  });
});
