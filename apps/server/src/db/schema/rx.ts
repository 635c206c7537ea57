import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, persons } from './accounts';
import { pharmacyAssessments } from './assessments';
import { files } from './files';
import { ledger } from './payments';

/**
 * Asynchronous prescription (Rx) visits (domain rx/rx-status.rules.ts, rx-products.rules.ts):
 * the evaluation, the payment, the prescriber's review and what it asks of the patient.
 * `version` grows by one on every change, so a change made on a stale view is refused.
 */
export const rxVisits = pgTable(
  'rx_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id),
    idempotencyKey: text('idempotency_key').notNull(),
    productId: text('product_id').notNull(),
    status: text('status').notNull(),
    version: integer('version').notNull().default(0),
    /** The state the patient was in (their confirmed location when they submitted). */
    location: text('location').notNull(),
    /** The evaluation as FieldState rows, the alarms and the BMI the prescriber sees. */
    evaluation: jsonb('evaluation').$type<Record<string, unknown>>().notNull(),
    /** The consent documents accepted: id, version date, when. */
    consents: jsonb('consents').$type<unknown[]>().notNull().default([]),
    alarms: jsonb('alarms').$type<string[]>().notNull().default([]),
    idPending: boolean('id_pending').notNull().default(false),
    attachmentsPending: boolean('attachments_pending').notNull().default(false),
    /** The prescriber's request while the status is exit. */
    statusComment: text('status_comment').notNull().default(''),
    costCents: integer('cost_cents').notNull(),
    ledgerId: uuid('ledger_id').references(() => ledger.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    prescriberId: uuid('prescriber_id').references(() => accounts.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    completed: boolean('completed').notNull().default(false),
    /** The earlier visit this one refills (its evaluation and prescription are reused). */
    refillOf: uuid('refill_of'),
    /** A pharmacy saw the prescription; a later change shows 'status changed'. */
    pharmacySeenAt: timestamp('pharmacy_seen_at', { withTimezone: true }),
    prescriptionChangedAt: timestamp('prescription_changed_at', { withTimezone: true }),
    /** The pharmacy (organisation id) the prescription goes to; null: the patient takes it. */
    pharmacyId: text('pharmacy_id'),
    /** The pharmacy's Rx link the visit came through (attribution). */
    linkId: text('link_id'),
    /** Paid from a prepay program: the prepay area's redemption id. */
    prepayRedemptionId: text('prepay_redemption_id'),
    /** Pharmacy-side status (domain pharmacy/pharmacy-status.rules); set once prescribed. */
    pharmacyStatus: text('pharmacy_status'),
    /** The pharmacy's note with a fulfilment status, shown to the patient. */
    pharmacyNote: text('pharmacy_note').notNull().default(''),
    prescribedAt: timestamp('prescribed_at', { withTimezone: true }),
    /** The prepay ledger entry of the claim fee, and what it took. */
    claimFeeEntryId: uuid('claim_fee_entry_id'),
    claimFeeCents: integer('claim_fee_cents'),
    /** e-prescription transmission result: transmitted, ERROR or Transmit-Error. */
    erxStatus: text('erx_status'),
    /** The pharmacy's in-store assessment the visit continues (attribution). */
    assessmentId: uuid('assessment_id').references(() => pharmacyAssessments.id),
    /**
     * When the pharmacy claimed the visit (the analytics' time to claim; `claimedAt` is the
     * prescriber's claim). Set by the claim's own conditional move.
     */
    pharmacyClaimedAt: timestamp('pharmacy_claimed_at', { withTimezone: true }),
    /** The white-label the visit was started under (attribution; null on older visits). */
    brandId: text('brand_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rx_visits_idempotency_key').on(t.accountId, t.idempotencyKey),
    index('rx_visits_account_idx').on(t.accountId, t.createdAt),
    index('rx_visits_status_location_idx').on(t.status, t.location),
    index('rx_visits_pharmacy_idx').on(t.pharmacyId, t.pharmacyStatus, t.prescribedAt),
    // The pharmacy dashboard's counts: a pharmacist's states, every status, the unseen ones,
    // read from the index alone.
    index('rx_visits_pharmacy_location_idx').on(
      t.pharmacyId,
      t.location,
      t.pharmacyStatus,
      t.pharmacySeenAt,
    ),
  ],
);

/** The files of a visit: its ID photo (docType id) and requested attachments. */
export const rxVisitFiles = pgTable(
  'rx_visit_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => rxVisits.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    docType: text('doc_type').notNull(),
    /** The stored file's sanitised name and type (as the files area answered the upload). */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rx_visit_files_visit_file').on(t.visitId, t.fileId)],
);

/** A person's photo ID (the verifyId document): shown to prescribers, hideable from pharmacies. */
export const rxIdDocuments = pgTable(
  'rx_id_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rx_id_documents_person_idx').on(t.personId, t.createdAt)],
);

/** Prescriptions written in an Rx visit (checked by domain rx/medications.rules). */
export const rxPrescriptions = pgTable(
  'rx_prescriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => rxVisits.id),
    prescriberId: uuid('prescriber_id')
      .notNull()
      .references(() => accounts.id),
    medication: text('medication').notNull(),
    strength: text('strength').notNull(),
    quantity: integer('quantity').notNull(),
    refills: integer('refills').notNull(),
    directions: text('directions').notNull(),
    pharmacy: jsonb('pharmacy').$type<Record<string, unknown> | null>(),
    /** A later prescription replaced this one (an approved change request). */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rx_prescriptions_visit_idx').on(t.visitId)],
);

/** Messages on an Rx visit between the patient and the prescriber. */
export const rxMessages = pgTable(
  'rx_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => rxVisits.id),
    owner: uuid('owner')
      .notNull()
      .references(() => accounts.id),
    fromRole: text('from_role').notNull(),
    text: text('text').notNull(),
    /** Files sent with the message: { fileId, name, type } (the files area keeps the bytes). */
    attachments: jsonb('attachments')
      .$type<{ fileId: string; name: string; type: string }[]>()
      .notNull()
      .default([]),
    sent: timestamp('sent', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rx_messages_visit_idx').on(t.visitId, t.sent)],
);

/** POST /log-form: which step of which product's flow an account reached (no answers). */
export const rxFormLog = pgTable(
  'rx_form_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    productId: text('product_id').notNull(),
    step: text('step').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rx_form_log_product_idx').on(t.productId, t.at)],
);

/** Pharmacy-side status changes with their notes (and the prescriber's answers to reviews). */
export const rxStatusNotes = pgTable(
  'rx_status_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => rxVisits.id),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    /** pharmacy or prescriber. */
    byRole: text('by_role').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rx_status_notes_visit_idx').on(t.visitId, t.at)],
);
