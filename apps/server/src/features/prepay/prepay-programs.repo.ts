import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepayProgramEntries, prepayPrograms, prepayProgramUsers } from '../../db/schema/prepay';

export type ProgramRecord = typeof prepayPrograms.$inferSelect;
export type ProgramEntryRecord = typeof prepayProgramEntries.$inferSelect;
export type ProgramUserRecord = typeof prepayProgramUsers.$inferSelect;

export type NewProgram = Omit<
  typeof prepayPrograms.$inferInsert,
  'id' | 'balance' | 'visitCount' | 'createdAt' | 'updatedAt'
>;
export type ProgramSettingsRecord = Pick<
  ProgramRecord,
  | 'name'
  | 'description'
  | 'rewardAmtCents'
  | 'patientAmtCents'
  | 'priceMsg'
  | 'visitType'
  | 'perAccountLimit'
  | 'reuseIntervalDays'
  | 'lowBalanceLimit'
  | 'reasonRestriction'
  | 'pharmacyRestriction'
  | 'checkoutMessage'
  | 'notifications'
>;

/** The programs themselves: their purchase, settings, added visits, users and entries. */
export interface PrepayProgramsRepo {
  /** The program and its first entry, once per (owner, purchase key); a replay finds it. */
  createProgram(
    program: NewProgram,
    purchase: { visits: number; amountCents: number; chargeId: string },
  ): Promise<ProgramRecord>;
  program(id: string): Promise<ProgramRecord | undefined>;
  programByCode(code: string): Promise<ProgramRecord | undefined>;
  programsOf(accountId: string, email: string): Promise<ProgramRecord[]>;
  programsByIds(ids: readonly string[]): Promise<ProgramRecord[]>;
  updateSettings(
    id: string,
    settings: ProgramSettingsRecord,
    at: Date,
  ): Promise<ProgramRecord | undefined>;
  /** Adds visits (added funds), once per key. */
  addVisits(
    programId: string,
    movement: { visits: number; amountCents: number; chargeId: string; key: string },
  ): Promise<ProgramRecord | undefined>;
  users(programId: string): Promise<ProgramUserRecord[]>;
  setUsers(
    programId: string,
    users: readonly { email: string; visitLimit: number }[],
  ): Promise<void>;
  entries(programId: string, limit: number): Promise<ProgramEntryRecord[]>;
}

export function createPrepayProgramsRepo(db: Db): PrepayProgramsRepo {
  async function program(id: string) {
    const [row] = await db.select().from(prepayPrograms).where(eq(prepayPrograms.id, id));
    return row;
  }

  return {
    async createProgram(values, purchase) {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(prepayPrograms)
          .values({ ...values, balance: purchase.visits, visitCount: purchase.visits })
          .onConflictDoNothing({
            target: [prepayPrograms.ownerAccountId, prepayPrograms.purchaseKey],
          })
          .returning();
        if (!created) {
          const [found] = await tx
            .select()
            .from(prepayPrograms)
            .where(
              and(
                eq(prepayPrograms.ownerAccountId, values.ownerAccountId),
                eq(prepayPrograms.purchaseKey, values.purchaseKey),
              ),
            );
          if (!found) throw new Error('prepay program vanished after a conflict');
          return found;
        }
        await tx.insert(prepayProgramEntries).values({
          programId: created.id,
          kind: 'purchase',
          visits: purchase.visits,
          amountCents: purchase.amountCents,
          chargeId: purchase.chargeId,
          idempotencyKey: `purchase:${values.purchaseKey}`,
          balanceAfter: created.balance,
        });
        return created;
      });
    },

    program,

    async programByCode(code) {
      const [row] = await db.select().from(prepayPrograms).where(eq(prepayPrograms.code, code));
      return row;
    },

    async programsOf(accountId, email) {
      const authorized = db
        .select({ id: prepayProgramUsers.programId })
        .from(prepayProgramUsers)
        .where(eq(prepayProgramUsers.email, email.toLowerCase()));
      return db
        .select()
        .from(prepayPrograms)
        .where(
          sql`${prepayPrograms.ownerAccountId} = ${accountId} or ${prepayPrograms.id} in ${authorized}`,
        )
        .orderBy(desc(prepayPrograms.createdAt));
    },

    async programsByIds(ids) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(prepayPrograms)
        .where(inArray(prepayPrograms.id, [...ids]));
    },

    async updateSettings(id, settings, at) {
      const [row] = await db
        .update(prepayPrograms)
        .set({ ...settings, updatedAt: at })
        .where(eq(prepayPrograms.id, id))
        .returning();
      return row;
    },

    async addVisits(programId, movement) {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(prepayPrograms)
          .where(eq(prepayPrograms.id, programId))
          .for('update');
        if (!locked) return undefined;
        const [entry] = await tx
          .insert(prepayProgramEntries)
          .values({
            programId,
            kind: 'addFunds',
            visits: movement.visits,
            amountCents: movement.amountCents,
            chargeId: movement.chargeId,
            idempotencyKey: `funds:${movement.key}`,
            balanceAfter: locked.balance + movement.visits,
          })
          .onConflictDoNothing()
          .returning({ id: prepayProgramEntries.id });
        if (!entry) return locked;
        const [updated] = await tx
          .update(prepayPrograms)
          .set({
            balance: sql`${prepayPrograms.balance} + ${movement.visits}`,
            visitCount: sql`${prepayPrograms.visitCount} + ${movement.visits}`,
          })
          .where(eq(prepayPrograms.id, programId))
          .returning();
        return updated;
      });
    },

    async users(programId) {
      return db
        .select()
        .from(prepayProgramUsers)
        .where(eq(prepayProgramUsers.programId, programId))
        .orderBy(asc(prepayProgramUsers.email));
    },

    async setUsers(programId, users) {
      await db.transaction(async (tx) => {
        // One replacement at a time per program (the redemptions lock the same row): two at once
        // would each delete nothing the other wrote and insert the same e-mails twice.
        await tx
          .select({ id: prepayPrograms.id })
          .from(prepayPrograms)
          .where(eq(prepayPrograms.id, programId))
          .for('update');
        await tx.delete(prepayProgramUsers).where(eq(prepayProgramUsers.programId, programId));
        if (users.length > 0) {
          await tx.insert(prepayProgramUsers).values(
            users.map((u) => ({
              programId,
              email: u.email.toLowerCase(),
              visitLimit: u.visitLimit,
            })),
          );
        }
      });
    },

    async entries(programId, limit) {
      return db
        .select()
        .from(prepayProgramEntries)
        .where(eq(prepayProgramEntries.programId, programId))
        .orderBy(desc(prepayProgramEntries.createdAt), desc(prepayProgramEntries.id))
        .limit(limit);
    },
  };
}
