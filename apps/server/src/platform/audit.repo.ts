import type { Db } from '../db/client';
import { auditLog } from '../db/schema/platform';
import type { AuditEntry } from './audit.service';

export interface AuditRepo {
  insert(entry: AuditEntry): Promise<void>;
}

export function createAuditRepo(db: Db): AuditRepo {
  return {
    async insert(entry) {
      await db.insert(auditLog).values({
        actorAccountId: entry.actorAccountId ?? null,
        action: entry.action,
        outcome: entry.outcome,
        subjectAccountId: entry.subjectAccountId ?? null,
        subjectPersonId: entry.subjectPersonId ?? null,
        ip: entry.ip ?? null,
        requestId: entry.requestId ?? null,
        detail: entry.detail ?? null,
      });
    },
  };
}
