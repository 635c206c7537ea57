import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestApp, type TestApp } from '../../test/harness';
import { outboxRows } from '../../test/outbox';
import { twilioDouble } from '../../test/twilio-double';
import { accounts, persons } from '../db/schema/accounts';
import { outbox } from '../db/schema/platform';
import { twilioProvider } from './sms.service';

/** An outbox row as a backup would hold it: every column, as text. */
async function rawRow(t: TestApp, id: number): Promise<string> {
  const result = await t.database.db.execute(
    sql`select o::text as row from outbox o where o.id = ${id}`,
  );
  return (result as unknown as { rows: { row: string }[] }).rows[0]?.row ?? '';
}

/** The newest outbox message of the channel (to `recipient` when given), opened. */
async function latestTo(t: TestApp, channel: 'email' | 'sms', recipient?: string) {
  const rows = await outboxRows(
    t,
    and(eq(outbox.channel, channel), recipient ? eq(outbox.recipient, recipient) : undefined),
  );
  const row = rows.at(-1);
  if (!row) throw new Error(`no ${channel} in the outbox`);
  return row;
}

/** Sets the phone on file of a login's account holder (the holder's person id is the account's). */
async function setHolderPhone(t: TestApp, loginId: string, phone: string): Promise<void> {
  const [account] = await t.database.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.loginId, loginId));
  if (!account) throw new Error(`no account ${loginId}`);
  await t.database.db.update(persons).set({ phone }).where(eq(persons.id, account.id));
}

/** Re-sends queued for one outbox message. */
async function retriesOf(t: TestApp, outboxId: number): Promise<number> {
  const { rows } = await t.database.raw.query(
    "select count(*)::int as n from pgboss.job where name = 'outbox.deliver' and data->>'outboxId' = $1",
    [String(outboxId)],
  );
  return Number((rows[0] as { n: number } | undefined)?.n ?? 0);
}

const resetCode = (text: string | null | undefined) =>
  /#\/resetpw\/([A-Za-z0-9_-]{32})/.exec(text ?? '')?.[1];

