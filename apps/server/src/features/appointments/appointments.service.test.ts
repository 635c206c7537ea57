import { currentLegalVersions } from '@apothecall/domain/accounts/consents.rules';
import type { BookAppointmentRequest } from '@apothecall/domain/appointments/appointments.schemas';
import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, fakePaymentsPort, only, recordingAudit } from '../../../test/fakes';
import type { SendOptions } from '../../platform/jobs/jobs';
import type { PersonFacts } from '../accounts/accounts.port';
import type { AppointmentRecord, AppointmentsRepo, BlockRecord } from './appointments.repo';
import { createAppointmentsService } from './appointments.service';

const provider = '7a2e0c10-0000-4000-8000-000000000001';
const maria = '7a2e0c10-0000-4000-8000-000000000002';
const stranger = '7a2e0c10-0000-4000-8000-000000000003';
const blockId = '7a2e0c10-0000-4000-8000-0000000000b1';
const appointmentId = '7a2e0c10-0000-4000-8000-0000000000a1';

const current = Object.entries(currentLegalVersions).map(([document, version]) => ({
  document,
  version,
}));

/** Tomorrow (the clock starts 2026-03-02 15:00Z), 09:00 to 12:00 in New York, 30 minute slots. */
const block: BlockRecord = {
  id: blockId,
  providerId: provider,
  rrule: null,
  startDate: '2026-03-03',
  endDate: null,
  startTime: '09:00',
  endTime: '12:00',
  slotMinutes: 30,
  timeZone: 'America/New_York',
  states: ['FL'],
  minAge: 18,
  maxAge: 99,
  createdAt: new Date('2026-03-01T00:00:00.000Z'),
  removedAt: null,
};

function appointment(overrides: Partial<AppointmentRecord> = {}): AppointmentRecord {
  return {
    id: appointmentId,
    blockId,
    providerId: provider,
    accountId: maria,
    personId: maria,
    startAt: new Date('2026-03-03T14:00:00.000Z'),
    endAt: new Date('2026-03-03T14:30:00.000Z'),
    state: 'booked',
    location: 'FL',
    reason: 'fever',
    notes: '',
    pharmacy: null,
    timeZone: 'America/New_York',
    remindedDayAt: null,
    remindedSoonAt: null,
    visitId: null,
    createdAt: new Date('2026-03-02T12:00:00.000Z'),
    deletedAt: null,
    ...overrides,
  };
}

function setUp(repo: Partial<AppointmentsRepo>, options: { licensed?: string[] } = {}) {
  const clock = fakeClock();
  const audit = recordingAudit();
  const payments = fakePaymentsPort({ priceCents: 4900 });
  const sent: { name: string; payload: unknown; options?: SendOptions }[] = [];
  const visits: { idempotencyKey: string; ledgerId: string; priceCents: number }[] = [];
  const people = new Map<string, PersonFacts>([
    [
      maria,
      {
        id: maria,
        accountId: maria,
        firstName: 'Maria',
        lastName: 'Rivera',
        dob: '1988-04-12',
        gender: 'F',
        phone: null,
        consultLocation: 'FL',
      },
    ],
  ]);
  const service = createAppointmentsService({
    repo: only<AppointmentsRepo>(repo, 'appointments repo'),
    accounts: {
      role: async (id) => (id === provider ? 'provider' : 'patient'),
      person: async (id) => people.get(id),
      displayName: async (id) => (id === provider ? 'Samuel Okafor' : undefined),
      consents: async () => current,
    },
    roster: {
      licenses: async () => options.licensed ?? ['FL'],
      profile: async () => ({ suffix: 'MD', npi: '1234567893', credential: {} }),
    },
    payments: payments.port,
    care: {
      startScheduledVisit: async (input) => {
        visits.push(input);
        return { visitId: 'visit-1' } as PatientVisit;
      },
    },
    audit,
    windowMinutes: 10,
    jobs: {
      send: async (name, payload, options) => {
        sent.push({ name, payload, options });
        return `job-${sent.length}`;
      },
    },
    now: clock.now,
  });
  return { service, audit, payments, sent, visits, clock };
}

const booking: BookAppointmentRequest = {
  blockId,
  time: '2026-03-03T14:00:00.000Z',
  to: '2026-03-03T14:30:00.000Z',
  complaint: { reason: 'fever', notes: 'since Sunday' },
  pharmacy: null,
  provider: null,
  pt: maria,
};

