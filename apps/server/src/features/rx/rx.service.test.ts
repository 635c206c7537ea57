import { describe, expect, it } from 'vitest';
import {
  fakeActor,
  fakeClock,
  fakePaymentsPort,
  recordingAudit,
  recordingEvents,
} from '../../../test/fakes';
import { memoryRxRepo, only, rxId, rxOwner, rxViews, rxVisit } from '../../../test/fakes-rx';
import { acuteAnswers } from '../../../test/rx-fixtures';
import type { PersonFacts } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import type { CarePort } from '../care/care.port';
import type { FilesPort } from '../files/files.port';
import type { PrepayPort } from '../prepay/prepay.port';
import type { RxVisitRecord } from './rx.repo';
import { createRxService } from './rx.service';

const stranger = '6f1d2a40-0000-4000-8000-0000000000b2';

function person(overrides: Partial<PersonFacts> = {}): PersonFacts {
  return {
    id: rxOwner,
    accountId: rxOwner,
    firstName: 'Ana',
    lastName: 'Diaz',
    dob: '1990-04-02',
    gender: 'F',
    phone: null,
    consultLocation: 'FL',
    ...overrides,
  };
}

function setup(options: { visits?: RxVisitRecord[]; person?: Partial<PersonFacts> } = {}) {
  const repo = memoryRxRepo({ visits: options.visits ?? [] });
  const audit = recordingAudit();
  const events = recordingEvents();
  const payments = fakePaymentsPort();
  const settled: string[] = [];
  const rx = createRxService({
    repo,
    views: rxViews,
    care: only<CarePort>({ hadVideoVisit: async () => false }, 'care'),
    accounts: {
      person: async (id) => (id === rxOwner ? person(options.person) : undefined),
      family: async () => [person(options.person)],
      loginId: async () => 'ana@example.com',
    },
    brands: only<Pick<BrandsPort, 'careSettings'>>({
      careSettings: async () =>
        ({ asyncStates: ['FL'] }) as unknown as Awaited<ReturnType<BrandsPort['careSettings']>>,
    }),
    payments: payments.port,
    files: only<Pick<FilesPort, 'upload' | 'open' | 'openFor'>>({}, 'files'),
    pharmacy: {
      routeFor: async () => ({ pharmacyId: null, linkId: null }),
      resolveLink: async () => undefined,
    },
    prepay: only<Pick<PrepayPort, 'quote' | 'redeem' | 'settle'>>({
      settle: async (ref, outcome) => {
        settled.push(`${ref} ${outcome}`);
      },
    }),
    assessments: only({}, 'assessments'),
    audit,
    events,
    ...fakeClock(),
  });
  return { rx, repo, audit, events, payments, settled };
}

const submission = (overrides: Record<string, unknown> = {}) => ({
  patientID: rxOwner,
  productId: 'acute',
  answers: acuteAnswers,
  consents: [],
  state: 'fl',
  idempotencyKey: 'submit-key-1',
  ...overrides,
});

