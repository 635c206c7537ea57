/**
 * Scheduled appointments (spec sections 3, 4, 7, 8 and 9): one contract for server
 * and web. Providers publish availability blocks (a weekly RRULE or one date, with local times in
 * the provider's zone, ages and states); patients see the free slots of a day (their own zone),
 * book one (exactly one of two racing patients wins), list and delete their appointments, and
 * start one inside the window (pay, then the same video room as on-demand care).
 */
import { z } from 'zod';
import { patientVisitSchema } from '../care/visits.api';
import { idSchema, isoDateSchema, usStateSchema } from '../common/common.schemas';
import { isTimeZone } from '../dates/zones.rules';
import {
  appointmentOfferSchema,
  appointmentStartRequestSchema,
  scheduledAppointmentSchema,
} from './appointments.schemas';
import { weekdayCodes } from './availability.rules';

const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected HH:mm');
const ageSchema = z.number().int().min(0).max(110);
export const slotMinuteChoices = [15, 20, 30, 45, 60] as const;
/** How far ahead a weekly block without an end is offered, and a date may be asked for. */
export const bookingHorizonDays = 90;

/** POST /clinic/availability: a block the provider publishes. */
export const availabilityBlockInputSchema = z
  .object({
    /** Weekdays of a weekly block; null or empty for one date. */
    weekdays: z.array(z.enum(weekdayCodes)).max(7).nullable().default(null),
    startDate: isoDateSchema,
    endDate: isoDateSchema.nullable().default(null),
    startTime: timeOfDaySchema,
    endTime: timeOfDaySchema,
    slotMinutes: z.union(slotMinuteChoices.map((m) => z.literal(m))),
    timeZone: z.string().trim().min(1).max(64).refine(isTimeZone, 'Unknown time zone'),
    states: z.array(usStateSchema).min(1).max(60),
    minAge: ageSchema.default(4),
    maxAge: ageSchema.default(110),
  })
  .refine((b) => b.endTime > b.startTime, { message: 'End after start', path: ['endTime'] })
  .refine((b) => b.minAge <= b.maxAge, { message: 'minAge above maxAge', path: ['maxAge'] })
  .refine((b) => b.endDate === null || b.endDate >= b.startDate, {
    message: 'End date before start date',
    path: ['endDate'],
  });
export type AvailabilityBlockInput = z.input<typeof availabilityBlockInputSchema>;

export const availabilityBlockViewSchema = z.object({
  id: idSchema,
  /** 'FREQ=WEEKLY;BYDAY=MO,WE' for a weekly block; null for one date. */
  rrule: z.string().nullable(),
  weekdays: z.array(z.enum(weekdayCodes)).nullable(),
  startDate: isoDateSchema,
  endDate: isoDateSchema.nullable(),
  startTime: z.string(),
  endTime: z.string(),
  slotMinutes: z.number().int(),
  timeZone: z.string(),
  states: z.array(usStateSchema),
  minAge: ageSchema,
  maxAge: ageSchema,
  /** Booked appointments still ahead. */
  booked: z.number().int().nonnegative(),
});
export type AvailabilityBlockView = z.infer<typeof availabilityBlockViewSchema>;

export const availabilityResponseSchema = z.object({
  error: z.literal(false),
  blocks: z.array(availabilityBlockViewSchema),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

export const availabilityBlockResponseSchema = z.object({
  error: z.literal(false),
  block: availabilityBlockViewSchema,
});

/** GET /appointmentsGET?date=&state=&pt=: the free slots of the patient's day. */
export const appointmentsQuerySchema = z.object({
  date: isoDateSchema,
  state: usStateSchema,
  /** The family member (default the holder): the offer follows their age. */
  pt: idSchema.optional(),
});
export type AppointmentsQuery = z.input<typeof appointmentsQuerySchema>;

export const appointmentOffersResponseSchema = z.object({
  error: z.literal(false),
  offers: z.array(appointmentOfferSchema),
  /** Minutes either side of the time in which the appointment is started and paid. */
  windowMinutes: z.number().int().positive(),
});
export type AppointmentOffersResponse = z.infer<typeof appointmentOffersResponseSchema>;

/** POST /appointments answer: the appointment and the window ('Appointment Created'). */
export const appointmentCreatedResponseSchema = z.object({
  error: z.literal(false),
  appointment: scheduledAppointmentSchema,
  windowMinutes: z.number().int().positive(),
});
export type AppointmentCreatedResponse = z.infer<typeof appointmentCreatedResponseSchema>;

/** GET /appointments-scheduled and DELETE /appointments-scheduled/{id}. */
export const scheduledAppointmentsResponseSchema = z.object({
  error: z.literal(false),
  appointments: z.array(scheduledAppointmentSchema),
  windowMinutes: z.number().int().positive(),
});
export type ScheduledAppointmentsResponse = z.infer<typeof scheduledAppointmentsResponseSchema>;

/** POST /appointments-start/{id}: the payment, once per key. */
export const appointmentStartBodySchema = appointmentStartRequestSchema.extend({
  idempotencyKey: z.string().trim().min(8).max(100),
});
export type AppointmentStartBody = z.input<typeof appointmentStartBodySchema>;

/** The started visit, as /visit-start/ answers it (the waiting room and call follow). */
export const appointmentStartResponseSchema = z.object({
  error: z.literal(false),
  visit: patientVisitSchema,
});
