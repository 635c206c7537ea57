/**
 * The pharmacy portal's calls (spec section 7, "Rx visit endpoints: get, update status, record,
 * pdf, ... pharmacist grant and revoke, links"): the prescription dashboard, status changes,
 * the claim with its fee, the legal prescription PDF, pharmacists and Rx links. One contract
 * for server and web.
 *
 * Searches are POSTs: a patient's name never travels in a URL.
 */
import { z } from 'zod';
import { visitAssessmentSchema } from '../assessments/assessment.api';
import { centsSchema, emailSchema, idSchema, usStateSchema } from '../common/common.schemas';
import { rxLinkSchema } from '../rx/rx.schemas';
import { rxPrescriptionSchema } from '../rx/rx-visits.api';
import { pharmacyFundsRange } from './fee-account.rules';
import {
  displayOnlyStatuses,
  pharmacyStatuses,
  pharmacyStatusSchema,
} from './pharmacy-status.rules';

/** The e-prescription transmission result shown beside the status (null: not transmitted). */
export const erxStatusSchema = z.enum(displayOnlyStatuses);
export type ErxStatus = z.infer<typeof erxStatusSchema>;

// ===========================================================================================
// Who I am in the portal
// ===========================================================================================

export const pharmacyOrganizationViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  ncpdpId: z.string(),
  npi: z.string(),
  city: z.string(),
  state: z.string(),
  acceptsErx: z.boolean(),
  /** The registry confirmed the NCPDP ID, address, phone and fax (Rx access needs it). */
  verified: z.boolean(),
  /** The states it takes Rx visits from, its own first (the assessment checks it). */
  serviceStates: z.array(z.string()),
  /** The prepay account that pays claim fees. */
  prepayBalance: centsSchema,
  /** The fee one claim takes (a placeholder amount: the spec gives none). */
  claimFee: centsSchema,
});
export type PharmacyOrganizationView = z.infer<typeof pharmacyOrganizationViewSchema>;

/** GET /pharmacy/me: the organisation, my role in it and my grant. */
export const pharmacyMeResponseSchema = z.object({
  error: z.literal(false),
  organization: pharmacyOrganizationViewSchema,
  /** pharmacyAdmin manages pharmacists and links; pharmacist works the dashboard. */
  role: z.enum(['pharmacyAdmin', 'pharmacist']),
  /** A pharmacist's grant (null for the admin, who sees everything of the pharmacy). */
  grant: z
    .object({
      states: z.array(z.string()),
      links: z.array(z.string()),
      claimedOnly: z.boolean(),
    })
    .nullable(),
});
export type PharmacyMe = z.infer<typeof pharmacyMeResponseSchema>;

// ===========================================================================================
// The fee account
// ===========================================================================================

/** POST /pharmacy/funds: add whole dollars to the fee account by card, once per key (admin). */
export const pharmacyAddFundsRequestSchema = z.object({
  amount: z.number().int().min(pharmacyFundsRange.minDollars).max(pharmacyFundsRange.maxDollars),
  /** The admin's card on file; null: their first valid card. */
  payProfileID: z.string().max(64).nullable().default(null),
  idempotencyKey: z.string().trim().min(8).max(100),
});
export type PharmacyAddFundsRequest = z.input<typeof pharmacyAddFundsRequestSchema>;

export const feeMovementKindSchema = z.enum(['claimFee', 'claimFeeReversal', 'topUp', 'other']);
export type FeeMovementKind = z.infer<typeof feeMovementKindSchema>;

/** One movement of the fee account: signed cents, and the balance it left. */
export const pharmacyStatementEntrySchema = z.object({
  id: z.string(),
  kind: feeMovementKindSchema,
  amount: z.number().int(),
  /** The claimed visit (a fee or a fee given back). */
  visitId: z.string().nullable(),
  /** The card charge (a top-up): its payments ledger id. */
  chargeId: z.string().nullable(),
  at: z.string(),
  balanceAfter: z.number().int(),
});
export type PharmacyStatementEntry = z.infer<typeof pharmacyStatementEntrySchema>;

/** GET /pharmacy/statement: the balance and every movement, newest first (admin). */
export const pharmacyStatementResponseSchema = z.object({
  error: z.literal(false),
  balance: centsSchema,
  claimFee: centsSchema,
  /** Under this balance the admins are e-mailed (once per crossing). */
  lowBalanceAt: centsSchema,
  entries: z.array(pharmacyStatementEntrySchema),
});
export type PharmacyStatement = Omit<z.infer<typeof pharmacyStatementResponseSchema>, 'error'>;

// ===========================================================================================
// The dashboard
// ===========================================================================================

/** A dashboard tab: one pharmacy-side status, or every status. */
export const dashboardTabs = ['all', ...pharmacyStatuses] as const;
export const dashboardTabSchema = z.enum(dashboardTabs);
export type DashboardTab = z.infer<typeof dashboardTabSchema>;

