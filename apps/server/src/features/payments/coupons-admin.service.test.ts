import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import type { AdminCouponRecord, CouponsAdminRepo } from './coupons-admin.repo';
import { createCouponsAdminService } from './coupons-admin.service';

const admin = 'a1c3e5f0-0000-4000-8000-000000000001';
const support = 'a1c3e5f0-0000-4000-8000-000000000002';
const patient = 'a1c3e5f0-0000-4000-8000-000000000003';
const fee = 4900;

const roles: Record<string, string> = {
  [admin]: 'admin',
  [support]: 'support',
  [patient]: 'patient',
};

/** The coupons table in memory: codes unique across brands, price changes only when unredeemed. */
function setup(seed: AdminCouponRecord[] = []) {
  const clock = fakeClock();
  const rows = seed.map((r) => ({ ...r }));
  const repo: CouponsAdminRepo = {
    async couponsOf(brandId) {
      return rows.filter((r) => r.brandId === brandId).map((r) => ({ ...r }));
    },
    async couponOf(brandId, code) {
      const found = rows.find((r) => r.brandId === brandId && r.code === code);
      return found ? { ...found } : undefined;
    },
    async create(row) {
      if (rows.some((r) => r.code === row.code)) return undefined;
      const created = { ...row, redemptions: 0, active: true, redeemedRows: 0 };
      rows.push(created);
      const { redeemedRows: _, ...coupon } = created;
      return coupon;
    },
    async update(brandId, code, change, options) {
      const found = rows.find((r) => r.brandId === brandId && r.code === code);
      if (!found || (options.onlyUnredeemed && (found.redemptions > 0 || found.redeemedRows > 0))) {
        return undefined;
      }
      Object.assign(found, change);
      const { redeemedRows: _, ...coupon } = found;
      return { ...coupon };
    },
  };
  const audit = recordingAudit();
  const service = createCouponsAdminService({
    repo,
    accounts: {
      membership: async (id) => {
        const role = roles[id];
        return role
          ? { role, organizationType: null, organizationId: null, permissions: [], disabled: false }
          : undefined;
      },
    },
    // An unknown brand resolves to the main brand, as the real one does.
    brands: { byId: async (id) => ({ id: id === 'sunny' ? 'sunny' : 'apothecall', name: 'x' }) },
    audit,
    feeCents: fee,
    now: clock.now,
  });
  return { service, rows, audit, clock };
}

const stored = (overrides: Partial<AdminCouponRecord> = {}): AdminCouponRecord => ({
  code: 'SPRING',
  brandId: 'sunny',
  kind: 'percent',
  value: 20,
  title: 'Spring',
  message: '20% off',
  expiresAt: null,
  maxRedemptions: null,
  redemptions: 0,
  active: true,
  redeemedRows: 0,
  ...overrides,
});

const newCoupon = {
  code: 'WELCOME',
  kind: 'amount' as const,
  value: 1000,
  title: 'Welcome',
  message: '$10 off',
  expiresAt: null,
  maxRedemptions: 100,
};

describe('who may see and change coupons', () => {
  it('lets support read but not write, and refuses a patient, each refusal audited', async () => {
    const { service, audit, rows } = setup([stored()]);
    const listed = await service.list(fakeActor(support), 'sunny');
    expect(listed.feeCents).toBe(fee);
    expect(listed.coupons.map((c) => c.code)).toEqual(['SPRING']);
    await expect(service.create(fakeActor(support), 'sunny', newCoupon)).rejects.toMatchObject({
      status: 403,
      code: 'BACK_OFFICE_REFUSED',
    });
    await expect(service.list(fakeActor(patient), 'sunny')).rejects.toMatchObject({ status: 403 });
    expect(rows).toHaveLength(1);
    expect(audit.rows.map((r) => [r.outcome, r.action, r.detail])).toEqual([
      ['denied', 'backoffice.brands.coupons.write', { need: 'write' }],
      ['denied', 'backoffice.brands.coupons.read', { need: 'read' }],
    ]);
  });

  it('answers an unknown brand not found', async () => {
    const { service } = setup();
    await expect(service.list(fakeActor(admin), 'nobody')).rejects.toMatchObject({ status: 404 });
  });
});

