import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../outbox.repo';
import type { JobContext } from './jobs';
import { outboxDeliveryJob, queueOutboxRetry } from './outbox-delivery.job';

const context: JobContext = { id: 'job-1', attempt: 1, signal: new AbortController().signal };
const created = new Date('2026-11-23T12:00:00Z');

function fakeOutbox(message: Partial<OutboxMessage>) {
  const row: OutboxMessage = {
    id: 9,
    channel: 'email',
    to: 'nora@example.test',
    subject: 'Your code',
    text: 'Code 123456',
    body: 'sealed',
    status: 'failed',
    createdAt: created.toISOString(),
    ...message,
  };
  const statuses: { status: string; detail: object }[] = [];
  const purged: number[] = [];
  return {
    statuses,
    purged,
    find: async (id: number) => (id === row.id ? row : undefined),
    setStatus: async (_id: number, status: string, detail: object) => {
      statuses.push({ status, detail });
    },
    purgeBody: async (id: number) => {
      purged.push(id);
    },
  };
}

const at = (minutes: number) => () => new Date(created.getTime() + minutes * 60_000);

describe('outbox delivery job', () => {
  it('re-sends a failed e-mail and marks it sent', async () => {
    const outbox = fakeOutbox({});
    const sent: object[] = [];
    const job = outboxDeliveryJob({
      outbox,
      sendEmail: async (message) => {
        sent.push(message);
        return 'smtp-1';
      },
      now: at(1),
    });
    await job.handler({ outboxId: 9 }, context);
    expect(sent).toEqual([{ to: 'nora@example.test', subject: 'Your code', text: 'Code 123456' }]);
    expect(outbox.statuses).toEqual([{ status: 'sent', detail: { providerId: 'smtp-1' } }]);
  });

  it('records a new failure and throws, so the queue retries', async () => {
    const outbox = fakeOutbox({ channel: 'sms', to: '+13055550142', subject: null });
    const job = outboxDeliveryJob({
      outbox,
      sendSms: async () => {
        throw new Error('twilio 503');
      },
      now: at(1),
    });
    await expect(job.handler({ outboxId: 9 }, context)).rejects.toThrow('twilio 503');
    expect(outbox.statuses).toEqual([{ status: 'failed', detail: { error: 'twilio 503' } }]);
    // Retries are still to come: the body stays (sealed) for them.
    expect(outbox.purged).toEqual([]);
  });

  it('purges the body when the last try fails: the message is given up', async () => {
    const outbox = fakeOutbox({});
    const job = outboxDeliveryJob({
      outbox,
      sendEmail: async () => {
        throw new Error('smtp 451');
      },
      now: at(8),
    });
    // retryLimit 3: the fourth run is the last.
    await expect(job.handler({ outboxId: 9 }, { ...context, attempt: 4 })).rejects.toThrow(
      'smtp 451',
    );
    expect(outbox.statuses).toEqual([{ status: 'failed', detail: { error: 'smtp 451' } }]);
    expect(outbox.purged).toEqual([9]);
  });

  it('purges the body of a message too old to send, and sends nothing', async () => {
    let sends = 0;
    const outbox = fakeOutbox({});
    const job = outboxDeliveryJob({
      outbox,
      sendEmail: async () => {
        sends += 1;
        return undefined;
      },
      now: at(16),
    });
    await job.handler({ outboxId: 9 }, context);
    expect(sends).toBe(0);
    expect(outbox.statuses).toEqual([]);
    expect(outbox.purged).toEqual([9]);
  });

  it('records a body it cannot open as a failure, so the queue retries (another key)', async () => {
    let sends = 0;
    const outbox = fakeOutbox({ text: null, body: 'other-key' });
    const job = outboxDeliveryJob({
      outbox,
      sendEmail: async () => {
        sends += 1;
        return undefined;
      },
      now: at(1),
    });
    await expect(job.handler({ outboxId: 9 }, context)).rejects.toThrow(/another key/);
    expect(sends).toBe(0);
    expect(outbox.statuses).toEqual([
      { status: 'failed', detail: { error: 'message body sealed with another key' } },
    ]);
  });

  it('sends nothing for a message already sent, never meant to leave, gone, purged, or too old', async () => {
    let sends = 0;
    const send = async () => {
      sends += 1;
      return undefined;
    };
    for (const [message, now] of [
      [{ status: 'sent' }, at(1)],
      [{ status: 'outbox' }, at(1)],
      [{ id: 10 }, at(1)],
      [{ text: null, body: 'purged' }, at(1)],
      [{}, at(16)],
    ] as const) {
      const outbox = fakeOutbox(message);
      const job = outboxDeliveryJob({ outbox, sendEmail: send, sendSms: send, now });
      await job.handler({ outboxId: 9 }, context);
      expect(outbox.statuses).toEqual([]);
    }
    expect(sends).toBe(0);
  });

  it('retries with backoff and gives up after the third retry', () => {
    const job = outboxDeliveryJob({ outbox: fakeOutbox({}) });
    expect(job.options).toMatchObject({ retryLimit: 3, retryBackoff: true, retryDelaySeconds: 30 });
  });

  it('queues one re-send per message, by its id only', async () => {
    const sends: unknown[] = [];
    const retry = queueOutboxRetry({
      send: async (...args: unknown[]) => {
        sends.push(args);
        return 'id';
      },
    } as never);
    await retry(9);
    expect(sends).toEqual([
      ['outbox.deliver', { outboxId: 9 }, { delaySeconds: 30, idempotencyKey: 'outbox:9' }],
    ]);
  });
});
