import type { VisitOutcome } from '@apothecall/domain/care/visits.api';
import { describe, expect, it } from 'vitest';
import {
  fakeActor,
  fakeClock,
  fakePaymentsPort,
  memoryCareRepo,
  recordingAudit,
  recordingEvents,
} from '../../../test/fakes';
import { createVisitQueue } from '../../platform/visit-queue';
import type { PersonFacts } from '../accounts/accounts.port';
import type { ProviderProfile } from '../clinic/roster.port';
import type { VisitNoteDraft } from '../notes/notes.port';
import type { VisitRecord } from './care.repo';
import { createClinicService } from './clinic.service';
import type { VisitRecordsRepo } from './visit-records.repo';

const maria = '7a2e3b50-0000-4000-8000-000000000001';
const samuel = '7a2e3b50-0000-4000-8000-000000000010'; // provider, FL and TX
const grace = '7a2e3b50-0000-4000-8000-000000000011'; // provider, FL only
const newcomer = '7a2e3b50-0000-4000-8000-000000000012'; // provider, FL, no credentials yet

type PharmacyRow = NonNullable<Awaited<ReturnType<VisitRecordsRepo['pharmacy']>>>;

const complete: ProviderProfile = {
  suffix: 'MD',
  npi: '1234567893',
  credential: {
    address: { name: 'Apothecall Clinic', line1: '1 Main St', phone: '305-555-0199' },
    npi: '1234567893',
  },
};

const note = {
  subjective: 'Sore throat for two days',
  objective: 'Tonsillar exudate on video',
  assessment: 'Strep pharyngitis, likely',
  plan: 'Amoxicillin; fluids; return if worse',
};

/**
 * The provider console with fakes: three providers (Samuel in FL and TX, Grace in FL, a newcomer
 * in FL without credentials), Maria as the patient, the visits table in memory behind the real
 * visit-queue claim, a notes writer and a payments port that refunds once per key. `log` records
 * the order of the writes that matter (the visit's end, the refund).
 */
