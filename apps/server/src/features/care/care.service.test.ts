import { currentLegalVersions } from '@apothecall/domain/accounts/consents.rules';
import { describe, expect, it } from 'vitest';
import {
  fakeActor,
  fakeClock,
  fakePaymentsPort,
  memoryCareRepo,
  recordingAudit,
  recordingEvents,
} from '../../../test/fakes';
import type { PersonFacts } from '../accounts/accounts.port';
import { createCareService, type StartVisitInput } from './care.service';

const maria = '6f1d2a40-0000-4000-8000-000000000001';
const leo = '6f1d2a40-0000-4000-8000-000000000002';
const stranger = '6f1d2a40-0000-4000-8000-000000000003';
const strangersChild = '6f1d2a40-0000-4000-8000-000000000004';

const current = Object.entries(currentLegalVersions).map(([document, version]) => ({
  document,
  version,
}));

/**
 * The patient side of on-demand care with fakes: one family (Maria and her son Leo, both
 * confirmed in FL), a stranger's family, a directory of one pharmacy, and the providers on duty
 * per state. Every `it` builds its own.
 */
function setUp(
  options: {
    onDuty?: Record<string, number>;
    consents?: { document: string; version: string }[];
    mariaLocation?: string | null;
    meetLinkFails?: boolean;
  } = {},
) {
  const clock = fakeClock();
  const care = memoryCareRepo({ now: clock.now });
  const payments = fakePaymentsPort({ priceCents: 4900 });
  const audit = recordingAudit();
  const events = recordingEvents();
  const person = (id: string, accountId: string, extra: Partial<PersonFacts>): PersonFacts => ({
    id,
    accountId,
    firstName: 'Maria',
    lastName: 'Rivera',
    dob: '1988-04-12',
    gender: 'F',
    phone: '305-555-0100',
    consultLocation: 'FL',
    ...extra,
  });
  const people = new Map<string, PersonFacts>([
    [
      maria,
      person(maria, maria, {
        consultLocation: options.mariaLocation === undefined ? 'FL' : options.mariaLocation,
      }),
    ],
    [leo, person(leo, maria, { firstName: 'Leo', dob: '2016-09-03', gender: 'M' })],
    [stranger, person(stranger, stranger, { firstName: 'Nora', lastName: 'Quinn' })],
    [strangersChild, person(strangersChild, stranger, { firstName: 'Ada', lastName: 'Quinn' })],
  ]);
  const onDuty: Record<string, number> = { FL: 1, TX: 1, ...options.onDuty };
  const meetLinks: string[] = [];
  const directory: Record<string, Record<string, unknown>> = {
    '1023456': { ncpdpId: '1023456', name: 'Bayfront Drugs', city: 'Miami', state: 'FL' },
  };
  const service = createCareService({
    repo: care.repo,
    accounts: {
      person: async (id) => people.get(id),
      consents: async (accountId) => (accountId === maria ? (options.consents ?? current) : []),
      displayName: async (id) => (id === 'provider-1' ? 'Samuel Okafor' : undefined),
    },
    roster: {
      onDutyCount: async (state) => onDuty[state] ?? 0,
      profile: async (id) =>
        id === 'provider-1' ? { suffix: 'MD', npi: '1234567893', credential: {} } : undefined,
    },
    brands: {
      careSettings: async () => ({
        availableStates: ['FL', 'TX'],
        asyncStates: [],
        hours: { open: '08:00', close: '20:00', timeZone: 'America/New_York' },
      }),
    },
    payments: payments.port,
    audit,
    pharmacyById: async (id) => directory[id],
    events,
    sendMeetLink: async (visit) => {
      if (options.meetLinkFails) throw new Error('SMS carrier down');
      meetLinks.push(visit.id);
    },
    onError: () => {},
    now: clock.now,
  });
  return { service, care, payments, audit, events, clock, onDuty, meetLinks };
}

