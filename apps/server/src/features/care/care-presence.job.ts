import type { JobDefinition, JobPayloads } from '../../platform/jobs/jobs';
import type { PresenceSweepResult } from './care-presence';

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** Presence sweep. No payload: it reads the roster and the waiting visits. */
    'care.presence': Record<string, never>;
  }
}

/**
 * Every minute one process switches off duty the providers not seen within the grace, tells
 * waiting patients whose state has nobody left, cancels (and refunds) visits nobody claimed
 * within the limit, and tells each patient of a visit in progress its state again
 * (`createPresenceSweep`). Exclusive, so runs do not stack; two processes at
 * once are safe anyway (every change is conditional, every refund keyed).
 */
export function carePresenceJob(deps: {
  sweep: () => Promise<PresenceSweepResult>;
  onRun?: (result: PresenceSweepResult) => void;
}): JobDefinition<JobPayloads, 'care.presence'> {
  return {
    name: 'care.presence',
    options: {
      retryLimit: 1,
      retryDelaySeconds: 30,
      retryBackoff: false,
      expireInSeconds: 5 * 60,
      exclusive: true,
    },
    schedule: { cron: '* * * * *', payload: {} },
    async handler() {
      const result = await deps.sweep();
      deps.onRun?.(result);
    },
  };
}
