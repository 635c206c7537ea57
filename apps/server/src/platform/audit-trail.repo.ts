import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema/platform';
import type { AuditOutcome } from './audit.service';

/** One row of the audit trail as read back (the accounting of disclosures). */
export interface AuditTrailRow {
  id: number;
  at: Date;
  actorAccountId: string | null;
  action: string;
  outcome: AuditOutcome;
  subjectAccountId: string | null;
  subjectPersonId: string | null;
  ip: string | null;
}

/** Whose record: rows naming the account or one of its people. */
export interface AuditTrailFilter {
  accountId: string;
  personIds: readonly string[];
  actorAccountId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface AuditTrailRepo {
  /** The rows about one record, newest first, at most `limit`. */
  about(filter: AuditTrailFilter, limit: number): Promise<AuditTrailRow[]>;
  /** The addresses an account's failed logins came from since a time (to unlock them). */
  failedLoginAddresses(accountId: string, since: Date): Promise<string[]>;
}

/** Reads the audit trail (writes go through audit.service's group commit). */
export function createAuditTrailRepo(db: Db): AuditTrailRepo {
  return {
    async about(filter, limit) {
      const whose: SQL[] = [eq(auditLog.subjectAccountId, filter.accountId)];
      if (filter.personIds.length > 0) {
        whose.push(inArray(auditLog.subjectPersonId, [...filter.personIds]));
      }
      const rows = await db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          actorAccountId: auditLog.actorAccountId,
          action: auditLog.action,
          outcome: auditLog.outcome,
          subjectAccountId: auditLog.subjectAccountId,
          subjectPersonId: auditLog.subjectPersonId,
          ip: auditLog.ip,
        })
        .from(auditLog)
        .where(
          and(
            or(...whose),
            filter.actorAccountId ? eq(auditLog.actorAccountId, filter.actorAccountId) : undefined,
            filter.from ? gte(auditLog.at, filter.from) : undefined,
            filter.to ? lt(auditLog.at, filter.to) : undefined,
          ),
        )
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, outcome: r.outcome as AuditOutcome }));
    },
    async failedLoginAddresses(accountId, since) {
      const rows = await db
        .selectDistinct({ ip: auditLog.ip })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.subjectAccountId, accountId),
            eq(auditLog.action, 'account.login'),
            sql`${auditLog.outcome} <> 'success'`,
            gte(auditLog.at, since),
          ),
        );
      return rows.flatMap((r) => (r.ip ? [r.ip] : []));
    },
  };
}
