import { describe, expect, it } from 'vitest';
import {
  fakeActor,
  fakeClock,
  fakePaymentsPort,
  recordingAudit,
  recordingEvents,
} from '../../../test/fakes';
import { memoryRxRepo, only, rxId, rxViews, rxVisit } from '../../../test/fakes-rx';
import type { AppEvents } from '../../platform/events';
import type { VisitQueue } from '../../platform/visit-queue';
import type { RosterPort } from '../clinic/roster.port';
import type { PrepayPort } from '../prepay/prepay.port';
import type { RxVisitRecord } from './rx.repo';
import { createRxReviewService, type RxQueueItem } from './rx-review.service';

const prescriberId = '6f1d2a40-0000-4000-8000-0000000000c1';
const patientId = '6f1d2a40-0000-4000-8000-0000000000a1';
const mupirocin = {
  medication: 'Mupirocin',
  strength: '2 %',
  quantity: 1,
  refills: 0,
  directions: 'Apply twice a day for 5 days',
  pharmacyNcpdpId: null,
};

function setup(options: { visits?: RxVisitRecord[]; role?: string; claimWins?: boolean } = {}) {
  const repo = memoryRxRepo({ visits: options.visits ?? [] });
  const audit = recordingAudit();
  const events = recordingEvents();
  const payments = fakePaymentsPort();
  const settled: string[] = [];
  const queue = only<VisitQueue<RxQueueItem>>({
    async claim(item, claimant, _states, at) {
      if (options.claimWins === false) return false;
      await repo.move(item.id, { status: 'waiting', version: item.version }, 'started', {
        prescriberId: claimant,
        claimedAt: at,
      });
      return true;
    },
  });
  const review = createRxReviewService({
    repo,
    views: rxViews,
    accounts: {
      role: async () => options.role ?? 'provider',
      person: async () => undefined,
      persons: async () => [],
      holderContact: async () => undefined,
    },
    roster: only<Pick<RosterPort, 'licenses' | 'licenceRecords'>>({ licenses: async () => ['FL'] }),
    queue,
    payments: payments.port,
    prepay: only<Pick<PrepayPort, 'settle'>>({
      settle: async (ref, outcome) => {
        settled.push(`${ref} ${outcome}`);
      },
    }),
    files: only({}, 'files'),
    pharmacy: only({}, 'pharmacy'),
    audit,
    events,
    ...fakeClock(),
  });
  const noticed = () =>
    events.emitted.flatMap((e) =>
      e.name === 'rx.prescribed' ? [(e.payload as AppEvents['rx.prescribed']).visit.id] : [],
    );
  return { review, repo, audit, events, payments, settled, noticed };
}

const paid = (overrides: Partial<RxVisitRecord> = {}) =>
  rxVisit({
    status: 'waiting',
    paidAt: new Date('2026-03-01T16:00:00.000Z'),
    ledgerId: rxId(),
    ...overrides,
  });

