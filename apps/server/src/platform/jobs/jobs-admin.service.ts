import type { BackOfficeAccess } from '@apothecall/domain/backoffice/backoffice.rules';
import {
  errorKindOf,
  type FailedJob,
  maskRecipient,
  type UndeliveredMessage,
} from '@apothecall/domain/backoffice/jobs-admin.api';
import type { Actor } from '../actor';
import type { AuditService } from '../audit.service';
import { backOfficeGate } from '../back-office';
import type { Jobs } from './jobs';
import type { JobsAdminRepo } from './jobs-admin.repo';

export interface JobsAdminService {
  failedJobs(actor: Actor): Promise<FailedJob[]>;
  /** How many jobs failed for good (the admin's Home). */
  failedCount(actor: Actor): Promise<number>;
  retryJob(actor: Actor, id: string): Promise<boolean>;
  outbox(actor: Actor, status: 'failed' | 'pending'): Promise<UndeliveredMessage[]>;
  retryMessage(actor: Actor, id: number): Promise<boolean>;
}

/** What "pending" lists: messages handed to a sender and not yet answered (or re-queued). */
const pendingStatuses = ['sending'];

/**
 * The back office's Jobs and outbox (area 'jobs'): every call checks the caller's
 * access (admin only: support has none), every retry is audited. A dead letter is redriven at
 * most once (a second retry finds it gone and says so). An undelivered message is re-queued by
 * moving its row from `failed` back to `sending` in one conditional update, so of any number of
 * simultaneous retries exactly one queues the delivery job (outbox-delivery.job.ts), which
 * sends it and marks it `sent` or `failed` again. A message whose text was purged (delivery
 * given up) cannot be re-sent: its retry answers `retried: false`.
 */
export function createJobsAdminService(deps: {
  repo: JobsAdminRepo;
  jobs: Pick<Jobs, 'deadLetters' | 'redrive' | 'send'>;
  accounts: {
    membership(accountId: string): Promise<{ role: string; disabled?: boolean } | undefined>;
  };
  audit: Pick<AuditService, 'record' | 'denied'>;
}): JobsAdminService {
  const gate = backOfficeGate({ membership: deps.accounts.membership, audit: deps.audit });
  const allow = (actor: Actor, need: Exclude<BackOfficeAccess, 'none'>) =>
    gate(actor, 'jobs', need);

  return {
    async failedCount(actor) {
      await allow(actor, 'read');
      return (await deps.jobs.deadLetters(500)).length;
    },
    async failedJobs(actor) {
      await allow(actor, 'read');
      const found = await deps.jobs.deadLetters(500);
      return found.map((d) => ({
        id: d.id,
        job: d.job,
        attempts: d.attempts,
        errorKind: errorKindOf(d.error),
        queuedAt: d.queuedAt,
        failedAt: d.deadAt,
      }));
    },

    async retryJob(actor, id) {
      await allow(actor, 'write');
      const present = (await deps.jobs.deadLetters(1000)).find((d) => d.id === id);
      const retried = present ? (await deps.jobs.redrive([id])) > 0 : false;
      await deps.audit.record(actor, 'backoffice.jobs.retry', null, {
        id,
        job: present?.job ?? null,
        retried,
      });
      return retried;
    },

    async outbox(actor, status) {
      await allow(actor, 'read');
      const rows = await deps.repo.undelivered(
        status === 'failed' ? ['failed'] : pendingStatuses,
        500,
      );
      const runs = await deps.repo.deliveryRuns(rows.map((r) => r.id));
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        recipient: maskRecipient(r.channel, r.recipient),
        kind: r.isReply ? `${r.channel}.reply` : r.channel,
        status: r.status,
        // The sender's own try, then the delivery job's runs.
        attempts: 1 + (runs.get(r.id) ?? 0),
        lastError: errorKindOf(r.error),
        createdAt: r.createdAt.toISOString(),
        purged: r.purged,
      }));
    },

    async retryMessage(actor, id) {
      await allow(actor, 'write');
      const retried = await deps.repo.requeueFailed(id);
      if (retried) {
        // No idempotency key: the conditional update above is what makes it once.
        try {
          await deps.jobs.send('outbox.deliver', { outboxId: id });
        } catch (error) {
          // Not queued: the row goes back to `failed`, so another retry may try again.
          await deps.repo.unrequeue(id);
          throw error;
        }
      }
      await deps.audit.record(actor, 'backoffice.outbox.retry', null, { id, retried });
      return retried;
    },
  };
}
