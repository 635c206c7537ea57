import type { JobDefinition, JobPayloads } from '../../platform/jobs/jobs';
import type { RenewalResult } from './subscription-renewals';

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** Renews what is due. No payload: it reads the subscriptions. */
    'subscriptions.renew': Record<string, never>;
  }
}

/**
 * Renewals as a recurring job: every five minutes one process, whichever claims the
 * run, charges what has come due (`createRenewals`). Exclusive, so runs do not stack; a second
 * process running renewals at the same moment (a deploy overlapping) is safe anyway, because every
 * charge carries the renewal's idempotency key and the move to the next cycle is conditional.
 */
export function subscriptionRenewJob(deps: {
  renewDue: () => Promise<RenewalResult>;
  onRun?: (result: RenewalResult) => void;
}): JobDefinition<JobPayloads, 'subscriptions.renew'> {
  return {
    name: 'subscriptions.renew',
    options: {
      retryLimit: 2,
      retryDelaySeconds: 30,
      retryBackoff: false,
      expireInSeconds: 15 * 60,
      exclusive: true,
    },
    schedule: { cron: '*/5 * * * *', payload: {} },
    async handler() {
      const result = await deps.renewDue();
      deps.onRun?.(result);
    },
  };
}
