import { and, asc, eq, gte, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pharmacies, visits } from '../../db/schema/care';

export interface VisitRecord {
  id: string;
  accountId: string;
  personId: string;
  idempotencyKey: string;
  state: string;
  location: string;
  reason: string;
  providerId: string | null;
  ledgerId: string | null;
  createdAt: Date;
  notes: string;
  pharmacy: Record<string, unknown> | null;
  screening: Record<string, unknown> | null;
  claimedAt: Date | null;
  endedAt: Date | null;
  outcome: string | null;
  /** Grows by one on every change of the row. */
  version: number;
}

export interface CareRepo {
  visitByKey(accountId: string, idempotencyKey: string): Promise<VisitRecord | undefined>;
  visit(id: string): Promise<VisitRecord | undefined>;
  insertVisit(input: {
    accountId: string;
    personId: string;
    idempotencyKey: string;
    location: string;
    reason: string;
    notes: string;
    pharmacy: Record<string, unknown> | null;
    screening: Record<string, unknown> | null;
    ledgerId: string | null;
    priceCents: number;
    /** A scheduled appointment's visit: claimed by its provider from the start. */
    claimedBy?: { providerId: string; at: Date };
    /** When it started, on the app's clock (the unclaimed limit counts from it); default now. */
    createdAt?: Date;
  }): Promise<VisitRecord | undefined>;
  activeVisits(accountId: string): Promise<VisitRecord[]>;
  /** A provider's claimed visits still in progress, oldest first. */
  inProgressFor(providerId: string): Promise<VisitRecord[]>;
  /** Waiting visits created before `cutoff`, oldest first (unclaimed past the limit). */
  waitingBefore(cutoff: Date): Promise<VisitRecord[]>;
  /** Waiting visits whose patient was not yet told that no provider is available. */
  waitingUntold(): Promise<VisitRecord[]>;
  /** Marks a waiting visit's patient told (no provider available): the visit as it now is, or undefined when already told. */
  markStranded(id: string, at: Date): Promise<VisitRecord | undefined>;
  /** Waiting visits in a state, oldest first. */
  waitingIn(states: readonly string[]): Promise<VisitRecord[]>;
  /**
   * A provider's queue in one read: the visits waiting in the states and the provider's own in
   * progress, oldest first (`state` tells them apart).
   */
  queueOf(providerId: string, states: readonly string[]): Promise<VisitRecord[]>;
  /** Whether the person has a completed visit in the state. */
  completedIn(personId: string, state: string): Promise<boolean>;
  /**
   * Moves a visit between states only from the expected one: the visit as it now is, or
   * undefined when it was not there.
   */
  move(
    id: string,
    from: string,
    to: string,
    changes?: { providerId?: string; at?: Date; outcome?: string },
  ): Promise<VisitRecord | undefined>;
  /**
   * Puts a visit the provider had claimed back in the line (the provider was
   * deactivated): only from inProgress and only theirs. Its wait starts again at `at` (the
   * unclaimed limit counts from it, so the presence sweep does not cancel it at once) and the
   * patient may be told again that nobody is on duty. The visit as it now is, or undefined when
   * it was not theirs in progress.
   */
  release(id: string, providerId: string, at: Date): Promise<VisitRecord | undefined>;
  /** Claims a waiting visit in one of the provider's states; false when someone else got it. */
  claim(id: string, providerId: string, states: readonly string[], at: Date): Promise<boolean>;
  searchPharmacies(
    query: string,
    state: string | undefined,
    limit: number,
  ): Promise<(typeof pharmacies.$inferSelect)[]>;
}

export const visitColumns = {
  id: visits.id,
  accountId: visits.accountId,
  personId: visits.personId,
  idempotencyKey: visits.idempotencyKey,
  state: visits.state,
  location: visits.location,
  reason: visits.reason,
  providerId: visits.providerId,
  ledgerId: visits.ledgerId,
  createdAt: visits.createdAt,
  notes: visits.notes,
  pharmacy: visits.pharmacy,
  screening: visits.screening,
  claimedAt: visits.claimedAt,
  endedAt: visits.endedAt,
  outcome: visits.outcome,
  version: visits.version,
};

/** Every change of a visit row bumps its version. */
const bumped = { version: sql`${visits.version} + 1` };

/**
 * Every visit in progress (claimed, not ended), through the state index: the presence sweep tells
 * each patient again (a claim whose process stopped before its push told nobody).
 */
export function inProgressVisits(db: Db): Promise<VisitRecord[]> {
  return db.select(visitColumns).from(visits).where(eq(visits.state, 'inProgress'));
}

/**
 * The visits ended at or after `since` (completed, refunded, no-show, cancelled), through the
 * ended-at index: the presence sweep tells each patient again (an end whose process stopped
 * before its push told nobody).
 */
export function endedVisitsSince(db: Db, since: Date): Promise<VisitRecord[]> {
  return db.select(visitColumns).from(visits).where(gte(visits.endedAt, since));
}

