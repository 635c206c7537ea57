import { randomUUID } from 'node:crypto';
import { adminVisitsPageSize } from '@apothecall/domain/backoffice/visits.api';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import type { AccountsPort, PersonFacts } from '../accounts/accounts.port';
import type { AdminVisitRecord } from '../care/care.port';
import type { PharmacyOrganizationRecord } from '../pharmacy/pharmacy.port';
import type { AdminRxVisitRecord } from '../rx/rx.port';
import { createVisitsAdminService } from './visits-admin.service';

/**
 * The back office's visits, on fakes: admin and support only (anyone else 403, audited); video
 * and Rx visits in one list, stuck ones first with their reason, each listed visit audited as a
 * read of its patient's record; a cancel or reassign goes to the Rx area first, else to care;
 * an id that is no uuid is 404 and reaches neither.
 */
const roles: Record<string, string> = {
  'admin-1': 'admin',
  'support-1': 'support',
  'rph-1': 'pharmacist',
};
const minutes = (n: number) => n * 60_000;

function setUp(
  options: {
    video?: AdminVisitRecord[];
    rx?: AdminRxVisitRecord[];
    rxAnswer?: 'released' | 'notStarted' | null;
  } = {},
) {
  const clock = fakeClock();
  const audit = recordingAudit();
  const calls: string[] = [];
  const asked: unknown[] = [];
  const service = createVisitsAdminService({
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
      persons: async (ids) =>
        ids.map((id) => ({ id, firstName: 'Pat', lastName: id.slice(0, 4) }) as PersonFacts),
      displayName: async (id) => (id === 'doc-1' ? 'Dr. Lee' : undefined),
    } satisfies Pick<AccountsPort, 'membership' | 'persons' | 'displayName'>,
    care: {
      adminVisits: async (filter) => {
        asked.push({ care: filter });
        return options.video ?? [];
      },
      adminCancel: async (_actor, id, note) => {
        calls.push(`care cancel ${id} ${note}`);
        return { refunded: true };
      },
      adminReassign: async (_actor, id, note) => {
        calls.push(`care reassign ${id} ${note}`);
      },
    },
    rx: {
      adminRxVisits: async (filter) => {
        asked.push({ rx: filter });
        return options.rx ?? [];
      },
      adminCancel: async (_actor, id, note) => {
        calls.push(`rx cancel ${id} ${note}`);
        return (options.rx ?? []).some((v) => v.id === id)
          ? { refunded: false, prepayReturned: true }
          : null;
      },
      adminReleaseReview: async (_actor, id, note) => {
        calls.push(`rx release ${id} ${note}`);
        return options.rxAnswer ?? null;
      },
    },
    pharmacy: {
      organization: async (id) =>
        id === 'ph-1' ? ({ name: 'Main St Pharmacy' } as PharmacyOrganizationRecord) : undefined,
    },
    audit,
    now: clock.now,
  });
  return { service, audit, calls, asked };
}

function video(overrides: Partial<AdminVisitRecord> & { createdAt: Date }): AdminVisitRecord {
  return {
    id: randomUUID(),
    accountId: randomUUID(),
    personId: randomUUID(),
    kind: 'video',
    state: 'waiting',
    location: 'FL',
    providerId: null,
    claimedAt: null,
    endedAt: null,
    ...overrides,
  };
}

function rxVisit(overrides: Partial<AdminRxVisitRecord> & { createdAt: Date }): AdminRxVisitRecord {
  return {
    id: randomUUID(),
    accountId: randomUUID(),
    personId: randomUUID(),
    status: 'waiting',
    location: 'TX',
    prescriberId: null,
    pharmacyId: null,
    updatedAt: overrides.createdAt,
    paidAt: null,
    prescribedAt: null,
    pharmacyStatus: null,
    ...overrides,
  };
}

