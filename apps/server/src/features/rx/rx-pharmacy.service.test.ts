import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit, recordingEvents } from '../../../test/fakes';
import { aPharmacy } from '../../../test/fakes-pharmacy';
import { memoryRxRepo, only, rxId, rxVisit } from '../../../test/fakes-rx';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmacyStaff } from '../pharmacy/pharmacy.port';
import type { RxVisitRecord } from './rx.repo';
import { createRxPharmacyService } from './rx-pharmacy.service';

const pharmacistId = '6f1d2a40-0000-4000-8000-0000000000d1';
const pharmacy = aPharmacy();

function staff(overrides: Partial<PharmacyStaff> = {}): PharmacyStaff {
  return {
    accountId: pharmacistId,
    organization: pharmacy,
    role: 'pharmacist',
    readyRx: false,
    grant: { states: ['FL'], links: [], claimedOnly: false },
    ...overrides,
  };
}

function setup(
  options: { visits?: RxVisitRecord[]; staff?: PharmacyStaff; balance?: number } = {},
) {
  const repo = memoryRxRepo({ visits: options.visits ?? [] });
  /** The detail's reads (the patient, the prescriptions, the history), in order. */
  const reads: string[] = [];
  const prescriptionsOf = repo.prescriptionsOf.bind(repo);
  repo.prescriptionsOf = async (ids) => {
    reads.push('prescriptions');
    return prescriptionsOf(ids);
  };
  const audit = recordingAudit();
  const events = recordingEvents();
  const debits: string[] = [];
  const fees: number[] = [];
  let balance = options.balance ?? 10_000;
  const payments: Pick<PaymentsPort, 'debitPrepay' | 'creditPrepay'> = {
    async debitPrepay(movement) {
      if (balance < movement.amountCents) return { ok: false, reason: 'lowBalance', balance };
      const replayed = debits.includes(movement.idempotencyKey);
      if (!replayed) {
        debits.push(movement.idempotencyKey);
        balance -= movement.amountCents;
      }
      return { ok: true, entryId: `entry:${movement.idempotencyKey}`, balance, replayed };
    },
    async creditPrepay() {
      throw new Error('no claim here loses its race');
    },
  };
  const service = createRxPharmacyService({
    repo,
    pharmacy: {
      verifiedStaff: async () => options.staff ?? staff(),
      resolveLink: async () => undefined,
      feeTaken: async (_organizationId, after) => {
        fees.push(after);
      },
    },
    accounts: {
      person: async () => {
        reads.push('person');
        return undefined;
      },
      persons: async () => [],
    },
    payments,
    assessments: only({}, 'assessments'),
    audit,
    events,
    claimFeeCents: 300,
    ...fakeClock(),
  });
  return { service, repo, audit, events, debits, fees, reads };
}

const prescribed = (overrides: Partial<RxVisitRecord> = {}) =>
  rxVisit({
    status: 'rxed',
    pharmacyId: pharmacy.id,
    pharmacyStatus: 'unclaimed',
    prescribedAt: new Date('2026-03-01T17:00:00.000Z'),
    ledgerId: rxId(),
    ...overrides,
  });

