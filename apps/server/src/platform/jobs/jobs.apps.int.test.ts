import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestApp, type TestApp } from '../../../test/harness';
import { outboxRepoOf, outboxRows } from '../../../test/outbox';
import { twilioDouble } from '../../../test/twilio-double';
import { outbox } from '../../db/schema/platform';

/**
 * Two whole apps on one database, as two processes behind a load balancer would run: delivery
 * jobs sent from one app are worked by both, and each message leaves exactly once. The apps send
 * through a Twilio double with different `From` numbers, so the double sees which app delivered
 * each message. No timing is asserted: the test waits (bounded) for what the database says.
 */
const double = twilioDouble();
let base = '';
beforeAll(async () => {
  base = await double.listen();
});
afterAll(() => double.close());

const twilio = (from: string) => ({
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC123',
  TWILIO_AUTH_TOKEN: 'secret',
  TWILIO_API_BASE: base,
  SMS_FROM: from,
});

async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(databaseKinds)('jobs across two apps on one %s database', (kind) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp(kind, twilio('+15005550006'));
    b = await startTestApp(kind, twilio('+15005550007'), { database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers each queued message exactly once, whichever app works the job', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const repo = outboxRepoOf(a);
    const ids: number[] = [];
    for (let i = 0; i < 16; i++) {
      const id = await repo.insert({
        channel: 'sms',
        to: `+1305555${String(1000 + i)}`,
        body: `${tag} message ${i}`,
        status: 'sending',
      });
      await repo.setStatus(id, 'failed', { error: 'first try refused' });
      ids.push(id);
    }
    // Sent from app A only; app B's workers poll the same queue.
    for (const outboxId of ids) {
      expect(await a.jobs.send('outbox.deliver', { outboxId })).toMatch(/^[0-9a-f-]{36}$/);
    }

    await until('every message sent', async () => {
      const now = await a.database.db
        .select({ status: outbox.status })
        .from(outbox)
        .where(inArray(outbox.id, ids));
      return now.every((r) => r.status === 'sent');
    });
    await until('every job completed', async () => {
      const { rows: states } = await a.database.raw.query(
        "select count(*)::int as open from pgboss.job where name = 'outbox.deliver' and state <> 'completed'",
      );
      return Number(states[0]?.open) === 0;
    });

    const ours = double.received.filter((r) => r.form.get('Body')?.startsWith(tag));
    const bodies = ours.map((r) => r.form.get('Body'));
    expect(bodies).toHaveLength(16);
    expect(new Set(bodies).size).toBe(16);
    // Each delivery came from one of the two apps' numbers, nothing else.
    for (const r of ours) expect(['+15005550006', '+15005550007']).toContain(r.form.get('From'));
    expect(await a.jobs.deadLetters()).toEqual([]);
    // Sent, so nothing of what they said is kept.
    const stored = await outboxRows(a, inArray(outbox.id, ids));
    expect(stored.map((m) => m.bodyState)).toEqual(Array(16).fill('purged'));
  }, 90_000);
});
