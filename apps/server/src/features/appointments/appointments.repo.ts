import { and, asc, eq, gte, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, availabilityBlocks } from '../../db/schema/appointments';
import { isUniqueViolation } from '../../platform/unique-violation';

export type BlockRecord = typeof availabilityBlocks.$inferSelect;
export type AppointmentRecord = typeof appointments.$inferSelect;

/**
 * The appointments area's tables. A booking is one insert that the partial unique index on
 * (provider, start) lets through once; every change of an appointment is conditional on the
 * state it expects.
 */
export interface AppointmentsRepo {
  insertBlock(row: typeof availabilityBlocks.$inferInsert): Promise<BlockRecord>;
  block(id: string): Promise<BlockRecord | undefined>;
  /** Live blocks: of one provider, or (for offers) all. */
  blocksOf(providerId: string): Promise<BlockRecord[]>;
  liveBlocks(): Promise<BlockRecord[]>;
  removeBlock(id: string, at: Date): Promise<boolean>;
  /** Booked or started appointments of these blocks from `from` on. */
  takenFrom(blockIds: readonly string[], from: Date): Promise<AppointmentRecord[]>;
  /** The new appointment, or `taken` when the provider's slot is held already. */
  book(
    row: typeof appointments.$inferInsert,
  ): Promise<{ kind: 'booked'; row: AppointmentRecord } | { kind: 'taken' }>;
  appointment(id: string): Promise<AppointmentRecord | undefined>;
  /** An account's booked and started appointments starting at or after `from`. */
  ofAccount(accountId: string, from: Date): Promise<AppointmentRecord[]>;
  ofProvider(providerId: string, from: Date): Promise<AppointmentRecord[]>;
  remove(id: string, at: Date): Promise<AppointmentRecord | undefined>;
  /** booked -> started with its visit, once. */
  started(id: string, visitId: string): Promise<boolean>;
  /** Marks a reminder of a booked appointment sent: true once (the one that sends it). */
  markReminded(id: string, kind: 'day' | 'soon', at: Date): Promise<boolean>;
}

export function createAppointmentsRepo(db: Db): AppointmentsRepo {
  return {
    async insertBlock(row) {
      const [inserted] = await db.insert(availabilityBlocks).values(row).returning();
      if (!inserted) throw new Error('block not inserted');
      return inserted;
    },
    async block(id) {
      const [row] = await db
        .select()
        .from(availabilityBlocks)
        .where(and(eq(availabilityBlocks.id, id), isNull(availabilityBlocks.removedAt)));
      return row;
    },
    blocksOf(providerId) {
      return db
        .select()
        .from(availabilityBlocks)
        .where(
          and(eq(availabilityBlocks.providerId, providerId), isNull(availabilityBlocks.removedAt)),
        )
        .orderBy(asc(availabilityBlocks.startDate), asc(availabilityBlocks.startTime));
    },
    liveBlocks() {
      return db.select().from(availabilityBlocks).where(isNull(availabilityBlocks.removedAt));
    },
    async removeBlock(id, at) {
      const rows = await db
        .update(availabilityBlocks)
        .set({ removedAt: at })
        .where(and(eq(availabilityBlocks.id, id), isNull(availabilityBlocks.removedAt)))
        .returning({ id: availabilityBlocks.id });
      return rows.length > 0;
    },
    takenFrom(blockIds, from) {
      if (blockIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(appointments)
        .where(
          and(
            inArray(appointments.blockId, [...blockIds]),
            ne(appointments.state, 'deleted'),
            gte(appointments.startAt, from),
          ),
        );
    },
    async book(row) {
      try {
        const [inserted] = await db.insert(appointments).values(row).returning();
        if (!inserted) throw new Error('appointment not inserted');
        return { kind: 'booked', row: inserted };
      } catch (error) {
        if (isUniqueViolation(error)) return { kind: 'taken' };
        throw error;
      }
    },
    async appointment(id) {
      const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
      return row;
    },
    ofAccount(accountId, from) {
      return db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.accountId, accountId),
            ne(appointments.state, 'deleted'),
            gte(appointments.startAt, from),
          ),
        )
        .orderBy(asc(appointments.startAt));
    },
    ofProvider(providerId, from) {
      return db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.providerId, providerId),
            ne(appointments.state, 'deleted'),
            gte(appointments.startAt, from),
          ),
        )
        .orderBy(asc(appointments.startAt))
        .limit(200);
    },
    async remove(id, at) {
      const [row] = await db
        .update(appointments)
        .set({ state: 'deleted', deletedAt: at })
        .where(and(eq(appointments.id, id), eq(appointments.state, 'booked')))
        .returning();
      return row;
    },
    async markReminded(id, kind, at) {
      const column = kind === 'day' ? appointments.remindedDayAt : appointments.remindedSoonAt;
      const rows = await db
        .update(appointments)
        .set(kind === 'day' ? { remindedDayAt: at } : { remindedSoonAt: at })
        .where(and(eq(appointments.id, id), eq(appointments.state, 'booked'), isNull(column)))
        .returning({ id: appointments.id });
      return rows.length > 0;
    },
    async started(id, visitId) {
      const rows = await db
        .update(appointments)
        .set({ state: 'started', visitId })
        .where(and(eq(appointments.id, id), eq(appointments.state, 'booked')))
        .returning({ id: appointments.id });
      return rows.length > 0;
    },
  };
}
