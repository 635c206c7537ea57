import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rxExternalCodes } from '../../db/schema/rx-codes';
import { isUniqueViolation } from '../../platform/unique-violation';

export type ExternalCodeRecord = typeof rxExternalCodes.$inferSelect;

/**
 * The external codes' table. Every read and write names the pharmacy, so another pharmacy's
 * code is never found; the unique index on (pharmacy, upper-cased code) decides races.
 */
export interface RxCodesRepo {
  ofVisit(visitId: string, organizationId: string): Promise<ExternalCodeRecord | undefined>;
  byKey(organizationId: string, codeKey: string): Promise<ExternalCodeRecord | undefined>;
  /** Sets the visit's code; 'taken' when another visit of the pharmacy has it (nothing written). */
  set(
    row: Pick<ExternalCodeRecord, 'visitId' | 'organizationId' | 'code' | 'codeKey' | 'setBy'> & {
      updatedAt: Date;
    },
  ): Promise<ExternalCodeRecord | 'taken'>;
  /** Removes the visit's code; whether there was one. */
  clear(visitId: string, organizationId: string): Promise<boolean>;
}

export function createRxCodesRepo(db: Db): RxCodesRepo {
  return {
    async ofVisit(visitId, organizationId) {
      const [row] = await db
        .select()
        .from(rxExternalCodes)
        .where(
          and(
            eq(rxExternalCodes.visitId, visitId),
            eq(rxExternalCodes.organizationId, organizationId),
          ),
        );
      return row;
    },

    async byKey(organizationId, codeKey) {
      const [row] = await db
        .select()
        .from(rxExternalCodes)
        .where(
          and(
            eq(rxExternalCodes.organizationId, organizationId),
            eq(rxExternalCodes.codeKey, codeKey),
          ),
        );
      return row;
    },

    async set(row) {
      try {
        const [saved] = await db
          .insert(rxExternalCodes)
          .values(row)
          .onConflictDoUpdate({
            target: [rxExternalCodes.visitId, rxExternalCodes.organizationId],
            set: {
              code: row.code,
              codeKey: row.codeKey,
              setBy: row.setBy,
              updatedAt: row.updatedAt,
            },
          })
          .returning();
        if (!saved) throw new Error('external code not saved');
        return saved;
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    async clear(visitId, organizationId) {
      const removed = await db
        .delete(rxExternalCodes)
        .where(
          and(
            eq(rxExternalCodes.visitId, visitId),
            eq(rxExternalCodes.organizationId, organizationId),
          ),
        )
        .returning({ visitId: rxExternalCodes.visitId });
      return removed.length > 0;
    },
  };
}
