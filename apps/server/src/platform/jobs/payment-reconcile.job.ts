import type { JobDefinition, JobPayloads } from './jobs';

declare module './jobs' {
  interface JobPayloads {
    /** Settles ledger entries a stopped process left pending. No payload: it reads the ledger. */
    'payments.reconcile': Record<string, never>;
  }
}

export const paymentReconcileJobName = 'payments.reconcile';

/**
 * Payment reconciliation as a recurring job instead of app.ts's setInterval: every
 * PAYMENT_RECONCILE_AFTER_SECONDS (rounded to whole minutes, pg-boss's cron resolution; at least
 * one) one process — whichever claims the run — calls `reconcile()` (the payments area's
 * `charges.reconcile`, handed in by the app so platform imports no feature). The queue is
 * `exclusive`: one run queued or running in all processes together, so two never settle the same
 * entries at once and a slow run is not stacked behind another. The schedule is stored in the
 * database, so it survives restarts, and a run missed while everything was down is not made up
 * (the next one settles the same entries).
 *
 * `reconcile` only settles entries older than the same threshold, so a run never touches a
 * charge still in flight; a gateway that does not answer leaves entries for the next run. It
 * throws only when the database fails: then pg-boss retries twice, 10 s apart, and dead-letters.
 */
export function paymentReconcileJob(deps: {
  reconcile: () => Promise<{ succeeded: number; failed: number }>;
  everySeconds: number;
  /** Told what a run settled when it settled anything (the app logs it). */
  onSettled?: (result: { succeeded: number; failed: number }) => void;
}): JobDefinition<JobPayloads, 'payments.reconcile'> {
  return {
    name: paymentReconcileJobName,
    options: {
      retryLimit: 2,
      retryDelaySeconds: 10,
      retryBackoff: false,
      // Each pending entry may wait on the gateway (10 s timeout).
      expireInSeconds: 15 * 60,
      exclusive: true,
    },
    schedule: { cron: everyCron(deps.everySeconds), payload: {} },
    async handler() {
      const result = await deps.reconcile();
      if (result.succeeded + result.failed > 0) deps.onSettled?.(result);
    },
  };
}

/** A cron expression (minute resolution) for "every so many seconds", rounded up to minutes. */
export function everyCron(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes === 1) return '* * * * *';
  if (minutes >= 60) return '0 * * * *';
  return `*/${minutes} * * * *`;
}