describe('Twilio SMS adapter against a loopback double', () => {
  const double = twilioDouble();
  let base = '';
  beforeAll(async () => {
    base = await double.listen();
  });
  afterAll(() => double.close());

  it("posts the message in Twilio's wire format and returns its sid", async () => {
    const provider = twilioProvider({ accountSid: 'AC123', authToken: 'secret', apiBase: base });
    const sid = await provider.send({ to: '+13055550142', from: '+15005550006', body: 'Hello' });
    expect(sid).toMatch(/^SM/);
    const last = double.received.at(-1)!;
    expect(last.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(last.auth).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
    expect(Object.fromEntries(last.form)).toEqual({
      To: '+13055550142',
      From: '+15005550006',
      Body: 'Hello',
    });
  });

  it("surfaces Twilio's error code and message", async () => {
    const provider = twilioProvider({ accountSid: 'AC123', authToken: 'secret', apiBase: base });
    await expect(
      provider.send({ to: '+15005550001', from: '+15005550006', body: 'x' }),
    ).rejects.toThrow(/21211/);
  });

  describe.each(databaseKinds)('through the app on %s', (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC123',
        TWILIO_AUTH_TOKEN: 'secret',
        TWILIO_API_BASE: base,
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('texts a number stored as typed (305-555-0142) in E.164, as Twilio requires', async () => {
      // Numbers on file are in whatever form they were typed (rows from before E.164 too).
      await setHolderPhone(t, 'patient@apothecall.test', '305-555-0142');
      const before = double.received.length;
      await t.fastify.inject({
        method: 'POST',
        url: '/api/password-reset',
        payload: { email: 'patient@apothecall.test' },
      });
      expect(double.received.length).toBe(before + 1);
      expect(double.received.at(-1)?.form.get('To')).toBe('+13055550142');
      // The outbox records what was sent: the E.164 form, delivered.
      const sms = await latestTo(t, 'sms');
      expect(sms).toMatchObject({ recipient: '+13055550142', status: 'sent', error: null });
    });

    it('does not send a number that is no phone number: recorded as failed, not retried', async () => {
      // Seven digits (the spec's form check lets them through) but no area code: not textable.
      await setHolderPhone(t, 'patient@apothecall.test', '555-0142');
      const before = double.received.length;
      const response = await t.fastify.inject({
        method: 'POST',
        url: '/api/password-reset',
        payload: { email: 'patient@apothecall.test' },
      });
      expect(response.statusCode).toBe(200);
      expect(double.received.length).toBe(before);
      const sms = await latestTo(t, 'sms');
      expect(sms).toMatchObject({ status: 'failed', body: null, bodyState: 'purged' });
      // The error says why without repeating the number.
      expect(sms.error).toMatch(/not a valid phone number/);
      expect(sms.error).not.toMatch(/0142/);
      expect(await retriesOf(t, sms.id)).toBe(0);
      await setHolderPhone(t, 'patient@apothecall.test', '305-555-0142');
    });

    it('sends the reset SMS through the provider and records it as sent', async () => {
      const before = double.received.length;
      await t.fastify.inject({
        method: 'POST',
        url: '/api/password-reset',
        payload: { email: 'patient@apothecall.test' },
      });
      expect(double.received.length).toBe(before + 1);
      expect(double.received.at(-1)?.form.get('Body')).toMatch(/#\/resetpw\//);
      const rows = await t.database.db.select().from(outbox).where(eq(outbox.channel, 'sms'));
      expect(rows.at(-1)).toMatchObject({ status: 'sent', providerId: `SM${'a'.repeat(32)}` });
    });

    it('keeps no reset link in clear: the e-mail waits sealed, the SMS is purged once sent', async () => {
      const before = double.received.length;
      await t.fastify.inject({
        method: 'POST',
        url: '/api/password-reset',
        payload: { email: 'patient@apothecall.test' },
      });
      // Delivered, link and all.
      expect(double.received.length).toBe(before + 1);
      const code = resetCode(double.received.at(-1)?.form.get('Body'));
      expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);

      // The SMS went out: nothing of what it said is left, sealed or not.
      const sms = await latestTo(t, 'sms');
      expect(sms).toMatchObject({ status: 'sent', body: null, bodyState: 'purged' });
      expect(sms.bodyPurgedAt).toBeInstanceOf(Date);
      const smsRow = await rawRow(t, sms.id);
      expect(smsRow).toContain(sms.recipient);
      expect(smsRow).not.toContain(code);
      expect(smsRow).not.toContain('resetpw');

      // The e-mail has no SMTP here, so the outbox is its delivery: kept, but sealed.
      const mail = await latestTo(t, 'email', 'patient@apothecall.test');
      expect(mail).toMatchObject({ status: 'outbox', bodyState: 'sealed' });
      expect(resetCode(mail.body)).toBe(code);
      const mailRow = await rawRow(t, mail.id);
      expect(mailRow).toContain('patient@apothecall.test');
      expect(mailRow).not.toContain(code!);
      expect(mailRow).not.toContain('resetpw');
    });
  });
});

describe.each(databaseKinds)('e-mail over a real SMTP server on loopback (%s)', (kind) => {
  const mails: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => {
        raw += chunk;
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  let t: TestApp;
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await startTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the reset e-mail and marks it sent', async () => {
    await t.fastify.inject({
      method: 'POST',
      url: '/api/password-reset',
      payload: { email: 'patient@apothecall.test' },
    });
    const mail = mails.find((m) => m.to.includes('patient@apothecall.test'));
    expect(mail?.raw).toContain('Subject: Apothecall: reset your password');
    const unfolded = mail?.raw.replace(/=\r?\n/g, '') ?? '';
    expect(unfolded).toMatch(/#\/resetpw\/[A-Za-z0-9_-]{32}/);
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.channel, 'email'));
    expect(rows.at(-1)?.status).toBe('sent');
  });

  it('seals the reset e-mail in the outbox, delivers it intact, then purges it', async () => {
    await t.fastify.inject({
      method: 'POST',
      url: '/api/password-reset',
      payload: { email: 'patient@apothecall.test' },
    });
    const wire = mails.filter((m) => m.to.includes('patient@apothecall.test')).at(-1);
    const code = resetCode(wire?.raw.replace(/=\r?\n/g, ''));
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const mail = await latestTo(t, 'email', 'patient@apothecall.test');
    expect(mail).toMatchObject({
      status: 'sent',
      subject: 'Apothecall: reset your password',
      body: null,
      bodyState: 'purged',
    });
    expect(mail.bodyPurgedAt).toBeInstanceOf(Date);
    const row = await rawRow(t, mail.id);
    expect(row).toContain('Apothecall: reset your password');
    expect(row).not.toContain(code!);
    expect(row).not.toContain('resetpw');

    // The SMS has no provider here: it waits in the outbox, sealed, link intact when opened.
    const sms = await latestTo(t, 'sms');
    expect(sms).toMatchObject({ status: 'outbox', bodyState: 'sealed' });
    expect(resetCode(sms.body)).toBe(code);
    expect(await rawRow(t, sms.id)).not.toContain(code!);
  });
});
