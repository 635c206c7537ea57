/**
 * The audit trail: every read or change of a patient's record, and every login, logout and
 * failed login, writes one row (who, what, whose, when, from where). `detail` carries ids and
 * reasons only — never clinical content, passwords or tokens.
 */
export interface AuditEntry {
  action: string;
  outcome: 'success' | 'failure' | 'denied';
  actorAccountId?: string | null | undefined;
  subjectAccountId?: string | null | undefined;
  subjectPersonId?: string | null | undefined;
  ip?: string | null | undefined;
  requestId?: string | null | undefined;
  detail?: Record<string, unknown> | null | undefined;
}

/** Where the request came from, as the HTTP layer saw it. */
export interface RequestOrigin {
  ip: string;
  requestId: string;
}

export interface AuditService {
  record(entry: AuditEntry): Promise<void>;
}

export function createAuditService(repo: {
  insert(entry: AuditEntry): Promise<void>;
}): AuditService {
  return { record: (entry) => repo.insert(entry) };
}