export function createCareRepo(db: Db): CareRepo {
  // The provider's queue reads these on every refresh: prepared once (named); the states go as
  // one array parameter, so one statement serves any number of them.
  const waitingInStates = db
    .select(visitColumns)
    .from(visits)
    .where(
      and(eq(visits.state, 'waiting'), sql`${visits.location} = any(${sql.placeholder('states')})`),
    )
    .orderBy(asc(visits.createdAt), asc(visits.id))
    .prepare('care_waiting_in_states');
  const inProgressOf = db
    .select(visitColumns)
    .from(visits)
    .where(
      and(eq(visits.providerId, sql.placeholder('providerId')), eq(visits.state, 'inProgress')),
    )
    .orderBy(asc(visits.createdAt))
    .prepare('care_in_progress_of_provider');
  // The queue's refresh: both lists in one statement (each arm through its own index).
  const queueOfProvider = db
    .select(visitColumns)
    .from(visits)
    .where(
      or(
        and(
          eq(visits.state, 'waiting'),
          sql`${visits.location} = any(${sql.placeholder('states')})`,
        ),
        and(eq(visits.providerId, sql.placeholder('providerId')), eq(visits.state, 'inProgress')),
      ),
    )
    .orderBy(asc(visits.createdAt), asc(visits.id))
    .prepare('care_queue_of_provider');
  return {
    async visitByKey(accountId, idempotencyKey) {
      const [row] = await db
        .select(visitColumns)
        .from(visits)
        .where(and(eq(visits.accountId, accountId), eq(visits.idempotencyKey, idempotencyKey)))
        .limit(1);
      return row;
    },
    async visit(id) {
      const [row] = await db.select(visitColumns).from(visits).where(eq(visits.id, id)).limit(1);
      return row;
    },
    async insertVisit({ claimedBy, ...input }) {
      const rows = await db
        .insert(visits)
        .values({
          ...input,
          ...(claimedBy
            ? { state: 'inProgress', providerId: claimedBy.providerId, claimedAt: claimedBy.at }
            : { state: 'waiting' }),
        })
        .onConflictDoNothing({ target: [visits.accountId, visits.idempotencyKey] })
        .returning(visitColumns);
      return rows[0];
    },
    async completedIn(personId, state) {
      const [row] = await db
        .select({ id: visits.id })
        .from(visits)
        .where(
          and(
            eq(visits.personId, personId),
            eq(visits.location, state),
            eq(visits.state, 'completed'),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    async activeVisits(accountId) {
      return db
        .select(visitColumns)
        .from(visits)
        .where(
          and(eq(visits.accountId, accountId), inArray(visits.state, ['waiting', 'inProgress'])),
        )
        .orderBy(asc(visits.createdAt));
    },
    async inProgressFor(providerId) {
      return inProgressOf.execute({ providerId });
    },
    async waitingBefore(cutoff) {
      return db
        .select(visitColumns)
        .from(visits)
        .where(and(eq(visits.state, 'waiting'), lt(visits.createdAt, cutoff)))
        .orderBy(asc(visits.createdAt), asc(visits.id));
    },
    async waitingUntold() {
      return db
        .select(visitColumns)
        .from(visits)
        .where(and(eq(visits.state, 'waiting'), isNull(visits.strandedAt)));
    },
    async markStranded(id, at) {
      const rows = await db
        .update(visits)
        .set({ strandedAt: at, ...bumped })
        .where(and(eq(visits.id, id), eq(visits.state, 'waiting'), isNull(visits.strandedAt)))
        .returning(visitColumns);
      return rows[0];
    },
    async waitingIn(states) {
      if (states.length === 0) return [];
      return waitingInStates.execute({ states: [...states] });
    },
    async queueOf(providerId, states) {
      return queueOfProvider.execute({ providerId, states: [...states] });
    },
    async move(id, from, to, changes = {}) {
      const rows = await db
        .update(visits)
        .set({
          state: to,
          ...(changes.at && to !== 'inProgress' && to !== 'waiting' ? { endedAt: changes.at } : {}),
          ...(changes.outcome ? { outcome: changes.outcome } : {}),
          ...bumped,
        })
        .where(and(eq(visits.id, id), eq(visits.state, from)))
        .returning(visitColumns);
      return rows[0];
    },
    async release(id, providerId, at) {
      const rows = await db
        .update(visits)
        .set({
          state: 'waiting',
          providerId: null,
          claimedAt: null,
          createdAt: at,
          strandedAt: null,
          ...bumped,
        })
        .where(
          and(eq(visits.id, id), eq(visits.state, 'inProgress'), eq(visits.providerId, providerId)),
        )
        .returning(visitColumns);
      return rows[0];
    },
    async claim(id, providerId, states, at) {
      if (states.length === 0) return false;
      const rows = await db
        .update(visits)
        .set({ state: 'inProgress', providerId, claimedAt: at, ...bumped })
        .where(
          and(
            eq(visits.id, id),
            eq(visits.state, 'waiting'),
            inArray(visits.location, [...states]),
          ),
        )
        .returning({ id: visits.id });
      return rows.length === 1;
    },
    async searchPharmacies(query, state, limit) {
      const words = query.trim().split(/\s+/).filter(Boolean).slice(0, 5);
      const conditions = [
        ...(state ? [eq(pharmacies.state, state)] : []),
        ...words.map((w) => {
          const like = `%${w.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
          return or(
            ilike(pharmacies.name, like),
            ilike(pharmacies.city, like),
            ilike(pharmacies.zip, like),
            ilike(pharmacies.address, like),
          );
        }),
      ];
      return db
        .select()
        .from(pharmacies)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(asc(pharmacies.name))
        .limit(limit);
    },
  };
}