describe('visits admin service', () => {
  it('refuses a role without the back office, audited, touching no visit', async () => {
    const { service, audit, calls, asked } = setUp();
    const rph = fakeActor('rph-1');
    await expect(service.list(rph, { page: 1 })).rejects.toMatchObject({
      status: 403,
      code: 'BACK_OFFICE_REFUSED',
    });
    await expect(service.cancel(rph, randomUUID(), 'x')).rejects.toMatchObject({ status: 403 });
    await expect(service.stuckCount(rph)).rejects.toMatchObject({ status: 403 });
    expect(calls).toEqual([]);
    expect(asked).toEqual([]);
    expect(audit.rows.map((r) => [r.outcome, r.action])).toEqual([
      ['denied', 'backoffice.visits.read'],
      ['denied', 'backoffice.visits.write'],
      ['denied', 'backoffice.visits.write'],
    ]);
  });

  it('lists stuck visits first with their reason, then the newest, each audited as a read', async () => {
    const base = new Date('2026-03-02T15:00:00.000Z').getTime();
    const fresh = video({ createdAt: new Date(base - minutes(2)) });
    const waitingLong = video({ createdAt: new Date(base - minutes(20)) });
    const claimed = video({
      createdAt: new Date(base - minutes(30)),
      state: 'inProgress',
      providerId: 'doc-1',
      claimedAt: new Date(base - minutes(25)),
    });
    const unreviewed = rxVisit({
      createdAt: new Date(base - minutes(60 * 30)),
      paidAt: new Date(base - minutes(60 * 26)),
      pharmacyId: 'ph-1',
    });
    const over = rxVisit({ createdAt: new Date(base - minutes(5)), status: 'refund' });
    const { service, audit } = setUp({
      video: [fresh, waitingLong, claimed],
      rx: [unreviewed, over],
    });
    const answer = await service.list(fakeActor('support-1'), { page: 1 });
    expect(answer.more).toBe(false);
    expect(answer.visits.map((v) => [v.id, v.stuck])).toEqual([
      [unreviewed.id, 'rxUnreviewed'],
      [waitingLong.id, 'waitingNoProvider'],
      [fresh.id, null],
      [over.id, null],
      [claimed.id, null],
    ]);
    expect(answer.visits[0]).toMatchObject({
      kind: 'rx',
      pharmacy: 'Main St Pharmacy',
      final: false,
      cancellable: true,
    });
    expect(answer.visits[1]).toMatchObject({
      ageMinutes: 20,
      kind: 'video',
      state: 'FL',
      provider: null,
    });
    expect(answer.visits[3]).toMatchObject({ final: true, cancellable: false });
    expect(answer.visits[4]).toMatchObject({
      provider: 'Dr. Lee',
      ageMinutes: 25,
      cancellable: true,
    });
    expect(audit.rows).toHaveLength(5);
    expect(audit.rows).toContainEqual(
      expect.objectContaining({
        action: 'backoffice.visits.list',
        subject: { accountId: unreviewed.accountId, personId: unreviewed.personId },
        detail: { visitId: unreviewed.id, kind: 'rx' },
      }),
    );
  });

  it('asks only the area of the kind filtered, and pages', async () => {
    const base = new Date('2026-03-02T15:00:00.000Z').getTime();
    const many = Array.from({ length: adminVisitsPageSize + 1 }, (_, i) =>
      rxVisit({ createdAt: new Date(base - minutes(i + 1)), status: 'rxed' }),
    );
    const { service, asked, audit } = setUp({ rx: many });
    const first = await service.list(fakeActor('admin-1'), { kind: 'rx', status: 'rxed', page: 1 });
    const second = await service.list(fakeActor('admin-1'), {
      kind: 'rx',
      status: 'rxed',
      page: 2,
    });
    expect(asked).toEqual([{ rx: { status: 'rxed' } }, { rx: { status: 'rxed' } }]);
    expect(first).toMatchObject({ page: 1, more: true });
    expect(first.visits).toHaveLength(adminVisitsPageSize);
    expect(second.visits.map((v) => v.id)).toEqual([many.at(-1)?.id]);
    expect(audit.rows).toHaveLength(adminVisitsPageSize + 1);

    const videoOnly = setUp();
    await videoOnly.service.list(fakeActor('admin-1'), { kind: 'appointment', page: 1 });
    expect(videoOnly.asked).toEqual([{ care: { kind: 'appointment' } }]);
  });

  it('counts the stuck visits without auditing anyone', async () => {
    const base = new Date('2026-03-02T15:00:00.000Z').getTime();
    const { service, audit } = setUp({
      video: [
        video({ createdAt: new Date(base - minutes(11)) }),
        video({ createdAt: new Date(base - minutes(9)) }),
      ],
    });
    expect(await service.stuckCount(fakeActor('support-1'))).toBe(1);
    expect(audit.rows).toEqual([]);
  });

  it('cancels an Rx visit through the Rx area, and any other visit through care', async () => {
    const rx = rxVisit({ createdAt: new Date('2026-03-01T00:00:00Z') });
    const { service, calls } = setUp({ rx: [rx] });
    const videoId = randomUUID();
    expect(await service.cancel(fakeActor('support-1'), rx.id, 'duplicate')).toEqual({
      refunded: false,
      prepayReturned: true,
    });
    expect(await service.cancel(fakeActor('support-1'), videoId, 'no show')).toEqual({
      refunded: true,
      prepayReturned: false,
    });
    expect(calls).toEqual([
      `rx cancel ${rx.id} duplicate`,
      `rx cancel ${videoId} no show`,
      `care cancel ${videoId} no show`,
    ]);
  });

  it('reassigns a started Rx review, refuses an unstarted one, and sends any other visit to care', async () => {
    const released = setUp({ rxAnswer: 'released' });
    const id = randomUUID();
    await released.service.reassign(fakeActor('admin-1'), id, 'prescriber left');
    expect(released.calls).toEqual([`rx release ${id} prescriber left`]);

    const unstarted = setUp({ rxAnswer: 'notStarted' });
    await expect(unstarted.service.reassign(fakeActor('admin-1'), id, 'n')).rejects.toMatchObject({
      status: 409,
      code: 'BACK_OFFICE_VISIT_NOT_CLAIMED',
    });
    expect(unstarted.calls).toEqual([`rx release ${id} n`]);

    const videoVisit = setUp({ rxAnswer: null });
    await videoVisit.service.reassign(fakeActor('admin-1'), id, 'n');
    expect(videoVisit.calls).toEqual([`rx release ${id} n`, `care reassign ${id} n`]);
  });

  it('answers an id that is no uuid as not found, reaching neither area', async () => {
    const { service, calls } = setUp();
    await expect(service.cancel(fakeActor('admin-1'), 'visit-1', 'n')).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.reassign(fakeActor('admin-1'), 'visit-1', 'n')).rejects.toMatchObject({
      status: 404,
    });
    expect(calls).toEqual([]);
  });
});
