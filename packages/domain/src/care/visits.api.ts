import { z } from 'zod';
import { visitStartRequestSchema } from './care.schemas';
import { visitStates } from './visits.rules';

/** POST /visit-start/: the spec's payload plus the client's idempotency key (one visit, one charge). */
export const startVisitRequestSchema = visitStartRequestSchema.extend({
  idempotencyKey: z.string().trim().min(8).max(100),
});
export type StartVisitRequest = z.input<typeof startVisitRequestSchema>;

/** A visit as its patient sees it in the waiting room (spec: active visit fields). */
export const patientVisitSchema = z.object({
  visitId: z.string(),
  patientId: z.string(),
  state: z.enum(visitStates),
  reason: z.string(),
  startTime: z.string(),
  /** 1 is next; null once claimed. */
  place: z.number().int().positive().nullable(),
  /** Minutes; null when no provider is on duty. */
  waitTime: z.number().int().nonnegative().nullable(),
  /** startTime + waitTime, or null. */
  dueTime: z.string().nullable(),
  providerName: z.string().nullable(),
});
export type PatientVisit = z.infer<typeof patientVisitSchema>;

export const patientVisitResponseSchema = z.object({
  error: z.literal(false),
  visit: patientVisitSchema,
});
export const activeVisitsResponseSchema = z.object({
  error: z.literal(false),
  visits: z.array(patientVisitSchema),
});

/** A waiting visit as a provider's queue shows it. */
export const queueEntrySchema = z.object({
  visitId: z.string(),
  state: z.string(),
  waitingSince: z.string(),
  patientName: z.string(),
  age: z.number().int().nonnegative(),
  gender: z.string(),
  location: z.string(),
  reason: z.string(),
  alarms: z.array(z.string()),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;
export const queueResponseSchema = z.object({
  error: z.literal(false),
  onDuty: z.boolean(),
  visits: z.array(queueEntrySchema),
});

export const dutyRequestSchema = z.object({ onDuty: z.boolean() });

export const pharmacySchema = z.object({
  ncpdpId: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  fax: z.string(),
});
export const pharmaciesResponseSchema = z.object({
  error: z.literal(false),
  pharmacies: z.array(pharmacySchema),
});

/** Real-time events of the waiting room and the clinic queue. */
export const careEvents = {
  /** Server -> patient: a visit of theirs changed (place, wait, claimed, ended). */
  visitUpdate: 'visitUpdate',
  /** Server -> providers on duty in a state: the queue changed; fetch it again. */
  queueChanged: 'queueChanged',
} as const;
