import type { RequestOrigin } from './actor';

/**
 * The audit trail: every read or change of a patient's record, and every login, logout and
 * failed login, writes one row (who, what, whose, when, from where). `detail` carries ids and
 * reasons only — never clinical content, passwords or tokens.
 */
export type AuditOutcome = 'success' | 'failure' | 'denied';

/** One row as stored. */
export interface AuditEntry {
  /** When it happened (the row's time is this, not when its batch was written). */
  at: Date;
  action: string;
  outcome: AuditOutcome;
  actorAccountId?: string | null | undefined;
  subjectAccountId?: string | null | undefined;
  subjectPersonId?: string | null | undefined;
  ip?: string | null | undefined;
  requestId?: string | null | undefined;
  detail?: Record<string, unknown> | null | undefined;
}

/** Who acted: an `Actor`, a `Caller` (not logged in), or an origin with the account it acts as. */
export interface AuditActor extends RequestOrigin {
  accountId?: string | null | undefined;
}

/** Whose record: the account and, when one person of it, that person. */
export interface AuditSubject {
  accountId?: string | null | undefined;
  personId?: string | null | undefined;
}

/** Ids and reasons only, never content. */
export type AuditDetail = Record<string, unknown>;

type Audit = (
  actor: AuditActor,
  action: string,
  subject: AuditSubject | null,
  detail?: AuditDetail,
) => Promise<void>;

/**
 * The one way to audit: `audit.record(actor, 'visit.read', { accountId, personId }, { visitId })`
 * for what happened, `audit.denied(…)` for an access refused, `audit.failed(…)` for an attempt
 * that failed (a wrong password).
 */
export interface AuditService {
  record: Audit;
  denied: Audit;
  failed: Audit;
  /** The same, with an outcome decided at run time. */
  as(outcome: AuditOutcome): Audit;
}

/**
 * Audit rows are written by group commit: the rows recorded while a write is in flight (or in
 * the same turn of the event loop) go out together in one INSERT, and each `record` resolves
 * only once its row is committed. A request therefore still answers after its audit row is
 * durable (nothing is lost to a crash that the caller was told happened), but fifty concurrent
 * reads cost one statement and one commit instead of fifty. A batch that fails is retried row by
 * row, so one bad row cannot take the others with it.
 */
export function createAuditService(
  repo: { insertMany(entries: readonly AuditEntry[]): Promise<void> },
  options: { maxBatch?: number; now?: () => Date } = {},
): AuditService {
  const maxBatch = options.maxBatch ?? 500;
  const now = options.now ?? (() => new Date());
  type Waiting = { entry: AuditEntry; done: (error?: unknown) => void };
  let queue: Waiting[] = [];
  let writing = false;
  let scheduled = false;

  const schedule = () => {
    if (scheduled || writing) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void writeBatch();
    });
  };

  const writeBatch = async () => {
    if (writing || queue.length === 0) return;
    writing = true;
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(batch.length);
    try {
      await repo.insertMany(batch.map((w) => w.entry));
      for (const w of batch) w.done();
    } catch {
      for (const w of batch) {
        try {
          await repo.insertMany([w.entry]);
          w.done();
        } catch (error) {
          w.done(error ?? new Error('audit write failed'));
        }
      }
    } finally {
      writing = false;
      if (queue.length > 0) schedule();
    }
  };

  const write =
    (outcome: AuditOutcome): Audit =>
    (actor, action, subject, detail) =>
      new Promise<void>((resolve, reject) => {
        queue.push({
          entry: {
            at: now(),
            action,
            outcome,
            actorAccountId: actor.accountId ?? null,
            subjectAccountId: subject?.accountId ?? null,
            subjectPersonId: subject?.personId ?? null,
            ip: actor.ip,
            requestId: actor.requestId,
            detail: detail ?? null,
          },
          done: (error) => (error === undefined ? resolve() : reject(error)),
        });
        schedule();
      });
  return {
    record: write('success'),
    denied: write('denied'),
    failed: write('failure'),
    as: write,
  };
}