function setUp() {
  const clock = fakeClock();
  const log: string[] = [];
  const care = memoryCareRepo({ now: clock.now });
  const payments = fakePaymentsPort({ log });
  const audit = recordingAudit();
  const events = recordingEvents();
  const roles: Record<string, string> = {
    [maria]: 'patient',
    [samuel]: 'provider',
    [grace]: 'provider',
    [newcomer]: 'provider',
  };
  const names: Record<string, string> = {
    [samuel]: 'Samuel Okafor',
    [grace]: 'Grace Lin',
    [newcomer]: 'Nia Newcomer',
  };
  const licenses: Record<string, string[]> = {
    [samuel]: ['FL', 'TX'],
    [grace]: ['FL'],
    [newcomer]: ['FL'],
  };
  const duty = new Map<string, boolean>();
  const profiles: Record<string, ProviderProfile> = { [samuel]: complete, [grace]: complete };
  const people = new Map<string, PersonFacts>(
    [maria, samuel].map((id) => [
      id,
      {
        id,
        accountId: id,
        firstName: id === maria ? 'Maria' : 'Samuel',
        lastName: id === maria ? 'Rivera' : 'Okafor',
        dob: '1988-04-12',
        gender: id === maria ? 'F' : 'M',
        phone: '305-555-0100',
        consultLocation: 'FL',
      },
    ]),
  );
  const directory: Record<string, PharmacyRow> = {
    '1023456': {
      ncpdpId: '1023456',
      name: 'Bayfront Drugs',
      address: '10 Bay St',
      city: 'Miami',
      state: 'FL',
      zip: '33132',
      phone: '305-555-0120',
      fax: '305-555-0121',
      acceptsErx: true,
    },
  };
  const notes: (VisitNoteDraft & { id: string })[] = [];
  const prescriptions: { visitId: string; medication: string }[] = [];
  const unused = async (): Promise<never> => {
    throw new Error('not used by the clinic service');
  };
  const records: VisitRecordsRepo = {
    insertMessage: unused,
    markReceived: unused,
    messages: unused,
    insertMeetLink: unused,
    useMeetLink: unused,
    meetSession: unused,
    certificateByVerificationId: unused,
    certificate: unused,
    revokeMeetFor: unused,
    pharmacy: async (id) => directory[id],
    // One transaction in the real repo: the conditional move, the note, the prescription.
    async endVisit(writeNote, input) {
      const visit = care.visits.find(
        (v) =>
          v.id === input.visitId && v.state === 'inProgress' && v.providerId === input.providerId,
      );
      if (!visit) return { visit: null, noteId: null };
      visit.state = input.toState;
      visit.outcome = input.outcome;
      visit.endedAt = input.at;
      visit.version += 1;
      log.push(`endVisit ${input.outcome}`);
      const noteId = input.note
        ? await writeNote({} as never, {
            ...input.note,
            visitId: input.visitId,
            providerId: input.providerId,
            at: input.at,
          })
        : null;
      if (input.prescription) {
        prescriptions.push({ visitId: input.visitId, medication: input.prescription.medication });
      }
      return { visit: { ...visit }, noteId };
    },
  };
  const queue = createVisitQueue<VisitRecord>({
    store: {
      waiting: (states) => care.repo.waitingIn(states),
      claim: (id, providerId, states, at) => care.repo.claim(id, providerId, states, at),
      claimants: async () => [],
      onDuty: async () => 1,
    },
    push: () => undefined,
    events: { lineChanged: 'line', waiterUpdate: 'waiter' },
    waiter: (visit) => ({ accountId: visit.accountId, payload: {} }),
  });
  const service = createClinicService({
    repo: care.repo,
    records,
    accounts: {
      person: async (id) => people.get(id),
      persons: async (ids) => ids.flatMap((id) => people.get(id) ?? []),
      role: async (id) => roles[id],
      displayName: async (id) => names[id],
    },
    roster: {
      licenses: async (id) => [...(licenses[id] ?? [])],
      licenceRecords: async (id) =>
        (licenses[id] ?? []).map((state) => ({
          state,
          number: '',
          expiresOn: null,
          inForce: true,
        })),
      setDuty: async (id, onDuty) => {
        duty.set(id, onDuty);
      },
      standing: async (id) => ({
        states: [...(licenses[id] ?? [])],
        onDuty: duty.get(id) ?? false,
      }),
      profile: async (id) => profiles[id],
    },
    notes: {
      writeVisitNote: async (_tx, draft) => {
        const id = crypto.randomUUID();
        notes.push({ ...draft, id });
        return id;
      },
    },
    queue,
    payments: payments.port,
    audit,
    events,
    now: clock.now,
  });
  /** A waiting visit of Maria's in a state. */
  const waiting = (location = 'FL', extra: Partial<VisitRecord> = {}) =>
    care.seed({ accountId: maria, personId: maria, location, ...extra });
  /** A visit Samuel (or another provider) has claimed. */
  const inProgress = (providerId = samuel, extra: Partial<VisitRecord> = {}) =>
    waiting('FL', { state: 'inProgress', providerId, claimedAt: clock.now(), ...extra });
  return {
    service,
    clock,
    care,
    payments,
    audit,
    events,
    log,
    notes,
    prescriptions,
    licenses,
    duty,
    waiting,
    inProgress,
  };
}

const as = (accountId: string) => fakeActor(accountId);
const end = (outcome: VisitOutcome, extra: Record<string, unknown> = {}) => ({
  outcome,
  ...extra,
});

