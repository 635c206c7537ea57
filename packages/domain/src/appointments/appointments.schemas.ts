/**
 * Appointment offers, scheduled appointments and booking (spec sections 3 "Appointments and
 * visits", 4 "Appointment", 7 POST /appointments and /appointments-start/{id}).
 *
 * Every schema here accepts its own output, so the server can parse what it reads, send the
 * result, and the web client can parse it again with the same schema.
 */
import { z } from 'zod';
import { complaintSchema, pharmacyChoiceSchema, visitPaymentSchema } from '../care/care.schemas';
import {
  assetRefSchema,
  idSchema,
  isoDateTimeSchema,
  labelSchema,
  usStateSchema,
} from '../common/common.schemas';

/**
 * A bookable slot. The wire name is `availabiityBlockId` (sic, spec spelling); the correctly
 * spelled `availabilityBlockId` is accepted too, and the output carries both with the same
 * value. Given both with different values, parsing fails. `to` must be after `from`.
 */
export const appointmentSlotSchema = z
  .object({
    availabiityBlockId: idSchema.optional(),
    availabilityBlockId: idSchema.optional(),
    from: isoDateTimeSchema,
    to: isoDateTimeSchema,
  })
  .superRefine((slot, ctx) => {
    const { availabiityBlockId: sic, availabilityBlockId: fixed } = slot;
    if (sic === undefined && fixed === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Required', path: ['availabiityBlockId'] });
    } else if (sic !== undefined && fixed !== undefined && sic !== fixed) {
      ctx.addIssue({
        code: 'custom',
        message: 'availabiityBlockId and availabilityBlockId differ',
        path: ['availabilityBlockId'],
      });
    }
    if (Date.parse(slot.to) <= Date.parse(slot.from)) {
      ctx.addIssue({ code: 'custom', message: 'to must be after from', path: ['to'] });
    }
  })
  .transform((slot) => {
    // superRefine above guarantees one of the two is present.
    const blockId = (slot.availabilityBlockId ?? slot.availabiityBlockId) as string;
    return {
      availabiityBlockId: blockId,
      availabilityBlockId: blockId,
      from: slot.from,
      to: slot.to,
    };
  });
export type AppointmentSlotInput = z.input<typeof appointmentSlotSchema>;
export type AppointmentSlot = z.infer<typeof appointmentSlotSchema>;

const ageSchema = z.number().int().min(0).max(110);

/** A provider's offer of appointment slots, for patients within an age range and states. */
export const appointmentOfferSchema = z.object({
  /** The provider's user id. */
  userId: idSchema,
  personId: idSchema,
  profilePhoto: assetRefSchema.nullable().default(null),
  name: labelSchema,
  ages: z
    .object({ minAge: ageSchema, maxAge: ageSchema })
    .refine((a) => a.minAge <= a.maxAge, { message: 'minAge above maxAge', path: ['maxAge'] }),
  states: z.array(usStateSchema).default([]),
  slots: z.array(appointmentSlotSchema).default([]),
});
export type AppointmentOfferInput = z.input<typeof appointmentOfferSchema>;
export type AppointmentOffer = z.infer<typeof appointmentOfferSchema>;

/**
 * concerns2: a JSON string holding a list of states ('["FL","TX"]'), parsed to the list. An
 * already-parsed list is accepted as well; '' and null mean no states.
 */
export const concernsStatesSchema = z
  .union([z.string(), z.array(z.unknown()), z.null()])
  .transform((value, ctx): unknown => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return [];
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Expected a JSON list of states' });
      return z.NEVER;
    }
  })
  .pipe(z.array(usStateSchema));

/** A booked appointment. */
export const scheduledAppointmentSchema = z.object({
  appointmentId: idSchema,
  patientId: idSchema,
  startTime: isoDateTimeSchema,
  providerId: idSchema,
  providerName: z.string().trim().max(200),
  providerPhotoUrl: assetRefSchema.nullable().default(null),
  patientName: z.string().trim().max(200),
  /** The patient's stated concern, free text. */
  concerns1: z.string().max(2000).default(''),
  concerns2: concernsStatesSchema.default([]),
  blockId: idSchema,
});
export type ScheduledAppointmentInput = z.input<typeof scheduledAppointmentSchema>;
export type ScheduledAppointment = z.infer<typeof scheduledAppointmentSchema>;

/**
 * POST /appointments: book a slot. time/to: the chosen start and end; provider null = any
 * provider of the block; pt: the patient (the user or a dependent).
 */
export const bookAppointmentRequestSchema = z
  .object({
    blockId: idSchema,
    time: isoDateTimeSchema,
    to: isoDateTimeSchema,
    complaint: complaintSchema,
    pharmacy: pharmacyChoiceSchema.nullable().default(null),
    provider: idSchema.nullable().default(null),
    pt: idSchema,
  })
  .refine((r) => Date.parse(r.to) > Date.parse(r.time), {
    message: 'to must be after time',
    path: ['to'],
  });
export type BookAppointmentRequest = z.infer<typeof bookAppointmentRequestSchema>;

/** POST /appointments-start/{id}: the payment part shared with /visit-start/. */
export const appointmentStartRequestSchema = visitPaymentSchema;
export type AppointmentStartRequest = z.infer<typeof appointmentStartRequestSchema>;
