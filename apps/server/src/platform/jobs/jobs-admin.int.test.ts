import type { AddressInfo } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  demo,
  login,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { auditLog, outbox } from '../../db/schema/platform';
import { createJobs } from './jobs';

/**
 * The back office's Jobs and outbox on each database: who may, bad input, a
 * dead-lettered job retried once, a refused e-mail listed (masked, no body) and re-sent exactly
 * once by eight simultaneous retries, and the audit of every retry.
 */
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function until(what: string, condition: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(databaseKinds)('back office: jobs and outbox on %s', (kind) => {
  const mails: string[][] = [];
  let refuse = true;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      if (refuse) callback(new Error('Mailbox unavailable'));
      else callback();
    },
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        mails.push(session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  let t: TestApp;
  let jobs: ReturnType<typeof createJobs<{ 'test.fail': { n: number } }>>;
  let admin: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await startTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    jobs = createJobs<{ 'test.fail': { n: number } }>({
      database: t.database,
      logger: silent,
      pollIntervalSeconds: 0.5,
    });
    jobs.define(
      'test.fail',
      async () => {
        throw new Error('ECONNREFUSED while calling patient@apothecall.test');
      },
      { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 30 },
    );
    await jobs.start();
    admin = await login(t, 'admin@apothecall.test');
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop({ graceMs: 1000 });
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const call = (method: 'GET' | 'POST', url: string, token: string | null, lang = 'en') =>
    t.fastify.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), 'x-app-params': `lang=${lang}` },
    });

  const audited = async (action: string) =>
    t.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.outcome, 'success')));

  it('is for admins only: 401 without a session, 403 for support and every other role', async () => {
    const urls: ['GET' | 'POST', string][] = [
      ['GET', '/api/admin/jobs/failed'],
      ['POST', '/api/admin/jobs/failed/00000000-0000-4000-8000-000000000000/retry'],
      ['GET', '/api/admin/jobs/outbox?status=failed'],
      ['POST', '/api/admin/jobs/outbox/999999/retry'],
    ];
    const others = await Promise.all(
      ['support@apothecall.test', demo.patient, demo.provider, 'pharmacist@apothecall.test'].map(
        (who) => login(t, who),
      ),
    );
    for (const [method, url] of urls) {
      expect((await call(method, url, null)).statusCode).toBe(401);
      for (const token of others) {
        const refused = await call(method, url, token);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ error: true, errorCode: 'BACK_OFFICE_REFUSED' });
      }
      expect((await call(method, url, admin)).statusCode).toBe(200);
    }
    const spanish = await call('GET', '/api/admin/jobs/failed', others[0]!, 'es');
    expect(spanish.json().errorMsg).toBe('Su rol no puede usar esta parte de la administración.');
    expect(await audited('backoffice.jobs.retry')).toEqual([
      { detail: { id: '00000000-0000-4000-8000-000000000000', job: null, retried: false } },
    ]);
  });

  it('answers bad input 400 in the caller language, changing nothing', async () => {
    const before = await t.database.db.select().from(outbox);
    const en = await call('GET', '/api/admin/jobs/outbox?status=bogus', admin);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      error: true,
      errorCode: 'VALIDATION',
      errorMsg: 'Please check your information: "status" is not valid.',
    });
    const es = await call('GET', '/api/admin/jobs/outbox?status=bogus', admin, 'es');
    expect(es.json().errorMsg).toBe('Revise su información: «status» no es válido.');
    for (const url of [
      '/api/admin/jobs/failed/not-a-uuid/retry',
      '/api/admin/jobs/outbox/abc/retry',
      '/api/admin/jobs/outbox/-4/retry',
      '/api/admin/jobs/outbox/99999999999999999999/retry',
    ]) {
      const en = await call('POST', url, admin);
      expect(en.statusCode).toBe(400);
      const es = await call('POST', url, admin, 'es');
      expect(es.statusCode).toBe(400);
      expect(es.json().errorMsg).not.toBe(en.json().errorMsg);
    }
    expect(await t.database.db.select().from(outbox)).toEqual(before);
  });

  it('lists a dead-lettered job without its payload and retries it once', async () => {
    await jobs.send('test.fail', { n: 7 });
    await until('the job dead-lettered', async () => (await jobs.deadLetters()).length === 1);
    const listed = await call('GET', '/api/admin/jobs/failed', admin);
    expect(listed.statusCode).toBe(200);
    const [entry] = listed.json().jobs;
    expect(entry).toMatchObject({ job: 'test.fail', attempts: 1, errorKind: 'ECONNREFUSED' });
    expect(listed.body).not.toContain('patient@apothecall.test');
    expect(listed.body).not.toContain('"n"');

    const first = await call('POST', `/api/admin/jobs/failed/${entry.id}/retry`, admin);
    expect(first.json()).toEqual({ error: false, retried: true });
    const second = await call('POST', `/api/admin/jobs/failed/${entry.id}/retry`, admin);
    expect(second.json()).toEqual({ error: false, retried: false });
    const rows = await audited('backoffice.jobs.retry');
    expect(rows.filter((r) => (r.detail as { id: string }).id === entry.id)).toEqual([
      { detail: { id: entry.id, job: 'test.fail', retried: true } },
      { detail: { id: entry.id, job: null, retried: false } },
    ]);
  });

  it('lists a refused e-mail masked and re-sends it exactly once for eight retries at once', async () => {
    refuse = true;
    await t.fastify.inject({
      method: 'POST',
      url: '/api/password-reset',
      payload: { email: demo.patient },
    });
    const [row] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, demo.patient)));
    expect(row?.status).toBe('failed');

    const listed = await call('GET', '/api/admin/jobs/outbox?status=failed', admin);
    expect(listed.statusCode).toBe(200);
    const message = listed.json().messages.find((m: { id: number }) => m.id === row!.id);
    expect(message).toMatchObject({
      channel: 'email',
      recipient: 'p…@apothecall.test',
      kind: 'email',
      status: 'failed',
      attempts: 1,
      purged: false,
    });
    expect(listed.body).not.toContain(demo.patient);
    expect(listed.body).not.toContain('resetpw');
    expect(listed.body).not.toContain('reset your password');

    refuse = false;
    const delivered = mails.length;
    const retries = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('POST', `/api/admin/jobs/outbox/${row!.id}/retry`, admin),
      ),
    );
    expect(retries.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(retries.filter((r) => r.json().retried === true)).toHaveLength(1);
    await until('the e-mail sent', async () => {
      const [now] = await t.database.db.select().from(outbox).where(eq(outbox.id, row!.id));
      return now?.status === 'sent';
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mails.slice(delivered)).toEqual([[demo.patient]]);
    const again = await call('POST', `/api/admin/jobs/outbox/${row!.id}/retry`, admin);
    expect(again.json()).toEqual({ error: false, retried: false });

    const rows = (await audited('backoffice.outbox.retry')).filter(
      (r) => (r.detail as { id: number }).id === row!.id,
    );
    expect(rows).toHaveLength(9);
    expect(rows.filter((r) => (r.detail as { retried: boolean }).retried)).toHaveLength(1);
    const pending = await call('GET', '/api/admin/jobs/outbox?status=pending', admin);
    expect(pending.json().messages.map((m: { id: number }) => m.id)).not.toContain(row!.id);
    // The eight, the one after, and the access test's retry of a message that does not exist.
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(like(auditLog.action, 'backoffice.outbox%')),
    ).toHaveLength(10);
  });
});
