import { describe, expect, it } from 'vitest';
import type { OutboxRepo } from './outbox.repo';
import { createSmsSender, notAPhoneNumberError, type SmsProvider } from './sms.service';

/** The outbox in memory: rows as the sender leaves them. */
function memoryOutbox() {
  const rows: { id: number; to: string; body: string | null; status: string; error?: string }[] =
    [];
  const repo: Pick<OutboxRepo, 'insert' | 'setStatus' | 'purgeBody'> = {
    async insert(row) {
      rows.push({ id: rows.length + 1, to: row.to, body: row.body, status: row.status });
      return rows.length;
    },
    async setStatus(id, status, detail) {
      const row = rows[id - 1]!;
      row.status = status;
      if (detail.error) row.error = detail.error;
    },
    async purgeBody(id) {
      rows[id - 1]!.body = null;
    },
  };
  return { rows, repo: repo as OutboxRepo };
}

function recordingProvider() {
  const sent: { to: string; from: string; body: string }[] = [];
  const provider: SmsProvider = {
    name: 'recording',
    async send(message) {
      sent.push(message);
      return 'SM1';
    },
  };
  return { sent, provider };
}

describe('SMS sender', () => {
  it('sends and records the number in E.164, however it was typed', async () => {
    const outbox = memoryOutbox();
    const { sent, provider } = recordingProvider();
    const sender = createSmsSender({ provider, from: '+15005550006', outbox: outbox.repo });
    await sender.send('305-555-0142', 'Hello');
    await sender.send('(305) 555 0143', 'Hello');
    expect(sent.map((m) => m.to)).toEqual(['+13055550142', '+13055550143']);
    expect(outbox.rows.map((r) => [r.to, r.status])).toEqual([
      ['+13055550142', 'sent'],
      ['+13055550143', 'sent'],
    ]);
  });

  it('keeps the E.164 form in the outbox when no provider is configured', async () => {
    const outbox = memoryOutbox();
    const sender = createSmsSender({
      provider: undefined,
      from: '+15005550006',
      outbox: outbox.repo,
    });
    await sender.send('1-305-555-0142', 'Hello');
    expect(outbox.rows).toEqual([{ id: 1, to: '+13055550142', body: 'Hello', status: 'outbox' }]);
  });

  it('does not send what is not a phone number: failed, body dropped, not retried', async () => {
    const outbox = memoryOutbox();
    const { sent, provider } = recordingProvider();
    const retried: number[] = [];
    const errors: unknown[] = [];
    const sender = createSmsSender({
      provider,
      from: '+15005550006',
      outbox: outbox.repo,
      onError: (e) => errors.push(e),
      retry: async (id) => {
        retried.push(id);
      },
    });
    for (const typed of ['555-0142', '123-456-7890', 'call me']) await sender.send(typed, 'Hi');
    expect(sent).toEqual([]);
    expect(retried).toEqual([]);
    expect(outbox.rows.map((r) => [r.status, r.body, r.error])).toEqual(
      Array(3).fill(['failed', null, notAPhoneNumberError]),
    );
    // The rows keep what was typed (an operator sees which number); the error never repeats it.
    expect(outbox.rows.map((r) => r.to)).toEqual(['555-0142', '123-456-7890', 'call me']);
    expect(errors).toHaveLength(3);
  });

  it('re-sends (the retry job) in E.164, and refuses a stored number that is none', async () => {
    const { sent, provider } = recordingProvider();
    const sender = createSmsSender({ provider, from: '+15005550006', outbox: memoryOutbox().repo });
    await sender.deliver({ to: '305-555-0142', body: 'Again' });
    expect(sent).toEqual([{ to: '+13055550142', from: '+15005550006', body: 'Again' }]);
    await expect(sender.deliver({ to: '555-0142', body: 'Again' })).rejects.toThrow(
      notAPhoneNumberError,
    );
  });
});
