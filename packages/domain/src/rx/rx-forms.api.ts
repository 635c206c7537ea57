/**
 * Form signing on an Rx visit (spec section 7, "Rx visit endpoints: ... form signing").
 * The pharmacy that claimed the visit asks its patient to sign a form of the catalogue
 * (rx-forms.rules.ts); the patient (the account holder, for a dependent too) reads it on the
 * visit and signs with their full name and a checkbox; the signed form is a PDF in the
 * patient's documents and a download for the pharmacy. Anyone else's visit or form is 404.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/common.schemas';
import type { MessageKey } from '../i18n/catalog';
import { maxDesigneeName, rxFormById, rxFormIds } from './rx-forms.rules';

const key = (k: MessageKey) => ({ error: k });

export const rxFormIdSchema = z.enum(rxFormIds, key('rxForms.field.form'));

/** POST /pharmacy/rx/{id}/forms: the form, and the designee when the form names one. */
export const rxFormRequestInputSchema = z
  .object({
    formId: rxFormIdSchema,
    designeeName: z
      .string(key('rxForms.field.designee'))
      .trim()
      .max(maxDesigneeName, key('rxForms.field.designee'))
      .regex(/^[\p{L}\p{M} .'-]*$/u, key('rxForms.field.designee'))
      .default(''),
  })
  .superRefine((value, ctx) => {
    const form = rxFormById(value.formId);
    if (form?.needsDesignee && value.designeeName.length < 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['designeeName'],
        message: 'rxForms.field.designee' satisfies MessageKey,
      });
    }
    if (form && !form.needsDesignee && value.designeeName !== '') {
      ctx.addIssue({
        code: 'custom',
        path: ['designeeName'],
        message: 'rxForms.field.noDesignee' satisfies MessageKey,
      });
    }
  });
export type RxFormRequestInput = z.input<typeof rxFormRequestInputSchema>;
export type RxFormRequestFields = z.output<typeof rxFormRequestInputSchema>;

export const rxFormStatuses = ['requested', 'signed', 'withdrawn'] as const;
export type RxFormStatus = (typeof rxFormStatuses)[number];

/** A request as the pharmacy sees it on its visit. */
export const pharmacyRxFormSchema = z.object({
  id: idSchema,
  formId: rxFormIdSchema,
  version: z.string(),
  designeeName: z.string().nullable(),
  status: z.enum(rxFormStatuses),
  requestedAt: isoDateTimeSchema,
  signedAt: isoDateTimeSchema.nullable(),
  /** The name the signer typed. */
  signedName: z.string().nullable(),
  withdrawnAt: isoDateTimeSchema.nullable(),
});
export type PharmacyRxForm = z.infer<typeof pharmacyRxFormSchema>;

export const pharmacyRxFormsResponseSchema = z.object({
  error: z.literal(false),
  /** Newest first. */
  forms: z.array(pharmacyRxFormSchema),
});
export const pharmacyRxFormResponseSchema = z.object({
  error: z.literal(false),
  form: pharmacyRxFormSchema,
});

/** A request as the patient sees it (GET /rx/forms): which visit, from which pharmacy. */
export const patientRxFormSchema = z.object({
  id: idSchema,
  visitId: idSchema,
  formId: rxFormIdSchema,
  version: z.string(),
  designeeName: z.string().nullable(),
  pharmacyName: z.string(),
  /** The family member the visit is for. */
  patientName: z.string(),
  status: z.enum(rxFormStatuses),
  requestedAt: isoDateTimeSchema,
  signedAt: isoDateTimeSchema.nullable(),
});
export type PatientRxForm = z.infer<typeof patientRxFormSchema>;

export const patientRxFormsResponseSchema = z.object({
  error: z.literal(false),
  /** Waiting ones first, then signed ones; newest first within each. */
  forms: z.array(patientRxFormSchema),
});
export const patientRxFormResponseSchema = z.object({
  error: z.literal(false),
  form: patientRxFormSchema,
});

/** POST /rx/forms/{id}/sign: the signer's full name as their profile has it, and the box. */
export const rxFormSignRequestSchema = z.object({
  fullName: z
    .string(key('rxForms.field.fullName'))
    .trim()
    .min(1, key('rxForms.field.fullName'))
    .max(200, key('rxForms.field.fullName')),
  agreed: z.literal(true, key('rxForms.field.agreed')),
});
export type RxFormSignRequest = z.input<typeof rxFormSignRequestSchema>;

/** A visit's form request in a path: /pharmacy/rx/{id}/forms/{formRequestId}. */
export const visitFormParamsSchema = z.object({
  id: z.string().max(64),
  formRequestId: z.string().max(64),
});
