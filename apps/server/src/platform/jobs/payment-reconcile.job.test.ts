import { describe, expect, it } from 'vitest';
import { everyCron, paymentReconcileJob } from './payment-reconcile.job';

describe('payment reconciliation job', () => {
  it('runs every PAYMENT_RECONCILE_AFTER_SECONDS, rounded up to whole minutes', () => {
    expect(everyCron(1)).toBe('* * * * *');
    expect(everyCron(60)).toBe('* * * * *');
    expect(everyCron(61)).toBe('*/2 * * * *');
    expect(everyCron(300)).toBe('*/5 * * * *');
    expect(everyCron(3600)).toBe('0 * * * *');
  });

  it('is exclusive and scheduled, and reports only runs that settled something', async () => {
    const results = [
      { succeeded: 0, failed: 0 },
      { succeeded: 1, failed: 2 },
    ];
    const told: object[] = [];
    const job = paymentReconcileJob({
      reconcile: async () => results.shift() ?? { succeeded: 0, failed: 0 },
      everySeconds: 60,
      onSettled: (result) => told.push(result),
    });
    expect(job.options.exclusive).toBe(true);
    expect(job.schedule).toEqual({ cron: '* * * * *', payload: {} });
    const context = { id: 'j', attempt: 1, signal: new AbortController().signal };
    await job.handler({}, context);
    await job.handler({}, context);
    expect(told).toEqual([{ succeeded: 1, failed: 2 }]);
  });
});