describe('clinic.service: who may work the queue', () => {
  it('answers PROVIDERS_ONLY to anyone who is not a provider, whatever they ask', async () => {
    const { service, waiting, inProgress, care } = setUp();
    const visit = waiting();
    const mine = inProgress(maria);
    const refused = { status: 403, code: 'PROVIDERS_ONLY' };
    await expect(service.queue(as(maria))).rejects.toMatchObject(refused);
    await expect(service.setDuty(as(maria), true)).rejects.toMatchObject(refused);
    await expect(service.claim(as(maria), visit.id)).rejects.toMatchObject(refused);
    await expect(service.workspace(as(maria), mine.id)).rejects.toMatchObject(refused);
    await expect(service.end(as(maria), mine.id, end('completed', { note }))).rejects.toMatchObject(
      refused,
    );
    expect(care.visits.map((v) => v.state)).toEqual(['waiting', 'inProgress']);
  });

  it('lists waiting visits from the provider’s licensed states only, and audits the read', async () => {
    const { service, waiting, inProgress, audit, clock } = setUp();
    const fl = waiting('FL', {
      screening: { passed: true, answers: { vitals: { bloodPressure: '150/95' } } },
    });
    clock.advance(60_000);
    const tx = waiting('TX');
    const mine = inProgress(grace);
    const graces = await service.queue(as(grace));
    expect(graces.visits.map((v) => v.visitId)).toEqual([fl.id]);
    expect(graces.visits[0]).toMatchObject({
      patientName: 'Maria Rivera',
      location: 'FL',
      alarms: ['highBloodPressure'],
    });
    expect(graces.mine.map((v) => v.visitId)).toEqual([mine.id]);
    expect((await service.queue(as(samuel))).visits.map((v) => v.visitId)).toEqual([fl.id, tx.id]);
    expect(audit.rows.filter((r) => r.action === 'clinic.queue.read')).toHaveLength(2);
  });

  it('tells every licensed state’s line when a provider goes on or off duty', async () => {
    const { service, events, duty } = setUp();
    expect(await service.setDuty(as(samuel), true)).toBe(true);
    expect(duty.get(samuel)).toBe(true);
    expect(events.emitted).toEqual([
      { name: 'care.queueChanged', payload: { state: 'FL' } },
      { name: 'care.queueChanged', payload: { state: 'TX' } },
    ]);
  });
});

describe('clinic.service claim', () => {
  it('answers not found for a visit from a state the provider is not licensed in', async () => {
    const { service, waiting, care, events } = setUp();
    const tx = waiting('TX');
    await expect(service.claim(as(grace), tx.id)).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    await expect(service.claim(as(grace), crypto.randomUUID())).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.claim(as(grace), 'not-a-uuid')).rejects.toMatchObject({ status: 404 });
    expect(care.visits[0]).toMatchObject({ state: 'waiting', providerId: null });
    expect(events.emitted).toEqual([]);
  });

  it('refuses a provider their own family’s visit with OWN_VISIT', async () => {
    const { service, care } = setUp();
    const own = care.seed({ accountId: samuel, personId: samuel, location: 'FL' });
    await expect(service.claim(as(samuel), own.id)).rejects.toMatchObject({
      status: 403,
      code: 'OWN_VISIT',
    });
    expect(care.visits[0]?.state).toBe('waiting');
  });

  it('lets exactly one of two concurrent claims win; the other is told it was taken', async () => {
    const { service, waiting, care, audit, events } = setUp();
    const visit = waiting('FL');
    const results = await Promise.allSettled([
      service.claim(as(samuel), visit.id),
      service.claim(as(grace), visit.id),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]?.reason).toMatchObject({ status: 409, code: 'ALREADY_CLAIMED' });
    const winner = won[0]?.status === 'fulfilled' ? won[0].value.providerId : null;
    expect([samuel, grace]).toContain(winner);
    expect(care.visits[0]).toMatchObject({ state: 'inProgress', providerId: winner });
    const claims = audit.rows.filter((r) => r.action === 'clinic.claim');
    expect(claims.map((r) => r.outcome).sort()).toEqual(['denied', 'success']);
    expect(claims.find((r) => r.outcome === 'success')?.actorAccountId).toBe(winner);
    // The line and the patient are told once, and the claim (the meet link's cue) once, for
    // the winner, at the claimed visit's version.
    const snapshot = {
      id: visit.id,
      accountId: visit.accountId,
      version: 1,
      state: 'inProgress',
      location: 'FL',
      providerId: winner,
    };
    expect(events.emitted).toEqual([
      { name: 'care.queueChanged', payload: { state: 'FL' } },
      { name: 'care.visitChanged', payload: { visit: snapshot } },
      { name: 'care.visitClaimed', payload: { visit: snapshot } },
    ]);
  });
});