describe('appointments service', () => {
  it('lets only a provider publish availability, and only in the states they are licensed in', async () => {
    const { service, audit } = setUp({}, { licensed: ['TX'] });
    const input = {
      startDate: '2026-03-03',
      endDate: null,
      weekdays: null,
      startTime: '09:00',
      endTime: '12:00',
      slotMinutes: 30 as const,
      timeZone: 'America/New_York',
      states: ['FL'],
      minAge: 18,
      maxAge: 99,
    };
    await expect(service.createBlock(fakeActor(maria), input)).rejects.toMatchObject({
      status: 403,
      code: 'PROVIDERS_ONLY',
    });
    await expect(service.createBlock(fakeActor(provider), input)).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION',
      params: { field: 'states' },
    });
    expect(audit.rows).toEqual([]);
  });

  it('refuses a block that overlaps a live one, naming the clash', async () => {
    const { service, audit } = setUp({
      insertBlock: async (_row, overlaps) => {
        expect(overlaps(block)).toBe(true);
        return { kind: 'overlapping', block };
      },
    });
    await expect(
      service.createBlock(fakeActor(provider), {
        startDate: '2026-03-03',
        endDate: null,
        weekdays: null,
        startTime: '10:00',
        endTime: '11:00',
        slotMinutes: 30,
        timeZone: 'America/New_York',
        states: ['FL'],
        minAge: 18,
        maxAge: 99,
      }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'AVAILABILITY_OVERLAPS',
      params: { date: '2026-03-03', from: '09:00', to: '12:00' },
    });
    expect(audit.rows).toEqual([]);
  });

  it('books a free slot: the reminders still to come are queued and the booking audited', async () => {
    const written: unknown[] = [];
    const { service, audit, sent } = setUp({
      block: async (id) => (id === blockId ? block : undefined),
      book: async (row) => {
        written.push(row);
        return { kind: 'booked', row: appointment() };
      },
    });
    const before = Date.now();
    const booked = await service.book(fakeActor(maria), booking);
    const after = Date.now();
    expect(booked).toMatchObject({
      appointmentId,
      providerName: 'Samuel Okafor, MD',
      patientName: 'Maria Rivera',
      concerns2: ['FL'],
    });
    expect(written).toEqual([
      expect.objectContaining({
        blockId,
        providerId: provider,
        personId: maria,
        startAt: new Date('2026-03-03T14:00:00.000Z'),
        location: 'FL',
        notes: 'since Sunday',
      }),
    ]);
    // Booked 23 hours ahead: the day-before reminder's moment has passed, only the 15-minute one
    // is queued, 22 h 45 min from now, once per appointment and kind.
    expect(sent).toEqual([
      {
        name: 'appointments.reminder',
        payload: { appointmentId, kind: 'soon' },
        options: {
          startAfter: expect.any(Date),
          idempotencyKey: `appointment:${appointmentId}:soon`,
        },
      },
    ]);
    const wait = 22 * 60 * 60_000 + 45 * 60_000;
    const startAfter = sent[0]?.options?.startAfter?.getTime() ?? 0;
    expect(startAfter).toBeGreaterThanOrEqual(before + wait);
    expect(startAfter).toBeLessThanOrEqual(after + wait);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'appointment.book',
        subject: { accountId: maria, personId: maria },
        detail: { appointmentId },
      }),
    ]);
  });

  it('refuses a slot the block does not offer, and one booked by someone else meanwhile', async () => {
    const { service, sent, audit } = setUp({
      block: async () => block,
      book: async () => ({ kind: 'taken' }),
    });
    await expect(
      service.book(fakeActor(maria), { ...booking, time: '2026-03-03T14:10:00.000Z' }),
    ).rejects.toMatchObject({ status: 400, code: 'APPOINTMENT_NOT_OFFERED' });
    await expect(service.book(fakeActor(maria), booking)).rejects.toMatchObject({
      status: 409,
      code: 'APPOINTMENT_TAKEN',
    });
    await expect(
      service.book(fakeActor(stranger), { ...booking, pt: maria }),
    ).rejects.toMatchObject({ status: 404 });
    expect(sent).toEqual([]);
    expect(audit.rows).toEqual([]);
  });

  it('tells the patient of a deletion only when this call deleted it', async () => {
    let removedOnce = false;
    const { service, sent, audit } = setUp({
      appointment: async () => appointment(),
      remove: async () => {
        if (removedOnce) return undefined;
        removedOnce = true;
        return appointment({ state: 'deleted' });
      },
      ofAccount: async () => [],
    });
    await service.remove(fakeActor(maria), appointmentId);
    await service.remove(fakeActor(maria), appointmentId);
    expect(sent).toEqual([
      {
        name: 'appointments.cancellation',
        payload: { appointmentId },
        options: { idempotencyKey: `appointment:${appointmentId}:cancel` },
      },
    ]);
    expect(audit.rows.map((r) => r.action)).toEqual(['appointment.delete', 'appointment.delete']);
  });

  it('starts only inside the window, then charges and opens the visit under the appointment key', async () => {
    const { service, clock, payments, visits, audit } = setUp({
      appointment: async () => appointment(),
      started: async () => true,
    });
    const input = {
      priceToken: 'price-1',
      subscriptionToken: null,
      payProfileID: null,
      idempotencyKey: 'k',
    };
    await expect(service.start(fakeActor(maria), appointmentId, input)).rejects.toMatchObject({
      status: 400,
      code: 'APPOINTMENT_TOO_EARLY',
      params: { minutes: 10 },
    });
    expect(payments.calls).toEqual([]);
    // 23 hours later: five minutes before the start.
    clock.advance(23 * 60 * 60_000 - 5 * 60_000);
    const visit = await service.start(fakeActor(maria), appointmentId, input);
    expect(visit.visitId).toBe('visit-1');
    expect(payments.calls).toEqual([
      { op: 'charge', accountId: maria, key: `appointment:${appointmentId}` },
    ]);
    expect(visits).toEqual([
      expect.objectContaining({ idempotencyKey: `appointment:${appointmentId}`, priceCents: 4900 }),
    ]);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'appointment.start',
        detail: { appointmentId, visitId: 'visit-1' },
      }),
    ]);
  });
});