describe('the prescriber’s Rx review service', () => {
  it('answers only providers, and a visit outside their states as not found, audited as denied', async () => {
    const elsewhere = paid({ location: 'GA', status: 'started', prescriberId: rxId() });
    const { review, audit } = setup({ visits: [elsewhere] });
    await expect(
      setup({ role: 'patient' }).review.queue(fakeActor(prescriberId)),
    ).rejects.toMatchObject({ status: 403, code: 'PROVIDERS_ONLY' });
    await expect(review.claim(fakeActor(prescriberId), elsewhere.id)).rejects.toMatchObject({
      status: 404,
    });
    expect(audit.rows).toEqual([
      expect.objectContaining({ outcome: 'denied', action: 'rx.review.read' }),
    ]);
  });

  it('claims a waiting visit once: the claim is audited and the line told; a lost claim is 409', async () => {
    const visit = paid();
    const { review, audit, events } = setup({ visits: [visit] });
    const claimed = await review.claim(fakeActor(prescriberId), visit.id);
    expect(claimed).toMatchObject({ status: 'started', prescriberId });
    expect(audit.rows.map((r) => r.action)).toEqual(['rx.review.claim']);
    expect(events.emitted.map((e) => e.name)).toEqual(['rx.visitChanged', 'rx.queueChanged']);
    const lost = setup({ visits: [paid()], claimWins: false });
    await expect(
      lost.review.claim(fakeActor(prescriberId), lost.repo.db.visits[0]?.id ?? ''),
    ).rejects.toMatchObject({ status: 409, code: 'ALREADY_CLAIMED' });
  });

  it('asks the patient again only with a note, written as the prescriber’s message', async () => {
    const visit = paid({ status: 'started', prescriberId });
    const { review, repo, audit } = setup({ visits: [visit] });
    const ask = { status: 'exit' as const, version: visit.version, requestAttachment: true };
    await expect(
      review.changeStatus(fakeActor(prescriberId), visit.id, { ...ask, note: ' ' }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION' });
    const moved = await review.changeStatus(fakeActor(prescriberId), visit.id, {
      ...ask,
      note: 'A photo of the rash, please',
    });
    expect(moved.status).toBe('exit');
    expect(repo.db.visits[0]).toMatchObject({
      attachmentsPending: true,
      statusComment: 'A photo of the rash, please',
    });
    expect(repo.db.messages.map((m) => [m.fromRole, m.text])).toEqual([
      ['prescriber', 'A photo of the rash, please'],
    ]);
    expect(audit.rows.map((r) => [r.action, r.detail?.from, r.detail?.to])).toEqual([
      ['rx.review.status', 'started', 'exit'],
    ]);
  });

  it('refunds a prepaid visit as a denial and gives the card charge back once', async () => {
    const ledgerId = rxId();
    const visit = paid({ status: 'started', prescriberId, ledgerId, prepayRedemptionId: rxId() });
    const { review, settled, payments } = setup({ visits: [visit] });
    const moved = await review.changeStatus(fakeActor(prescriberId), visit.id, {
      status: 'refund',
      version: visit.version,
      note: '',
      requestAttachment: false,
    });
    expect(moved.status).toBe('refund');
    expect(settled).toEqual([`rx:${visit.id} denied`]);
    expect(payments.calls).toEqual([
      { op: 'refund', accountId: patientId, key: `refund:rx:${visit.id}`, chargeId: ledgerId },
    ]);
  });

  it('prescribes an approved visit at its version: lines written, the pharmacy told, the program settled', async () => {
    const pharmacyId = rxId();
    const visit = paid({ status: 'ended', prescriberId, pharmacyId, prepayRedemptionId: rxId() });
    const { review, repo, settled, noticed, audit } = setup({ visits: [visit] });
    await expect(
      review.prescribe(fakeActor(prescriberId), visit.id, {
        version: visit.version + 1,
        prescriptions: [mupirocin],
      }),
    ).rejects.toMatchObject({ status: 409, code: 'RX_STALE' });
    const done = await review.prescribe(fakeActor(prescriberId), visit.id, {
      version: visit.version,
      prescriptions: [mupirocin],
    });
    expect(done.status).toBe('rxed');
    expect(repo.db.visits[0]).toMatchObject({ pharmacyStatus: 'unclaimed', completed: true });
    expect(repo.db.prescriptions.map((p) => [p.medication, p.prescriberId])).toEqual([
      ['Mupirocin', prescriberId],
    ]);
    expect(settled).toEqual([`rx:${visit.id} claimedWithRx`]);
    expect(noticed()).toEqual([visit.id]);
    expect(audit.rows.map((r) => r.action)).toEqual(['rx.review.prescribe']);
  });

  it('refuses a prescription outside the treatment’s package, writing nothing, audited as denied', async () => {
    const visit = paid({ status: 'ended', prescriberId });
    const { review, repo, audit } = setup({ visits: [visit] });
    await expect(
      review.prescribe(fakeActor(prescriberId), visit.id, {
        version: visit.version,
        prescriptions: [{ ...mupirocin, medication: 'Oxycodone', strength: '10 mg' }],
      }),
    ).rejects.toMatchObject({ status: 400, code: 'PRESCRIPTION_REFUSED' });
    expect(repo.db.prescriptions).toEqual([]);
    expect(repo.db.visits[0]?.status).toBe('ended');
    expect(audit.rows.map((r) => [r.outcome, r.action])).toEqual([
      ['denied', 'rx.review.prescribe'],
    ]);
  });
});
