import { describe, expect, it } from 'vitest';
import { issuePaths } from '../validation/schema-issues';
import {
  appointmentOfferSchema,
  appointmentSlotSchema,
  appointmentStartRequestSchema,
  bookAppointmentRequestSchema,
  scheduledAppointmentSchema,
} from './appointments.schemas';

const A = '3f1c2b9e-8a4d-4c6e-9b2a-1d5e7f9a0b1c';
const B = '7a9e4c2d-1b3f-4e5a-8c6d-9f0a1b2c3d4e';
const C = 'c2d4e6f8-0a1b-4c3d-8e5f-6a7b8c9d0e1f';
const D = 'e1f2a3b4-c5d6-4e7f-a8b9-c0d1e2f3a4b5';

const slot = { availabiityBlockId: A, from: '2024-05-01T14:00:00Z', to: '2024-05-01T14:15:00Z' };

describe('appointment slot', () => {
  it('accepts the spec spelling availabiityBlockId and adds availabilityBlockId', () => {
    expect(appointmentSlotSchema.parse(slot)).toEqual({ ...slot, availabilityBlockId: A });
  });

  it('accepts the correct spelling alone, and its own output again', () => {
    const { availabiityBlockId: _sic, ...rest } = slot;
    const once = appointmentSlotSchema.parse({ ...rest, availabilityBlockId: A });
    expect(once.availabiityBlockId).toBe(A);
    expect(appointmentSlotSchema.parse(once)).toEqual(once);
  });

  it('needs a block id, refuses two different ones, and needs to after from', () => {
    expect(issuePaths(appointmentSlotSchema, { from: slot.from, to: slot.to })).toEqual([
      'availabiityBlockId',
    ]);
    expect(issuePaths(appointmentSlotSchema, { ...slot, availabilityBlockId: B })).toEqual([
      'availabilityBlockId',
    ]);
    expect(issuePaths(appointmentSlotSchema, { ...slot, to: slot.from })).toEqual(['to']);
  });
});

describe('appointment offer', () => {
  const offer = {
    userId: A,
    personId: B,
    name: 'Dr. Rosa Diaz',
    ages: { minAge: 18, maxAge: 110 },
    states: ['FL', 'TX'],
    slots: [slot],
  };

  it('parses an offer; photo defaults to none', () => {
    const parsed = appointmentOfferSchema.parse(offer);
    expect(parsed.profilePhoto).toBeNull();
    expect(parsed.slots[0]?.availabilityBlockId).toBe(A);
  });

  it('reports bad ages, states and slots on their paths', () => {
    expect(
      issuePaths(appointmentOfferSchema, { ...offer, ages: { minAge: 40, maxAge: 18 } }),
    ).toEqual(['ages.maxAge']);
    expect(issuePaths(appointmentOfferSchema, { ...offer, states: ['FL', 'texas'] })).toEqual([
      'states.1',
    ]);
    expect(
      issuePaths(appointmentOfferSchema, { ...offer, slots: [slot, { ...slot, to: 'x' }] }),
    ).toEqual(['slots.1.to']);
  });
});

describe('scheduled appointment', () => {
  const appt = {
    appointmentId: A,
    patientId: B,
    startTime: '2024-05-01T14:00:00Z',
    providerId: C,
    providerName: 'Dr. Rosa Diaz',
    patientName: 'Ann Lee',
    concerns1: 'Rash',
    concerns2: '["FL","TX"]',
    blockId: D,
  };

  it('parses concerns2 from a JSON string to a list of states', () => {
    const parsed = scheduledAppointmentSchema.parse(appt);
    expect(parsed.concerns2).toEqual(['FL', 'TX']);
    expect(scheduledAppointmentSchema.parse(parsed)).toEqual(parsed);
  });

  it('treats an empty or missing concerns2 as no states', () => {
    expect(scheduledAppointmentSchema.parse({ ...appt, concerns2: '' }).concerns2).toEqual([]);
    expect(scheduledAppointmentSchema.parse({ ...appt, concerns2: null }).concerns2).toEqual([]);
    const { concerns2: _c, ...withoutConcerns } = appt;
    expect(scheduledAppointmentSchema.parse(withoutConcerns).concerns2).toEqual([]);
  });

  it('rejects concerns2 that is not JSON or not a list of states', () => {
    expect(issuePaths(scheduledAppointmentSchema, { ...appt, concerns2: '[FL' })).toEqual([
      'concerns2',
    ]);
    expect(issuePaths(scheduledAppointmentSchema, { ...appt, concerns2: '{"a":1}' })).toEqual([
      'concerns2',
    ]);
    expect(issuePaths(scheduledAppointmentSchema, { ...appt, concerns2: '["FL","tx"]' })).toEqual([
      'concerns2.1',
    ]);
  });
});

describe('booking and starting', () => {
  const book = {
    blockId: A,
    time: '2024-05-01T14:00:00Z',
    to: '2024-05-01T14:15:00Z',
    complaint: { reason: 'fever' },
    pt: B,
  };

  it('books with defaults: any provider, no pharmacy, empty notes', () => {
    expect(bookAppointmentRequestSchema.parse(book)).toEqual({
      ...book,
      complaint: { reason: 'fever', notes: '' },
      pharmacy: null,
      provider: null,
    });
  });

  it('names what is wrong', () => {
    expect(
      issuePaths(bookAppointmentRequestSchema, { ...book, complaint: { reason: '' }, pt: 'me' }),
    ).toEqual(['complaint.reason', 'pt']);
    expect(issuePaths(bookAppointmentRequestSchema, { ...book, to: book.time })).toEqual(['to']);
  });

  it('starting an appointment takes only payment fields, null when unused', () => {
    expect(appointmentStartRequestSchema.parse({ priceToken: 'tok' })).toEqual({
      profileID: null,
      signature: null,
      payProfileID: null,
      priceToken: 'tok',
      subscriptionToken: null,
      pricingChoice: null,
      visitScreenResult: null,
    });
  });
});
