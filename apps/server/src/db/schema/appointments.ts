import { sql } from 'drizzle-orm';
import {
  check,
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

/**
 * Provider availability (owner: the appointments area): a weekly RRULE or one date,
 * with local start and end times in the provider's zone, cut into slots; ages and states.
 */
export const availabilityBlocks = pgTable(
  'availability_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => accounts.id),
    /** 'FREQ=WEEKLY;BYDAY=MO,WE[;UNTIL=YYYYMMDD]'; null for one date. */
    rrule: text('rrule'),
    startDate: text('start_date').notNull(),
    endDate: text('end_date'),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    slotMinutes: integer('slot_minutes').notNull(),
    timeZone: text('time_zone').notNull(),
    states: text('states').array().notNull(),
    minAge: integer('min_age').notNull(),
    maxAge: integer('max_age').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('availability_blocks_provider').on(t.providerId)],
);

/**
 * Booked appointments. One live appointment per provider and start time (a partial unique
 * index): of two patients booking one slot at once, exactly one insert succeeds.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    blockId: uuid('block_id')
      .notNull()
      .references(() => availabilityBlocks.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => accounts.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** booked | started | deleted */
    state: text('state').notNull(),
    /** The state the patient booked for (the block's state they were in). */
    location: text('location').notNull(),
    reason: text('reason').notNull(),
    notes: text('notes').notNull().default(''),
    pharmacy: jsonb('pharmacy').$type<Record<string, unknown> | null>(),
    /** The patient's time zone when booking (reminders say the time in it). */
    timeZone: text('time_zone').notNull(),
    /** Reminders sent (each once: set before it goes). */
    remindedDayAt: timestamp('reminded_day_at', { withTimezone: true }),
    remindedSoonAt: timestamp('reminded_soon_at', { withTimezone: true }),
    /** The care visit the start made (the video room). */
    visitId: uuid('visit_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('appointments_one_per_slot')
      .on(t.providerId, t.startAt)
      .where(sql`${t.state} <> 'deleted'`),
    index('appointments_account').on(t.accountId, t.startAt),
    check('appointments_state', sql`${t.state} in ('booked', 'started', 'deleted')`),
  ],
);