/** POST /pharmacy/rx/search. `query` matches a visit id (or its start), a patient, a date. */
export const pharmacyRxSearchRequestSchema = z.object({
  tab: dashboardTabSchema.default('unclaimed'),
  query: z.string().trim().max(100).default(''),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type PharmacyRxSearchRequest = z.input<typeof pharmacyRxSearchRequestSchema>;

export const pharmacyRxRowSchema = z.object({
  id: idSchema,
  productId: z.string(),
  pharmacyStatus: pharmacyStatusSchema,
  erxStatus: erxStatusSchema.nullable(),
  version: z.number().int().nonnegative(),
  /** The patient's state when they were evaluated. */
  state: z.string(),
  patientName: z.string(),
  /** YYYY-MM-DD. */
  patientDob: z.string(),
  /** When the prescription was written (the visit reached the pharmacy). */
  prescribedAt: z.string(),
  updatedAt: z.string(),
  /** The link it came through, if any. */
  linkId: z.string().nullable(),
  /** The in-store assessment it continues, if any (attribution). */
  assessmentId: z.string().nullable().default(null),
  /** The prescriber changed the prescription after the pharmacy saw it. */
  statusChanged: z.boolean(),
});
export type PharmacyRxRow = z.infer<typeof pharmacyRxRowSchema>;

export const pharmacyRxSearchResponseSchema = z.object({
  error: z.literal(false),
  visits: z.array(pharmacyRxRowSchema),
  /** Visits per status (before the search text and paging), for the tabs. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
  /** Unclaimed visits this pharmacist has not opened yet. */
  newUnclaimed: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().nonnegative(),
});
export type PharmacyRxSearchResponse = z.infer<typeof pharmacyRxSearchResponseSchema>;

export const pharmacyStatusNoteSchema = z.object({
  status: z.string(),
  note: z.string(),
  /** pharmacy or prescriber. */
  by: z.enum(['pharmacy', 'prescriber']),
  at: z.string(),
});
export type PharmacyStatusNote = z.infer<typeof pharmacyStatusNoteSchema>;

/** GET /pharmacy/rx/:id: one visit as the pharmacy works it. */
export const pharmacyRxDetailSchema = pharmacyRxRowSchema.extend({
  patient: z.object({
    name: z.string(),
    dob: z.string(),
    gender: z.string(),
    phone: z.string().nullable(),
  }),
  prescriptions: z.array(rxPrescriptionSchema),
  /** Status changes with their notes, oldest first. */
  history: z.array(pharmacyStatusNoteSchema),
  /** The statuses the pharmacy may choose now (the domain's table), claimed excluded. */
  nextStatuses: z.array(pharmacyStatusSchema),
  claimable: z.boolean(),
  /** The legal prescription PDF may be downloaded (after the claim, never before). */
  pdfAvailable: z.boolean(),
  /** The claim fee taken, once claimed. */
  feePaid: centsSchema.nullable(),
  /** The link's medication list and comment, when the visit came through a link. */
  link: z.object({ medListId: z.string(), comment: z.string() }).nullable(),
  /** The in-store assessment the visit continues: attribution and intake. */
  assessment: visitAssessmentSchema.nullable().default(null),
});
export type PharmacyRxDetail = z.infer<typeof pharmacyRxDetailSchema>;
export const pharmacyRxDetailResponseSchema = z.object({
  error: z.literal(false),
  visit: pharmacyRxDetailSchema,
});

/** POST /pharmacy/rx/:id/status: any pharmacy-side change but the claim. */
export const pharmacyStatusChangeRequestSchema = z.object({
  status: pharmacyStatusSchema,
  version: z.number().int().nonnegative(),
  note: z.string().max(2000).default(''),
});
export type PharmacyStatusChangeRequest = z.input<typeof pharmacyStatusChangeRequestSchema>;

/** At most this many visits move in one bulk request. */
export const pharmacyBulkStatusLimit = 50;

/**
 * POST /pharmacy/rx/bulk-status: several visits, each at the version the pharmacist saw, moved
 * to one status with one note; each goes through the single move (same rule, same audit).
 */
export const pharmacyBulkStatusRequestSchema = z.object({
  visits: z
    .array(
      z.object({
        id: z.uuid({ error: 'lists.field.visits' }),
        version: z.number({ error: 'lists.field.visits' }).int().nonnegative(),
      }),
      { error: 'lists.field.visits' },
    )
    .min(1, { error: 'lists.field.visits' })
    .max(pharmacyBulkStatusLimit, { error: 'lists.field.visits' }),
  status: z.enum(pharmacyStatuses, { error: 'lists.field.bulkStatus' }),
  note: z.string().max(2000).default(''),
});
export type PharmacyBulkStatusRequest = z.input<typeof pharmacyBulkStatusRequestSchema>;

/** Per visit: moved (its new status and version), or refused with the code and message why. */
export const pharmacyBulkStatusResultSchema = z.object({
  visitId: z.string(),
  moved: z.boolean(),
  pharmacyStatus: pharmacyStatusSchema.nullable(),
  version: z.number().int().nonnegative().nullable(),
  errorCode: z.string().nullable(),
  /** The refusal in the caller's language. */
  message: z.string().nullable(),
});
export type PharmacyBulkStatusResult = z.infer<typeof pharmacyBulkStatusResultSchema>;
export const pharmacyBulkStatusResponseSchema = z.object({
  error: z.literal(false),
  results: z.array(pharmacyBulkStatusResultSchema),
});
export type PharmacyBulkStatusResponse = z.infer<typeof pharmacyBulkStatusResponseSchema>;

/**
 * POST /pharmacy/rx/:id/claim ('Submit Payment'): the fee is taken once, then the PDF opens.
 * Strict: claimed takes no note, so a body carrying one is refused.
 */
export const pharmacyClaimRequestSchema = z
  .object({
    version: z.number().int().nonnegative(),
  })
  .strict();
export type PharmacyClaimRequest = z.input<typeof pharmacyClaimRequestSchema>;

/**
 * The socket's pharmacyQueueChanged payload: something on the pharmacy's dashboard moved; fetch
 * it again. `state` is the pharmacy's id (the shared visit queue keys its lines by it).
 */
export const pharmacyQueueChangedSchema = z.object({ state: z.string() });

// ===========================================================================================
// Pharmacists (the spec's pharmacist grant)
// ===========================================================================================

/** POST /pharmacy/pharmacists: invite a pharmacist by e-mail with states, links, claimedOnly. */
export const invitePharmacistRequestSchema = z.object({
  email: emailSchema,
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  states: z.array(usStateSchema).min(1).max(60),
  links: z.array(z.string().trim().min(1).max(64)).max(100).default([]),
  claimedOnly: z.boolean().default(false),
});
export type InvitePharmacistRequest = z.input<typeof invitePharmacistRequestSchema>;

export const pharmacistViewSchema = z.object({
  id: idSchema,
  email: z.string(),
  name: z.string(),
  states: z.array(z.string()),
  links: z.array(z.string()),
  claimedOnly: z.boolean(),
  invitedAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type PharmacistView = z.infer<typeof pharmacistViewSchema>;
export const pharmacistsResponseSchema = z.object({
  error: z.literal(false),
  pharmacists: z.array(pharmacistViewSchema),
});

// ===========================================================================================
// Rx links
// ===========================================================================================

/** POST /pharmacy/links: screenId is the treatment (product id); empty values are dropped. */
export const createRxLinkRequestSchema = rxLinkSchema;
export type CreateRxLinkRequest = z.input<typeof createRxLinkRequestSchema>;

export const rxLinkViewSchema = z.object({
  id: z.string(),
  screenId: z.string(),
  medListId: z.string().nullable(),
  comment: z.string().nullable(),
  /** The address customers open: /#/rx?id={id}&company={pharmacy}. */
  url: z.string(),
  createdAt: z.string(),
});
export type RxLinkView = z.infer<typeof rxLinkViewSchema>;
export const rxLinksResponseSchema = z.object({
  error: z.literal(false),
  links: z.array(rxLinkViewSchema),
});

/** Rx links per page of the links screen. */
export const rxLinksPageSize = 20;

/**
 * POST /pharmacy/links/search: the pharmacy's links, newest first, `query` matching a link's
 * treatment (product id), medication list, comment or id; `rxLinksPageSize` a page.
 */
export const rxLinksSearchRequestSchema = z.object({
  query: z
    .string({ error: 'lists.field.query' })
    .trim()
    .max(100, { error: 'lists.field.query' })
    .default(''),
  page: z
    .number({ error: 'lists.field.page' })
    .int({ error: 'lists.field.page' })
    .min(1, { error: 'lists.field.page' })
    .max(10_000, { error: 'lists.field.page' })
    .default(1),
});
export type RxLinksSearchRequest = z.input<typeof rxLinksSearchRequestSchema>;
export const rxLinksSearchResponseSchema = z.object({
  error: z.literal(false),
  links: z.array(rxLinkViewSchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** Links matching the query (every page). */
  total: z.number().int().nonnegative(),
});
export type RxLinksSearchResponse = z.infer<typeof rxLinksSearchResponseSchema>;

// ===========================================================================================
// The patient choosing a pharmacy
// ===========================================================================================

/** A verified pharmacy that takes Rx visits from a state (GET /rx/pharmacies?state=). */
export const rxPharmacyChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  phone: z.string(),
});
export type RxPharmacyChoice = z.infer<typeof rxPharmacyChoiceSchema>;
export const rxPharmaciesRequestSchema = z.object({ state: usStateSchema });
export const rxPharmaciesResponseSchema = z.object({
  error: z.literal(false),
  pharmacies: z.array(rxPharmacyChoiceSchema),
});