function startInput(overrides: Partial<StartVisitInput> = {}): StartVisitInput {
  return {
    patientID: maria,
    complaint: { reason: 'soreThroat', notes: 'Two days' },
    pharmacy: null,
    states: ['FL'],
    priceToken: 'signed-price-token',
    subscriptionToken: null,
    payProfileID: 'pp_1',
    visitScreenResult: { passed: true, answers: { allergies: ['penicillin'] } },
    idempotencyKey: 'visit-key-1',
    ...overrides,
  };
}

describe('care.service start', () => {
  it('answers a retried start with the same visit and charges once, under the visit’s key', async () => {
    const { service, care, payments } = setUp();
    const first = await service.start(fakeActor(maria), startInput());
    const again = await service.start(fakeActor(maria), startInput());
    expect(again.visitId).toBe(first.visitId);
    expect(care.visits).toHaveLength(1);
    expect(payments.charges()).toHaveLength(1);
    expect(payments.calls.map((c) => c.key)).toEqual(['visit:visit-key-1']);
    expect(care.visits[0]?.ledgerId).toBe(payments.charges()[0]?.id);
  });

  it('makes two concurrent starts with one key one visit and one charge', async () => {
    const { service, care, payments } = setUp();
    const [a, b] = await Promise.all([
      service.start(fakeActor(maria), startInput()),
      service.start(fakeActor(maria), startInput()),
    ]);
    expect(a.visitId).toBe(b.visitId);
    expect(care.visits).toHaveLength(1);
    // Both may reach the payments port, but under the same key: one charge.
    expect(new Set(payments.calls.map((c) => c.key))).toEqual(new Set(['visit:visit-key-1']));
    expect(payments.charges()).toHaveLength(1);
  });

  it('queues the visit with its place and wait, audits it and tells the line', async () => {
    const { service, events, audit, clock } = setUp({ onDuty: { FL: 1 } });
    const visit = await service.start(fakeActor(maria), startInput());
    expect(visit).toMatchObject({ state: 'waiting', place: 1, waitTime: 5, reason: 'soreThroat' });
    clock.advance(60_000);
    const second = await service.start(
      fakeActor(maria),
      startInput({ patientID: leo, idempotencyKey: 'visit-key-2' }),
    );
    expect(second).toMatchObject({ place: 2 });
    expect(events.emitted).toEqual([
      { name: 'care.queueChanged', payload: { state: 'FL' } },
      { name: 'care.queueChanged', payload: { state: 'FL' } },
    ]);
    expect(audit.rows.filter((r) => r.action === 'visit.start')).toHaveLength(2);
  });

  it('answers not found for a person of another account, and charges nothing', async () => {
    const { service, payments, care } = setUp();
    for (const patientID of [strangersChild, stranger, crypto.randomUUID(), 'not-a-uuid']) {
      await expect(
        service.start(fakeActor(maria), startInput({ patientID })),
      ).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
    expect(payments.calls).toEqual([]);
    expect(care.visits).toEqual([]);
  });

  it('refuses a start until the current consents are accepted', async () => {
    const outdated = current.map((c) => ({ ...c, version: '2020-01-01' }));
    for (const consents of [[], outdated, current.slice(0, 1)]) {
      const { service, payments } = setUp({ consents });
      await expect(service.start(fakeActor(maria), startInput())).rejects.toMatchObject({
        status: 403,
        code: 'CONSENTS_REQUIRED',
      });
      expect(payments.calls).toEqual([]);
    }
  });

  it('evaluates the screening itself: a client’s passed=true with failing answers is refused', async () => {
    const { service, payments, care } = setUp();
    const lying = startInput({
      visitScreenResult: { passed: true, answers: { emergencySigns: ['troubleBreathing'] } },
    });
    await expect(service.start(fakeActor(maria), lying)).rejects.toMatchObject({
      status: 400,
      code: 'SCREENING_FAILED',
      extra: { reason: 'care.screening.emergency' },
    });
    const crisis = startInput({
      visitScreenResult: { passed: true, answers: { vitals: { bloodPressure: '190/125' } } },
    });
    await expect(service.start(fakeActor(maria), crisis)).rejects.toMatchObject({
      code: 'SCREENING_FAILED',
      extra: { reason: 'care.screening.bloodPressureCrisis' },
    });
    await expect(
      service.start(fakeActor(maria), startInput({ visitScreenResult: { passed: true } })),
    ).rejects.toMatchObject({ code: 'SCREENING_FAILED' });
    expect(payments.calls).toEqual([]);

    // A client's passed=false with harmless answers is not trusted either way; the stored
    // screening carries the server's own alarms.
    await service.start(
      fakeActor(maria),
      startInput({
        visitScreenResult: { passed: false, answers: { vitals: { bloodPressure: '150/95' } } },
      }),
    );
    expect(care.visits[0]?.screening).toMatchObject({
      passed: true,
      alarms: ['highBloodPressure'],
    });
  });

  it('refuses a state the patient did not confirm being in', async () => {
    for (const mariaLocation of ['TX', null]) {
      const { service, payments } = setUp({ mariaLocation });
      await expect(service.start(fakeActor(maria), startInput())).rejects.toMatchObject({
        status: 400,
        code: 'LOCATION_NOT_CONFIRMED',
      });
      expect(payments.calls).toEqual([]);
    }
  });

  it('refuses a state where on-demand care is not offered', async () => {
    const { service } = setUp({ mariaLocation: 'NY' });
    await expect(
      service.start(fakeActor(maria), startInput({ states: ['NY'] })),
    ).rejects.toMatchObject({
      status: 400,
      code: 'SERVICE_UNAVAILABLE',
      params: { state: 'NY' },
    });
  });

  it('refuses with NO_PROVIDER_ON_DUTY when nobody is on duty there, and charges nothing', async () => {
    const { service, payments, care, events } = setUp({ onDuty: { FL: 0 } });
    await expect(service.start(fakeActor(maria), startInput())).rejects.toMatchObject({
      status: 409,
      code: 'NO_PROVIDER_ON_DUTY',
    });
    expect(payments.calls).toEqual([]);
    expect(care.visits).toEqual([]);
    expect(events.emitted).toEqual([]);
  });

  it('keeps the directory’s record of the chosen pharmacy, and refuses an unknown one', async () => {
    const { service, care, payments } = setUp();
    await service.start(
      fakeActor(maria),
      startInput({
        pharmacy: { id: '1023456', name: 'Cheap Pills', address: '', phone: '', fax: '000' },
      }),
    );
    expect(care.visits[0]?.pharmacy).toEqual({
      ncpdpId: '1023456',
      name: 'Bayfront Drugs',
      city: 'Miami',
      state: 'FL',
    });
    await expect(
      service.start(
        fakeActor(maria),
        startInput({
          pharmacy: { id: '9999999', name: 'Nowhere', address: '', phone: '', fax: '' },
          idempotencyKey: 'visit-key-2',
        }),
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION', params: { field: 'pharmacy' } });
    expect(payments.charges()).toHaveLength(1);
  });

  it('answers a start without a price token as payments answers a stale one: with the price to pay', async () => {
    const { service, payments, care } = setUp();
    await expect(
      service.start(fakeActor(maria), startInput({ priceToken: null })),
    ).rejects.toMatchObject({
      status: 400,
      code: 'PRICE_TOKEN_STALE',
      extra: { defaultPrice: 4900, defaultPriceToken: expect.stringMatching(/\S/) },
    });
    expect(payments.charges()).toEqual([]);
    expect(care.visits).toEqual([]);
  });
});

describe('care.service cancel', () => {
  it('refunds once with the visit’s key and tells the line and the patient', async () => {
    const { service, payments, events, audit } = setUp();
    const started = await service.start(fakeActor(maria), startInput());
    const charge = payments.charges()[0];
    events.emitted.length = 0;

    const cancelled = await service.cancel(fakeActor(maria), started.visitId);
    expect(cancelled).toMatchObject({ visitId: started.visitId, state: 'cancelled', place: null });
    expect(payments.calls.filter((c) => c.op === 'refund')).toEqual([
      {
        op: 'refund',
        accountId: maria,
        key: `refund:visit:${started.visitId}`,
        chargeId: charge?.id,
      },
    ]);
    expect(events.emitted).toEqual([
      { name: 'care.queueChanged', payload: { state: 'FL' } },
      {
        name: 'care.visitChanged',
        payload: { visit: expect.objectContaining({ id: started.visitId, state: 'cancelled' }) },
      },
    ]);

    // Cancelling again answers the same; the refund's key keeps it one refund, and nothing is
    // audited or announced twice.
    expect((await service.cancel(fakeActor(maria), started.visitId)).state).toBe('cancelled');
    expect(events.emitted).toHaveLength(2);
    expect(audit.rows.filter((r) => r.action === 'visit.cancel')).toHaveLength(1);
    const refundKeys = payments.calls.filter((c) => c.op === 'refund').map((c) => c.key);
    expect(new Set(refundKeys)).toEqual(new Set([`refund:visit:${started.visitId}`]));
    expect(payments.refunds()).toHaveLength(1);
  });

  it('pays a refund that failed when the patient cancels again', async () => {
    const { service, payments, care, audit, events } = setUp();
    const started = await service.start(fakeActor(maria), startInput());
    events.emitted.length = 0;
    payments.failRefunds(true);
    await expect(service.cancel(fakeActor(maria), started.visitId)).rejects.toThrow();
    expect(care.visits[0]?.state).toBe('cancelled');
    // The cancel stands, audited and announced, though its refund is still owed.
    expect(audit.rows.filter((r) => r.action === 'visit.cancel')).toHaveLength(1);
    expect(events.emitted.map((e) => e.name)).toEqual(['care.queueChanged', 'care.visitChanged']);
    expect(payments.refunds()).toHaveLength(0);
    payments.failRefunds(false);
    expect((await service.cancel(fakeActor(maria), started.visitId)).state).toBe('cancelled');
    expect(payments.refunds()).toHaveLength(1);
  });

  it('answers not found for another account’s visit, and 409 for a visit already claimed', async () => {
    const { service, payments, care } = setUp();
    const started = await service.start(fakeActor(maria), startInput());
    await expect(service.cancel(fakeActor(stranger), started.visitId)).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.cancel(fakeActor(maria), 'not-a-uuid')).rejects.toMatchObject({
      status: 404,
    });
    await care.repo.claim(started.visitId, 'provider-1', ['FL'], new Date());
    await expect(service.cancel(fakeActor(maria), started.visitId)).rejects.toMatchObject({
      status: 409,
      code: 'VISIT_NOT_WAITING',
    });
    expect(payments.calls.filter((c) => c.op === 'refund')).toEqual([]);
    // The patient sees who took it, with their credential, as the note prints it.
    expect((await service.active(fakeActor(maria)))[0]).toMatchObject({
      state: 'inProgress',
      providerName: 'Samuel Okafor, MD',
    });
  });
});

describe('care.service startScheduledVisit', () => {
  const input = {
    accountId: maria,
    personId: leo,
    providerId: 'provider-1',
    idempotencyKey: 'appointment:apt-1',
    location: 'FL',
    reason: 'soreThroat',
    notes: '',
    pharmacy: null,
    ledgerId: 'charge-1',
    priceCents: 4900,
  };

  it('opens the visit claimed by its provider once per key, texting the link and telling the line the first time only', async () => {
    const { service, care, events, meetLinks } = setUp();
    const first = await service.startScheduledVisit(input);
    const again = await service.startScheduledVisit(input);
    expect(again.visitId).toBe(first.visitId);
    expect(care.visits).toHaveLength(1);
    expect(first).toMatchObject({ state: 'inProgress', providerName: 'Samuel Okafor, MD' });
    expect(meetLinks).toEqual([first.visitId]);
    expect(events.emitted.map((e) => e.name)).toEqual(['care.queueChanged', 'care.visitChanged']);
  });

  it('still opens the visit when the meet link cannot be sent', async () => {
    const { service, care, events } = setUp({ meetLinkFails: true });
    const started = await service.startScheduledVisit(input);
    expect(care.visits.map((v) => v.id)).toEqual([started.visitId]);
    expect(events.emitted).toHaveLength(2);
  });
});
