import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outbox } from '../../db/schema/platform';

/** An outbox row as the operator sees it: no body (it stays sealed), the recipient in clear. */
export interface UndeliveredRow {
  id: number;
  channel: string;
  recipient: string;
  status: string;
  error: string | null;
  isReply: boolean;
  createdAt: Date;
  purged: boolean;
}

export interface JobsAdminRepo {
  undelivered(statuses: string[], limit: number): Promise<UndeliveredRow[]>;
  /** `failed` -> `sending` when its text is still there; true for the one caller that moved it. */
  requeueFailed(id: number): Promise<boolean>;
  /** `sending` -> `failed` again: the re-queue that `requeueFailed` started could not be queued. */
  unrequeue(id: number): Promise<void>;
  /** Runs of the delivery job (outbox-delivery.job.ts) per outbox id, from pg-boss's table. */
  deliveryRuns(ids: number[]): Promise<Map<number, number>>;
}

/**
 * The back office's reads and the one write on the outbox (the jobs area), and the
 * delivery job's run counts from pg-boss's own table (`pgboss.job`).
 */
export function createJobsAdminRepo(database: Pick<Database, 'db' | 'raw'>): JobsAdminRepo {
  const { db } = database;
  return {
    async undelivered(statuses, limit) {
      const rows = await db
        .select({
          id: outbox.id,
          channel: outbox.channel,
          recipient: outbox.recipient,
          status: outbox.status,
          error: outbox.error,
          headers: outbox.headers,
          createdAt: outbox.createdAt,
          bodySealed: outbox.bodySealed,
        })
        .from(outbox)
        .where(inArray(outbox.status, statuses))
        .orderBy(desc(outbox.id))
        .limit(limit);
      return rows.map(({ headers, bodySealed, ...r }) => ({
        ...r,
        isReply: Boolean(headers?.inReplyTo),
        purged: bodySealed === null,
      }));
    },

    async requeueFailed(id) {
      const won = await db
        .update(outbox)
        .set({ status: 'sending' })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'failed'), isNotNull(outbox.bodySealed)))
        .returning({ id: outbox.id });
      return won.length > 0;
    },

    async unrequeue(id) {
      await db
        .update(outbox)
        .set({ status: 'failed' })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
    },

    async deliveryRuns(ids) {
      const runs = new Map<number, number>();
      if (ids.length === 0) return runs;
      // A run per retry counted, and the last one once it completed or failed for good.
      const { rows } = await database.raw.query(
        `select (data->>'outboxId')::bigint as id,
                sum(retry_count + case when state in ('completed', 'failed') then 1 else 0 end) as runs
           from pgboss.job
          where name = 'outbox.deliver' and (data->>'outboxId')::bigint = any($1::bigint[])
          group by 1`,
        [ids],
      );
      for (const row of rows as Record<string, unknown>[]) {
        runs.set(Number(row.id), Number(row.runs));
      }
      return runs;
    },
  };
}
