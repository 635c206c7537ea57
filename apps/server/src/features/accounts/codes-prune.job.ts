import type { JobDefinition, JobPayloads } from '../../platform/jobs/jobs';

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** Deletes one-time codes long expired. No payload: it reads the table. */
    'accounts.pruneCodes': Record<string, never>;
  }
}

/** Expired codes are kept this long, so a late reset link still answers "expired". */
export const codeRetentionMs = 7 * 24 * 60 * 60_000;

/**
 * Once a day (03:17 UTC) one process deletes sign-in codes, reset links and known-device
 * tokens that expired more than a week ago: one_time_codes would otherwise grow by a row per
 * login and per remembered device forever. Idempotent; a missed day is caught up by the next.
 */
export function pruneCodesJob(deps: {
  pruneCodes: (before: Date) => Promise<number>;
  now: () => Date;
  onPruned?: (count: number) => void;
}): JobDefinition<JobPayloads, 'accounts.pruneCodes'> {
  return {
    name: 'accounts.pruneCodes',
    options: {
      retryLimit: 2,
      retryDelaySeconds: 60,
      retryBackoff: false,
      expireInSeconds: 600,
      exclusive: true,
    },
    schedule: { cron: '17 3 * * *', payload: {} },
    async handler() {
      const count = await deps.pruneCodes(new Date(deps.now().getTime() - codeRetentionMs));
      if (count > 0) deps.onPruned?.(count);
    },
  };
}