describe('the pharmacy’s Rx service', () => {
  it('opens the dashboard to pharmacists and readyrx staff only, and another pharmacy’s visit is 404', async () => {
    const theirs = prescribed({ pharmacyId: rxId() });
    const clerk = setup({
      staff: staff({ role: 'pharmacyAdmin', readyRx: false }),
    });
    await expect(clerk.service.detail(fakeActor(pharmacistId), theirs.id)).rejects.toMatchObject({
      status: 403,
      code: 'PHARMACY_UNVERIFIED',
    });
    const { service, audit } = setup({ visits: [theirs] });
    await expect(service.detail(fakeActor(pharmacistId), theirs.id)).rejects.toMatchObject({
      status: 404,
    });
    expect(audit.rows).toEqual([
      expect.objectContaining({ outcome: 'denied', action: 'pharmacy.rx.read' }),
    ]);
  });

  it('claims a visit once: the fee taken by the version’s key, audited, the admins told of the balance', async () => {
    const visit = prescribed();
    const { service, repo, audit, events, debits, fees } = setup({ visits: [visit] });
    const detail = await service.claim(fakeActor(pharmacistId), visit.id, {
      version: visit.version,
    });
    expect(detail).toMatchObject({ pharmacyStatus: 'claimed', pdfAvailable: true, feePaid: 300 });
    expect(debits).toEqual([`claim:${visit.id}:${visit.version}`]);
    expect(repo.db.visits[0]).toMatchObject({ pharmacyStatus: 'claimed', claimFeeCents: 300 });
    expect(audit.rows.map((r) => [r.action, r.detail?.feeCents])).toEqual([
      ['pharmacy.rx.claim', 300],
    ]);
    expect(fees).toEqual([9_700]);
    expect(events.emitted.map((e) => e.name)).toEqual(['rx.visitChanged']);
  });

  it('refuses a claim on a low balance or at an old version, moving nothing', async () => {
    const visit = prescribed();
    const poor = setup({ visits: [visit], balance: 100 });
    await expect(
      poor.service.claim(fakeActor(pharmacistId), visit.id, { version: visit.version }),
    ).rejects.toMatchObject({ status: 402, code: 'PHARMACY_LOW_BALANCE' });
    expect(poor.repo.db.visits[0]?.pharmacyStatus).toBe('unclaimed');
    const stale = setup({ visits: [prescribed({ version: 4 })] });
    await expect(
      stale.service.claim(fakeActor(pharmacistId), stale.repo.db.visits[0]?.id ?? '', {
        version: 3,
      }),
    ).rejects.toMatchObject({ status: 409, code: 'RX_STALE' });
    expect(stale.debits).toEqual([]);
  });

  it('changes a status by the pharmacy’s table: a note where one is required, never to claimed', async () => {
    const visit = prescribed();
    const { service, repo, audit } = setup({ visits: [visit] });
    const actor = fakeActor(pharmacistId);
    await expect(
      service.changeStatus(actor, visit.id, { status: 'claimed', version: 1, note: '' }),
    ).rejects.toMatchObject({ status: 409, code: 'PHARMACY_TRANSITION_REFUSED' });
    await expect(
      service.changeStatus(actor, visit.id, { status: 'review', version: 1, note: '' }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION' });
    const moved = await service.changeStatus(actor, visit.id, {
      status: 'review',
      version: 1,
      note: 'A lower dose, please',
    });
    expect(moved.pharmacyStatus).toBe('review');
    expect(repo.db.notes.map((n) => [n.status, n.note, n.byRole])).toEqual([
      ['review', 'A lower dose, please', 'pharmacy'],
    ]);
    expect(audit.rows.map((r) => [r.action, r.detail?.from, r.detail?.to])).toEqual([
      ['pharmacy.rx.status', 'unclaimed', 'review'],
    ]);
  });

  it('gives the prescription PDF only after the claim (before: 404, audited as denied)', async () => {
    const visit = prescribed();
    const { service, audit } = setup({ visits: [visit] });
    await expect(service.visitForPdf(fakeActor(pharmacistId), visit.id)).rejects.toMatchObject({
      status: 404,
    });
    expect(audit.rows.map((r) => [r.outcome, r.action, r.detail?.reason])).toEqual([
      ['denied', 'rx.prescription.pdf', 'not-claimed'],
    ]);
    await service.claim(fakeActor(pharmacistId), visit.id, { version: visit.version });
    const { visit: claimed } = await service.visitForPdf(fakeActor(pharmacistId), visit.id);
    expect(claimed.pharmacyStatus).toBe('claimed');
  });

  it('moves several claimed visits at once without reading the detail of each; a stale one is refused alone', async () => {
    const fresh = [
      prescribed({ pharmacyStatus: 'claimed' }),
      prescribed({ pharmacyStatus: 'claimed' }),
    ];
    const stale = prescribed({ pharmacyStatus: 'claimed', version: 3 });
    const { service, repo, audit, reads } = setup({ visits: [...fresh, stale] });
    const results = await service.bulkChangeStatus(fakeActor(pharmacistId), {
      visits: [...fresh, stale].map((v) => ({ id: v.id, version: v === stale ? 2 : v.version })),
      status: 'ready',
      note: '',
    });
    expect(results.map((r) => [r.moved, r.pharmacyStatus, r.errorCode])).toEqual([
      [true, 'ready', null],
      [true, 'ready', null],
      [false, null, 'RX_STALE'],
    ]);
    expect(results[0]?.version).toBe((fresh[0]?.version ?? 0) + 1);
    expect(repo.db.visits.map((v) => v.pharmacyStatus)).toEqual(['ready', 'ready', 'claimed']);
    expect(audit.rows.map((r) => r.action)).toEqual(['pharmacy.rx.status', 'pharmacy.rx.status']);
    expect(reads).toEqual([]);
    // The single change answers with the detail.
    await service.changeStatus(fakeActor(pharmacistId), stale.id, {
      status: 'ready',
      version: 3,
      note: '',
    });
    expect(reads.sort()).toEqual(['person', 'prescriptions']);
  });
});
