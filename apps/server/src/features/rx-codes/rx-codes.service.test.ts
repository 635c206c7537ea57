import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import { aPharmacy } from '../../../test/fakes-pharmacy';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import type { PharmacyStaff } from '../pharmacy/pharmacy.port';
import type { ExternalCodeRecord, RxCodesRepo } from './rx-codes.repo';
import { createRxCodesService } from './rx-codes.service';

const sunrise = aPharmacy({ id: 'sunrise' });
const harbor = aPharmacy({ id: 'harbor' });
const ana = 'e5a7c9d0-0000-4000-8000-000000000001';
const ben = 'e5a7c9d0-0000-4000-8000-000000000002';
const maria = 'e5a7c9d0-0000-4000-8000-000000000003';
const staffOf: Record<string, PharmacyStaff> = {
  [ana]: { accountId: ana, organization: sunrise, role: 'pharmacist', readyRx: true, grant: null },
  [ben]: { accountId: ben, organization: harbor, role: 'pharmacist', readyRx: true, grant: null },
};

/** Two visits routed to Sunrise (one claimed) and the codes table in memory. */
function setup() {
  const clock = fakeClock();
  const claimed = randomUUID();
  const unclaimed = randomUUID();
  const visits = new Map<string, { claimed: boolean }>([
    [claimed, { claimed: true }],
    [unclaimed, { claimed: false }],
  ]);
  const rows: ExternalCodeRecord[] = [];
  const repo: RxCodesRepo = {
    async ofVisit(visitId, organizationId) {
      return rows.find((r) => r.visitId === visitId && r.organizationId === organizationId);
    },
    async byKey(organizationId, key) {
      return rows.find((r) => r.organizationId === organizationId && r.codeKey === key);
    },
    async set(row) {
      if (
        rows.some(
          (r) =>
            r.organizationId === row.organizationId &&
            r.codeKey === row.codeKey &&
            r.visitId !== row.visitId,
        )
      ) {
        return 'taken';
      }
      const at = rows.findIndex(
        (r) => r.visitId === row.visitId && r.organizationId === row.organizationId,
      );
      if (at >= 0) rows.splice(at, 1);
      rows.push({ ...row });
      return { ...row };
    },
    async clear(visitId, organizationId) {
      const at = rows.findIndex(
        (r) => r.visitId === visitId && r.organizationId === organizationId,
      );
      if (at < 0) return false;
      rows.splice(at, 1);
      return true;
    },
  };
  const notFound = () => new AppError(404, 'NOT_FOUND', 'errors.notFound');
  const audit = recordingAudit();
  const service = createRxCodesService({
    repo,
    rx: {
      // Only Sunrise's staff see its visits; anyone else is answered 404, as the rx port does.
      pharmacyVisit: async (actor: Actor, visitId: string) => {
        const staff = actor.accountId ? staffOf[actor.accountId] : undefined;
        const visit = visits.get(visitId);
        if (staff?.organization.id !== 'sunrise' || !visit) throw notFound();
        return {
          id: visitId,
          accountId: maria,
          personId: maria,
          productId: 'ldn',
          pharmacyId: 'sunrise',
          staff,
          claimed: visit.claimed,
        };
      },
    },
    pharmacy: {
      verifiedStaff: async (actor: Actor) => {
        const staff = actor.accountId ? staffOf[actor.accountId] : undefined;
        if (!staff) throw new AppError(403, 'PHARMACY_ONLY', 'navigation.unauthorized');
        return staff;
      },
    },
    audit,
    now: clock.now,
  });
  return { service, rows, audit, claimed, unclaimed, clock };
}

describe('a visit code', () => {
  it('is set on a claimed visit, read back and cleared, each audited by ids without the code', async () => {
    const { service, rows, audit, claimed, clock } = setup();
    expect(await service.get(fakeActor(ana), claimed)).toEqual({
      visitId: claimed,
      code: null,
      updatedAt: null,
    });
    const saved = await service.set(fakeActor(ana), claimed, ' ab-12 ');
    expect(saved).toEqual({
      visitId: claimed,
      code: ' ab-12 ',
      updatedAt: clock.now().toISOString(),
    });
    expect(rows[0]).toMatchObject({ codeKey: 'AB-12', setBy: ana, organizationId: 'sunrise' });
    expect((await service.set(fakeActor(ana), claimed, null)).code).toBeNull();
    expect(rows).toEqual([]);
    expect(audit.rows.map((r) => [r.action, r.subject, r.detail])).toEqual([
      [
        'rxCodes.read',
        { accountId: maria, personId: maria },
        { visitId: claimed, organizationId: 'sunrise' },
      ],
      [
        'rxCodes.set',
        { accountId: maria, personId: maria },
        { visitId: claimed, organizationId: 'sunrise' },
      ],
      [
        'rxCodes.clear',
        { accountId: maria, personId: maria },
        { visitId: claimed, organizationId: 'sunrise', cleared: true },
      ],
    ]);
    expect(JSON.stringify(audit.rows)).not.toMatch(/ab-12/i);
  });

  it('needs the visit claimed first (409), and is unique in the pharmacy ignoring case (409 RX_CODE_TAKEN)', async () => {
    const { service, rows, claimed, unclaimed } = setup();
    await expect(service.set(fakeActor(ana), unclaimed, 'X1')).rejects.toMatchObject({
      status: 409,
      code: 'PHARMACY_NOT_CLAIMED',
    });
    await service.set(fakeActor(ana), claimed, 'x1');
    rows.push({
      visitId: randomUUID(),
      organizationId: 'sunrise',
      code: 'Y2',
      codeKey: 'Y2',
      setBy: ana,
      updatedAt: new Date(),
    });
    await expect(service.set(fakeActor(ana), claimed, 'y2')).rejects.toMatchObject({
      status: 409,
      code: 'RX_CODE_TAKEN',
    });
    expect(rows.find((r) => r.visitId === claimed)?.code).toBe('x1');
  });

  it("is neither read nor set by another pharmacy's staff", async () => {
    const { service, rows, claimed, audit } = setup();
    await expect(service.get(fakeActor(ben), claimed)).rejects.toMatchObject({ status: 404 });
    await expect(service.set(fakeActor(ben), claimed, 'Z')).rejects.toMatchObject({ status: 404 });
    expect(rows).toEqual([]);
    expect(audit.rows).toEqual([]);
  });
});

describe('finding a visit by its code', () => {
  it("finds the caller's pharmacy's visit ignoring case; an unknown code is 404, both audited", async () => {
    const { service, claimed, audit } = setup();
    await service.set(fakeActor(ana), claimed, 'Ab-12');
    expect(await service.find(fakeActor(ana), ' ab-12')).toEqual({
      visitId: claimed,
      code: 'Ab-12',
    });
    await expect(service.find(fakeActor(ana), 'nope')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(audit.rows.filter((r) => r.action === 'rxCodes.find').map((r) => r.detail)).toEqual([
      { organizationId: 'sunrise', visitId: claimed, found: true },
      { organizationId: 'sunrise', found: false },
    ]);
  });

  it("does not find another pharmacy's code, and refuses a non-staff caller (403)", async () => {
    const { service, claimed } = setup();
    await service.set(fakeActor(ana), claimed, 'AB');
    await expect(service.find(fakeActor(ben), 'AB')).rejects.toMatchObject({ status: 404 });
    await expect(service.find(fakeActor(maria), 'AB')).rejects.toMatchObject({ status: 403 });
  });
});
