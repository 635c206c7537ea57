import { and, asc, eq, gt, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, availabilityBlocks } from '../../db/schema/appointments';
import { isUniqueViolation } from '../../platform/unique-violation';

export type BlockRecord = typeof availabilityBlocks.$inferSelect;
export type AppointmentRecord = typeof appointments.$inferSelect;

/**
 * The appointments area's tables. A provider is never double booked: a booking and a
 * new block are written under a per-provider advisory lock, after the check that no
 * live booking (or block) of theirs overlaps it; the partial unique index on (provider, start)
 * stays as a second guard. Every change of an appointment is conditional on the state it
 * expects.
 */
export interface AppointmentsRepo {
  /**
   * The new block, under the provider's lock; `overlapping` (one of their live blocks it
   * overlaps, as `overlaps` says) when it is refused.
   */
  insertBlock(
    row: typeof availabilityBlocks.$inferInsert,
    overlaps: (live: BlockRecord) => boolean,
  ): Promise<
    { kind: 'inserted'; block: BlockRecord } | { kind: 'overlapping'; block: BlockRecord }
  >;
  block(id: string): Promise<BlockRecord | undefined>;
  /** Live blocks: of one provider, or (for offers) all. */
  blocksOf(providerId: string): Promise<BlockRecord[]>;
  liveBlocks(): Promise<BlockRecord[]>;
  removeBlock(id: string, at: Date): Promise<boolean>;
  /** Booked or started appointments of these blocks from `from` on. */
  takenFrom(blockIds: readonly string[], from: Date): Promise<AppointmentRecord[]>;
  /** Booked or started appointments of these providers, of any block, ending after `from`. */
  heldFrom(providerIds: readonly string[], from: Date): Promise<AppointmentRecord[]>;
  /**
   * The new appointment, or `taken` when a live booking of the provider overlaps its time
   * (checked under the provider's lock, so parallel bookings of overlapping times make one).
   */
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

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The advisory lock space of appointments' per-provider locks (any fixed number of ours). */
const providerLockSpace = 18_033;

/**
 * One booking or new block of a provider at a time, until the transaction ends: a transaction
 * advisory lock keyed by the provider, so the overlap check and the write are one step (PGlite
 * has no btree_gist for an exclusion constraint). Two providers whose ids hash alike only wait
 * for each other.
 */
async function lockProvider(tx: Tx, providerId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${providerLockSpace}, hashtext(${providerId}))`,
  );
}

export function createAppointmentsRepo(db: Db): AppointmentsRepo {
  return {
    async insertBlock(row, overlaps) {
      return db.transaction(async (tx) => {
        await lockProvider(tx, row.providerId);
        const live = await tx
          .select()
          .from(availabilityBlocks)
          .where(
            and(
              eq(availabilityBlocks.providerId, row.providerId),
              isNull(availabilityBlocks.removedAt),
            ),
          );
        const clash = live.find(overlaps);
        if (clash) return { kind: 'overlapping' as const, block: clash };
        const [inserted] = await tx.insert(availabilityBlocks).values(row).returning();
        if (!inserted) throw new Error('block not inserted');
        return { kind: 'inserted' as const, block: inserted };
      });
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
    heldFrom(providerIds, from) {
      if (providerIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(appointments)
        .where(
          and(
            inArray(appointments.providerId, [...providerIds]),
            ne(appointments.state, 'deleted'),
            gt(appointments.endAt, from),
          ),
        );
    },
    async book(row) {
      try {
        return await db.transaction(async (tx) => {
          await lockProvider(tx, row.providerId);
          const [clash] = await tx
            .select({ id: appointments.id })
            .from(appointments)
            .where(
              and(
                eq(appointments.providerId, row.providerId),
                ne(appointments.state, 'deleted'),
                lt(appointments.startAt, row.endAt),
                gt(appointments.endAt, row.startAt),
              ),
            )
            .limit(1);
          if (clash) return { kind: 'taken' as const };
          const [inserted] = await tx.insert(appointments).values(row).returning();
          if (!inserted) throw new Error('appointment not inserted');
          return { kind: 'booked' as const, row: inserted };
        });
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