describe('the patient’s Rx service', () => {
  it('makes one visit waiting for payment per key, audited once', async () => {
    const { rx, repo, audit } = setup();
    const first = await rx.submitEvaluation(fakeActor(rxOwner), submission());
    const again = await rx.submitEvaluation(fakeActor(rxOwner), submission());
    expect(again.id).toBe(first.id);
    expect(repo.db.visits).toHaveLength(1);
    expect(repo.db.visits[0]).toMatchObject({
      status: 'pendingMedPayment',
      location: 'FL',
      idPending: true,
    });
    expect(audit.rows.map((r) => r.action)).toEqual(['rx.evaluation.submit']);
  });

  it('refuses, writing nothing, a person of another account, an unknown treatment and an unconfirmed state', async () => {
    const { rx, repo } = setup({ person: { consultLocation: 'GA' } });
    await expect(
      rx.submitEvaluation(fakeActor(rxOwner), submission({ patientID: stranger })),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      rx.submitEvaluation(fakeActor(rxOwner), submission({ productId: 'nothing' })),
    ).rejects.toMatchObject({ status: 400, code: 'RX_PRODUCT_UNKNOWN' });
    await expect(rx.submitEvaluation(fakeActor(rxOwner), submission())).rejects.toMatchObject({
      status: 400,
      code: 'LOCATION_NOT_CONFIRMED',
    });
    expect(repo.db.visits).toEqual([]);
  });

  it('refuses a new visit while another waits for an upload', async () => {
    const { rx } = setup({ visits: [rxVisit({ status: 'waiting', idPending: true })] });
    await expect(rx.submitEvaluation(fakeActor(rxOwner), submission())).rejects.toMatchObject({
      status: 409,
      code: 'RX_UPLOADS_PENDING',
    });
  });

  it('charges a visit once by its key, puts it in the line and tells the prescribers', async () => {
    const visit = rxVisit();
    const { rx, repo, audit, events, payments } = setup({ visits: [visit] });
    const pay = {
      visitId: visit.id,
      priceToken: 'token',
      payProfileID: null,
      idempotencyKey: 'pay-key-1',
    };
    const paid = await rx.pay(fakeActor(rxOwner), pay);
    await rx.pay(fakeActor(rxOwner), pay);
    expect(paid.status).toBe('waiting');
    expect(payments.calls.filter((c) => c.op === 'charge').map((c) => c.key)).toEqual([
      `rx:${visit.id}`,
    ]);
    expect(repo.db.visits[0]?.ledgerId).not.toBeNull();
    expect(audit.rows.map((r) => r.action)).toEqual(['rx.visit.pay']);
    expect(events.emitted.map((e) => e.name)).toEqual(['rx.visitChanged', 'rx.queueChanged']);
  });

  it('cancels an unpaid visit, refunds a paid one not yet claimed, and refuses one under review', async () => {
    const unpaid = rxVisit();
    const paid = rxVisit({ status: 'waiting', ledgerId: rxId(), paidAt: new Date() });
    const started = rxVisit({ status: 'started', paidAt: new Date() });
    const { rx, audit, payments } = setup({ visits: [unpaid, paid, started] });
    expect((await rx.cancel(fakeActor(rxOwner), unpaid.id)).status).toBe('cancel');
    expect((await rx.cancel(fakeActor(rxOwner), paid.id)).status).toBe('refund');
    await expect(rx.cancel(fakeActor(rxOwner), started.id)).rejects.toMatchObject({
      status: 409,
      code: 'RX_NOT_CANCELLABLE',
    });
    expect(payments.calls.filter((c) => c.op === 'refund').map((c) => c.key)).toEqual([
      `refund:rx:${paid.id}`,
    ]);
    expect(audit.rows.map((r) => [r.action, r.detail?.refunded])).toEqual([
      ['rx.visit.cancel', false],
      ['rx.visit.cancel', true],
    ]);
  });

  it('answers 404 for another account’s visit, audited as denied', async () => {
    const theirs = rxVisit({ accountId: stranger, personId: stranger });
    const { rx, audit } = setup({ visits: [theirs] });
    await expect(rx.messages(fakeActor(rxOwner), theirs.id)).rejects.toMatchObject({ status: 404 });
    expect(audit.rows).toEqual([
      expect.objectContaining({ outcome: 'denied', action: 'rx.visit.read', subject: null }),
    ]);
  });

  it('returns a visit asked again to its review when the patient answers without an upload', async () => {
    const asked = rxVisit({ status: 'exit', paidAt: new Date(), prescriberId: stranger });
    const { rx, repo, events } = setup({ visits: [asked] });
    await expect(rx.sendMessage(fakeActor(rxOwner), asked.id, '  ')).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION',
    });
    const messages = await rx.sendMessage(fakeActor(rxOwner), asked.id, 'Here is my answer');
    expect(messages).toHaveLength(1);
    expect(repo.db.visits[0]?.status).toBe('started');
    expect(events.emitted.map((e) => e.name)).toEqual(['rx.messageSent', 'rx.visitChanged']);
    expect(events.emitted[0]?.payload).toEqual({ visitId: asked.id, to: stranger });
  });
});
