import { careReasonIds } from '@apothecall/domain/care/care-reasons';
import { visitScreenResultSchema } from '@apothecall/domain/care/screening.evaluate';
import { pharmacySchema } from '@apothecall/domain/care/visits.api';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { appStoragePrefix } from '../../../lib/session-store';

/**
 * The Get Care wizard's draft (spec section 3, "Get-care draft": complaint, pharmacy,
 * consentGiven, phoneConfirmed, plus who, where and the screening form). It lives in this tab's
 * sessionStorage so a reload, or a trip to /coupon and back, does not lose the patient's
 * answers; the app prefix makes logout forget it, and a started visit clears it.
 */
export const getCareSteps = [
  'patient',
  'reason',
  'location',
  'screening',
  'consent',
  'pharmacy',
  'payment',
] as const;
export type GetCareStep = (typeof getCareSteps)[number];

const yesNo = z.enum(['', 'yes', 'no']);
export type YesNo = z.infer<typeof yesNo>;

/** The screening form as typed (strings); get-care-screening turns it into the answers. */
const screeningFormSchema = z.object({
  emergencySigns: z.array(z.string()),
  emergencyNone: z.boolean(),
  bloodPressure: z.string(),
  weight: z.string(),
  weightUnit: z.enum(['lbs', 'kg']),
  height: z.string(),
  heightUnit: z.enum(['in', 'cm']),
  waist: z.string(),
  waistUnit: z.enum(['in', 'cm']),
  allergies: z.string(),
  medications: z.string(),
  medicalProblems: z.array(z.string()),
  medicalNone: z.boolean(),
  edRequested: yesNo,
  edNitrates: yesNo,
  ldnRequested: yesNo,
  ldnConditions: z.array(z.string()),
  ldnNone: z.boolean(),
  ldnOpioids: yesNo,
  bcRequested: yesNo,
  bcSmoker: yesNo,
  bcPregnant: yesNo,
});
export type ScreeningForm = z.infer<typeof screeningFormSchema>;

const draftSchema = z.object({
  step: z.enum(getCareSteps),
  patientId: z.string().nullable(),
  reason: z.enum(careReasonIds).nullable(),
  notes: z.string().max(2000),
  /** The confirmed state, once care is offered and open there. */
  state: z.string().nullable(),
  screening: screeningFormSchema,
  /** Set when the screening passed; sent as visitScreenResult (the server re-evaluates). */
  screenResult: visitScreenResultSchema.nullable(),
  consentGiven: z.boolean(),
  phoneConfirmed: z.boolean(),
  pharmacy: pharmacySchema.nullable(),
  /** One checkout attempt's key, kept across retries of that attempt (one visit, one charge). */
  idempotencyKey: z.string().min(8),
});
export type GetCareDraft = z.infer<typeof draftSchema>;

const storageKey = `${appStoragePrefix}care.getCareDraft`;

/**
 * A random UUID (v4). crypto.randomUUID needs a secure context; the app may be opened over
 * plain http on a local network, so getRandomValues is the fallback.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const emptyScreeningForm: ScreeningForm = {
  emergencySigns: [],
  emergencyNone: false,
  bloodPressure: '',
  weight: '',
  weightUnit: 'lbs',
  height: '',
  heightUnit: 'in',
  waist: '',
  waistUnit: 'in',
  allergies: '',
  medications: '',
  medicalProblems: [],
  medicalNone: false,
  edRequested: '',
  edNitrates: '',
  ldnRequested: '',
  ldnConditions: [],
  ldnNone: false,
  ldnOpioids: '',
  bcRequested: '',
  bcSmoker: '',
  bcPregnant: '',
};

function emptyDraft(patientId: string | null): GetCareDraft {
  return {
    step: 'patient',
    patientId,
    reason: null,
    notes: '',
    state: null,
    screening: emptyScreeningForm,
    screenResult: null,
    consentGiven: false,
    phoneConfirmed: false,
    pharmacy: null,
    idempotencyKey: newIdempotencyKey(),
  };
}

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function readDraft(familyIds: readonly string[]): GetCareDraft | null {
  try {
    const raw = storage()?.getItem(storageKey);
    if (!raw) return null;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    // A draft for someone no longer in this family (another login in this tab) is dropped.
    if (parsed.data.patientId && !familyIds.includes(parsed.data.patientId)) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

function writeDraft(draft: GetCareDraft | null): void {
  try {
    if (draft) storage()?.setItem(storageKey, JSON.stringify(draft));
    else storage()?.removeItem(storageKey);
  } catch {
    // Storage unavailable (private mode): the draft lives in memory for this page.
  }
}

export interface GetCareDraftApi {
  draft: GetCareDraft;
  update: (patch: Partial<GetCareDraft>) => void;
  /** Starts over (a new attempt, a new idempotency key). */
  reset: () => void;
  /** Forgets the draft (the visit started). */
  clear: () => void;
}

export function useGetCareDraft(
  defaultPatientId: string,
  familyIds: readonly string[],
): GetCareDraftApi {
  const [draft, setDraft] = useState<GetCareDraft>(
    () => readDraft(familyIds) ?? emptyDraft(defaultPatientId),
  );
  const [cleared, setCleared] = useState(false);

  useEffect(() => {
    if (!cleared) writeDraft(draft);
  }, [draft, cleared]);

  const update = useCallback((patch: Partial<GetCareDraft>) => {
    setCleared(false);
    setDraft((current) => ({ ...current, ...patch }));
  }, []);
  const reset = useCallback(() => {
    setCleared(false);
    setDraft(emptyDraft(defaultPatientId));
  }, [defaultPatientId]);
  const clear = useCallback(() => {
    setCleared(true);
    writeDraft(null);
  }, []);

  return { draft, update, reset, clear };
}
