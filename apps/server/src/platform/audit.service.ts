import type { RequestOrigin } from './actor';

/**
 * The audit trail: every read or change of a patient's record, and every login, logout and
 * failed login, writes one row (who, what, whose, when, from where). `detail` carries ids and
 * reasons only — never clinical content, passwords or tokens.
 */
export type AuditOutcome = 'success' | 'failure' | 'denied';

/** One row as stored. */
export interface AuditEntry {
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

export function createAuditService(repo: {
  insert(entry: AuditEntry): Promise<void>;
}): AuditService {
  const write =
    (outcome: AuditOutcome): Audit =>
    (actor, action, subject, detail) =>
      repo.insert({
        action,
        outcome,
        actorAccountId: actor.accountId ?? null,
        subjectAccountId: subject?.accountId ?? null,
        subjectPersonId: subject?.personId ?? null,
        ip: actor.ip,
        requestId: actor.requestId,
        detail: detail ?? null,
      });
  return {
    record: write('success'),
    denied: write('denied'),
    failed: write('failure'),
    as: write,
  };
}
