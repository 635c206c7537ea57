import { z } from 'zod';
import { cacheBustQuerySchema } from '../common/common.api';

/**
 * The consult-location calls (spec section 7: /consult/location, /consult/asyncLocation,
 * PUT /consult/location, /consult/credentials, /consult/hours?state=).
 */
/** GET /consult/location?ptId=: a family member (the account holder when left out). */
export const consultLocationQuerySchema = cacheBustQuerySchema.extend({
  ptId: z.string().max(64).optional(),
});

export const consultLocationResponseSchema = z.object({
  error: z.literal(false),
  /** The confirmed state of the current profile ('I am in'), or null. */
  state: z.string().nullable(),
  validAsyncState: z.boolean(),
  /** States where on-demand care is offered. */
  states: z.array(z.string()),
});

export const asyncLocationResponseSchema = z.object({
  error: z.literal(false),
  states: z.array(z.string()),
});

export const setConsultLocationRequestSchema = z.object({
  ptId: z.string().max(64).optional(),
  state: z.string().trim().toUpperCase().length(2, 'validation.address.stateInvalid'),
  validAsyncState: z.boolean().optional(),
  asyncLogin: z.boolean().optional(),
  asyncProductInfo: z.record(z.string(), z.unknown()).optional(),
});

export const setConsultLocationResponseSchema = z.object({
  error: z.literal(false),
  state: z.string(),
  /** Whether on-demand care is offered there now; when not, `reason` says why (translated). */
  available: z.boolean(),
  reason: z.string().nullable(),
});

export const credentialsResponseSchema = z.object({
  error: z.literal(false),
  role: z.string(),
  organizationType: z.string().nullable(),
  from: z.string().nullable(),
  permissions: z.array(z.string()),
});

export const hoursQuerySchema = z.object({ state: z.string().trim().toUpperCase().length(2) });
export const hoursResponseSchema = z.object({
  error: z.literal(false),
  start: z.string(),
  end: z.string(),
  next: z.string().nullable(),
  available: z.boolean(),
  nextAvailableStr: z.string(),
});
