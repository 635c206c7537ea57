import { execFile, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { promisify } from 'node:util';
import type { InboxThreadsResponse } from '@apothecall/domain/inbox/inbox.api';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, startTestApp, type TestApp } from '../../../test/harness';
import { tryOutInboundSmtpPort } from '../../config';
import { demoInbox } from '../../db/seed/demo-pharmacies';
import { inboxLines } from '../../start-up-text';

const address = 'sunrise-pharmacy@inbox.apothecall.test';
const hasCurl = spawnSync('curl', ['--version']).status === 0;

/**
 * The embedded demo receives mail with nothing set: without
 * INBOUND_SMTP_PORT (and without DATABASE_URL, with the demo data) the inbound SMTP endpoint
 * listens on loopback, 2525 or any free port when that is taken, and a failure to listen does
 * not stop the start. The start-up text's command delivers to the demo pharmacy.
 */
describe('the embedded demo inbox, with no INBOUND_SMTP_PORT', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  // 2525 held for the whole file (by this test, or by whoever already holds it on this machine),
  // so the app must find another port.
  let holder: Server | undefined;

  async function inbox(): Promise<InboxThreadsResponse> {
    const res = await t.fastify.inject({
      method: 'GET',
      url: '/api/pharmacy/inbox',
      headers: staff,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as InboxThreadsResponse;
  }

  beforeAll(async () => {
    holder = await new Promise<Server | undefined>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(undefined));
      server.listen(tryOutInboundSmtpPort, '127.0.0.1', () => resolve(server));
    });
    // '' is unset, as in a shell: the harness otherwise turns the endpoint off.
    t = await startTestApp('pglite', { INBOUND_SMTP_PORT: '' });
    staff = bearer(await login(t, demoInbox.reader));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (holder ? holder.close(() => resolve()) : resolve()));
  });

  it('listens on loopback, on another port when 2525 is taken', () => {
    expect(t.config.inbox).toMatchObject({ smtpHost: '127.0.0.1', smtpTryOut: true });
    const port = t.inboundSmtpPort();
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(tryOutInboundSmtpPort);
  });

  it("stores a message sent over SMTP to the demo pharmacy's address in its inbox", async () => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: t.inboundSmtpPort(),
      secure: false,
      ignoreTLS: true,
    });
    try {
      const info = await transport.sendMail({
        from: 'maria.lopez@example.test',
        to: address,
        subject: 'Is my refill ready?',
        text: 'Hello, is my amoxicillin ready?',
      });
      expect(info.accepted).toEqual([address]);
    } finally {
      transport.close();
    }
    const list = await inbox();
    expect(list.address).toBe(address);
    expect(list.threads).toEqual([
      expect.objectContaining({
        subject: 'Is my refill ready?',
        counterpart: 'maria.lopez@example.test',
        lastDirection: 'in',
      }),
    ]);
  });

  it.skipIf(!hasCurl)('delivers with the command the start-up text prints', async () => {
    const lines = inboxLines({
      host: t.config.inbox.smtpHost,
      port: t.inboundSmtpPort() ?? 0,
      domain: t.config.inbox.domain,
      demo: demoInbox,
    });
    expect(lines[0]).toContain(address);
    expect(lines[0]).toContain(demoInbox.reader);
    // Asynchronously: the endpoint answering it runs in this process.
    await promisify(execFile)('sh', ['-c', lines[1] ?? 'false'], { timeout: 20_000 });
    const list = await inbox();
    expect(list.threads.find((row) => row.subject === 'Hello')).toMatchObject({
      counterpart: 'patient@example.test',
      lastSnippet: 'Is my refill ready?',
    });
  });
});

it('starts without the demo endpoint when it cannot listen at all', async () => {
  // 192.0.2.1 (TEST-NET-1) is no address of this machine: listening there fails.
  const t = await startTestApp('pglite', { INBOUND_SMTP_PORT: '', INBOUND_SMTP_HOST: '192.0.2.1' });
  try {
    expect(t.inboundSmtpPort()).toBeUndefined();
    expect(t.logs.join('')).toContain('inbound SMTP not started');
    const health = await t.fastify.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  } finally {
    await t.close();
  }
}, 60_000);