describe('creating a coupon', () => {
  it("stores it and audits every field's value", async () => {
    const { service, rows, audit } = setup();
    const created = await service.create(fakeActor(admin), 'sunny', newCoupon);
    expect(created).toMatchObject({
      code: 'WELCOME',
      redeemed: false,
      usable: true,
      redemptions: 0,
    });
    expect(rows[0]).toMatchObject({
      brandId: 'sunny',
      kind: 'amount',
      value: 1000,
      maxRedemptions: 100,
    });
    expect(audit.rows).toMatchObject([
      {
        outcome: 'success',
        action: 'backoffice.brands.coupon.create',
        detail: {
          brandId: 'sunny',
          code: 'WELCOME',
          changes: {
            kind: { before: null, after: 'amount' },
            value: { before: null, after: 1000 },
          },
        },
      },
    ]);
  });

  it('refuses a value wrong for its kind, a past expiry and a code taken on any brand', async () => {
    const { service, rows, clock } = setup([stored({ code: 'TAKEN', brandId: 'apothecall' })]);
    await expect(
      service.create(fakeActor(admin), 'sunny', { ...newCoupon, value: fee + 1 }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION' });
    await expect(
      service.create(fakeActor(admin), 'sunny', { ...newCoupon, kind: 'percent', value: 101 }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      service.create(fakeActor(admin), 'sunny', {
        ...newCoupon,
        expiresAt: clock.now().toISOString(),
      }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION' });
    await expect(
      service.create(fakeActor(admin), 'sunny', { ...newCoupon, code: 'TAKEN' }),
    ).rejects.toMatchObject({ status: 409, code: 'OFFER_CODE_TAKEN' });
    expect(rows).toHaveLength(1);
  });
});

describe('changing a coupon', () => {
  it('changes only the fields sent, auditing each before and after; nothing changed writes no row', async () => {
    const { service, rows, audit } = setup([stored()]);
    const after = await service.update(fakeActor(admin), 'sunny', ' spring ', {
      value: 25,
      active: false,
    });
    expect(after).toMatchObject({ value: 25, active: false, usable: false, title: 'Spring' });
    expect(rows[0]).toMatchObject({ value: 25, active: false });
    expect(audit.rows).toMatchObject([
      {
        action: 'backoffice.brands.coupon.update',
        detail: {
          code: 'SPRING',
          changes: { value: { before: 20, after: 25 }, active: { before: true, after: false } },
        },
      },
    ]);
    await service.update(fakeActor(admin), 'sunny', 'SPRING', { title: 'Spring' });
    expect(audit.rows).toHaveLength(1);
  });

  it("keeps an applied coupon's kind and value (409 COUPON_REDEEMED) but lets its texts change", async () => {
    const { service, rows } = setup([stored({ redemptions: 2, maxRedemptions: 5 })]);
    await expect(
      service.update(fakeActor(admin), 'sunny', 'SPRING', { kind: 'free', value: 0 }),
    ).rejects.toMatchObject({ status: 409, code: 'COUPON_REDEEMED' });
    expect(
      (await service.update(fakeActor(admin), 'sunny', 'SPRING', { title: 'Later' })).title,
    ).toBe('Later');
    expect(rows[0]).toMatchObject({ kind: 'percent', value: 20, title: 'Later' });
  });

  it('refuses a limit below the times applied and answers an unknown code not found', async () => {
    const { service } = setup([stored({ redemptions: 3 })]);
    await expect(
      service.update(fakeActor(admin), 'sunny', 'SPRING', { maxRedemptions: 2 }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION' });
    await expect(
      service.update(fakeActor(admin), 'sunny', 'NOPE', { title: 'x' }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