describe('clinic.service workspace', () => {
  it('shows a visit to its provider only, and only while licensed in its state', async () => {
    const { service, inProgress, audit, licenses } = setUp();
    const visit = inProgress(samuel, { pharmacy: { id: '1023456', name: 'Bayfront Drugs' } });
    expect(await service.workspace(as(samuel), visit.id)).toMatchObject({
      visitId: visit.id,
      patient: { firstName: 'Maria', lastName: 'Rivera' },
      pharmacy: { ncpdpId: '1023456', name: 'Bayfront Drugs' },
    });
    await expect(service.workspace(as(grace), visit.id)).rejects.toMatchObject({ status: 404 });
    licenses[samuel] = ['TX'];
    await expect(service.workspace(as(samuel), visit.id)).rejects.toMatchObject({ status: 404 });
    expect(
      audit.rows.filter((r) => r.action === 'clinic.visit.read').map((r) => r.outcome),
    ).toEqual(['success', 'denied', 'denied']);
  });
});

describe('clinic.service end', () => {
  it('answers NOTE_REQUIRED to a completed visit without assessment and plan, and ends nothing', async () => {
    const { service, inProgress, care, notes, events } = setUp();
    const visit = inProgress();
    for (const partial of [null, { ...note, assessment: '' }, { ...note, plan: '  ' }]) {
      await expect(
        service.end(as(samuel), visit.id, end('completed', { note: partial })),
      ).rejects.toMatchObject({ status: 400, code: 'NOTE_REQUIRED' });
    }
    expect(care.visits[0]?.state).toBe('inProgress');
    expect(notes).toEqual([]);
    expect(events.emitted).toEqual([]);
  });

  it('refuses a controlled substance and stores nothing', async () => {
    const { service, inProgress, care, notes, prescriptions } = setUp();
    const visit = inProgress();
    const oxycodone = {
      medication: 'Oxycodone',
      strength: '5 mg',
      quantity: 10,
      refills: 0,
      directions: 'One tablet every 6 hours',
    };
    await expect(
      service.end(as(samuel), visit.id, end('completed', { note, prescription: oxycodone })),
    ).rejects.toMatchObject({
      status: 400,
      code: 'PRESCRIPTION_REFUSED',
      messageKey: 'medications.controlled',
    });
    expect(care.visits[0]?.state).toBe('inProgress');
    expect(notes).toEqual([]);
    expect(prescriptions).toEqual([]);
  });

  it('needs a complete provider profile to write a note; a no-show needs none', async () => {
    const { service, inProgress, care, payments } = setUp();
    const visit = inProgress(newcomer);
    for (const body of [end('completed', { note }), end('refund', { note })]) {
      await expect(service.end(as(newcomer), visit.id, body)).rejects.toMatchObject({
        status: 409,
        code: 'PROVIDER_PROFILE_INCOMPLETE',
      });
    }
    expect(care.visits[0]?.state).toBe('inProgress');
    expect(payments.calls).toEqual([]);
    expect(await service.end(as(newcomer), visit.id, end('noShow'))).toEqual({
      visitId: visit.id,
      state: 'noShow',
      noteId: null,
    });
  });

  it('completes with the note and prescription, audits it and tells the patient', async () => {
    const { service, inProgress, notes, prescriptions, events, audit, payments } = setUp();
    const visit = inProgress(samuel, { pharmacy: { ncpdpId: '1023456', name: 'Bayfront Drugs' } });
    const ended = await service.end(
      as(samuel),
      visit.id,
      end('completed', {
        note,
        prescription: {
          medication: 'Amoxicillin',
          strength: '500 mg',
          quantity: 20,
          refills: 0,
          directions: 'One capsule twice a day for 10 days',
          pharmacyNcpdpId: '1023456',
        },
      }),
    );
    expect(ended).toEqual({ visitId: visit.id, state: 'completed', noteId: notes[0]?.id });
    expect(notes[0]).toMatchObject({
      accountId: maria,
      personId: maria,
      providerName: 'Samuel Okafor, MD',
      providerCredential: { npi: '1234567893' },
    });
    expect(notes[0]?.body).toContain('Amoxicillin 500 mg, quantity 20, refills 0');
    expect(notes[0]?.body).toContain('Bayfront Drugs');
    expect(prescriptions).toEqual([{ visitId: visit.id, medication: 'Amoxicillin' }]);
    expect(events.emitted).toEqual([
      {
        name: 'care.visitChanged',
        payload: {
          visit: expect.objectContaining({ id: visit.id, state: 'completed', version: 1 }),
        },
      },
    ]);
    expect(audit.rows.find((r) => r.action === 'clinic.visit.end')?.detail).toMatchObject({
      outcome: 'completed',
      prescription: true,
    });
    expect(payments.calls).toEqual([]);
    // Ending again is refused.
    await expect(service.end(as(samuel), visit.id, end('noShow'))).rejects.toMatchObject({
      status: 409,
      code: 'VISIT_NOT_IN_PROGRESS',
    });
  });

  it('refunds after the outcome is stored, once, under the visit’s key', async () => {
    const { service, inProgress, payments, log, events } = setUp();
    const visit = inProgress();
    const body = end('refund', { note: { assessment: 'Needs an in-person eye exam' } });
    expect(await service.end(as(samuel), visit.id, body)).toMatchObject({ state: 'refunded' });
    expect(log).toEqual(['endVisit refund', `refund refund:visit:${visit.id}`]);
    expect(payments.calls.filter((c) => c.op === 'refund')).toEqual([
      { op: 'refund', accountId: maria, key: `refund:visit:${visit.id}`, chargeId: visit.ledgerId },
    ]);
    expect(events.emitted).toEqual([
      {
        name: 'care.visitChanged',
        payload: {
          visit: expect.objectContaining({ id: visit.id, state: 'refunded', version: 1 }),
        },
      },
    ]);
    // Asking again answers the same and keeps it one refund; a different outcome is refused.
    expect(await service.end(as(samuel), visit.id, body)).toMatchObject({ state: 'refunded' });
    await expect(
      service.end(as(samuel), visit.id, end('completed', { note })),
    ).rejects.toMatchObject({ status: 409 });
    expect(payments.refunds()).toHaveLength(1);
    expect(new Set(payments.calls.map((c) => c.key))).toEqual(
      new Set([`refund:visit:${visit.id}`]),
    );
  });

  it('pays a refund that failed when the provider asks again', async () => {
    const { service, inProgress, payments, care, audit, events } = setUp();
    const visit = inProgress();
    const body = end('refund', { note: { assessment: 'Needs an in-person exam' } });
    payments.failRefunds(true);
    await expect(service.end(as(samuel), visit.id, body)).rejects.toThrow('gateway unavailable');
    expect(care.visits[0]?.state).toBe('refunded');
    // The end happened even though the refund did not (yet): audited, and the patient told.
    expect(audit.rows.filter((r) => r.action === 'clinic.visit.end')).toEqual([
      expect.objectContaining({
        outcome: 'success',
        detail: expect.objectContaining({ outcome: 'refund' }),
      }),
    ]);
    expect(events.emitted).toEqual([
      {
        name: 'care.visitChanged',
        payload: {
          visit: expect.objectContaining({ id: visit.id, state: 'refunded', version: 1 }),
        },
      },
    ]);
    payments.failRefunds(false);
    expect(await service.end(as(samuel), visit.id, body)).toMatchObject({ state: 'refunded' });
    expect(payments.refunds()).toHaveLength(1);
  });

  it('does not refund a visit another request already ended', async () => {
    const { service, inProgress, care, payments } = setUp();
    const visit = inProgress();
    // Read as in progress, then ended meanwhile (a concurrent "completed"): the conditional end
    // fails, and nothing is refunded.
    const read = care.repo.visit;
    care.repo.visit = async (id) => {
      const found = await read(id);
      const stored = care.visits.find((v) => v.id === id);
      if (stored) stored.state = 'completed';
      return found;
    };
    await expect(
      service.end(as(samuel), visit.id, end('refund', { note: { assessment: 'x' } })),
    ).rejects.toMatchObject({ status: 409, code: 'VISIT_NOT_IN_PROGRESS' });
    expect(payments.calls).toEqual([]);
  });

  it('answers not found to a provider who did not claim the visit', async () => {
    const { service, inProgress, care, audit } = setUp();
    const visit = inProgress(samuel);
    await expect(
      service.end(as(grace), visit.id, end('completed', { note })),
    ).rejects.toMatchObject({ status: 404 });
    // Whatever the body: another provider's visit is not found before the body is judged.
    await expect(service.end(as(grace), visit.id, { outcome: 'nonsense' })).rejects.toMatchObject({
      status: 404,
    });
    expect(care.visits[0]?.state).toBe('inProgress');
    expect(audit.rows.at(-1)).toMatchObject({ action: 'clinic.visit.read', outcome: 'denied' });
  });
});
