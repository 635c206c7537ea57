import type { AddressInfo } from 'node:net';
import type { InboxThreadResponse, InboxThreadsResponse } from '@apothecall/domain/inbox/inbox.api';
import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, databaseKinds, login, startTestApp, type TestApp } from '../../../test/harness';
import { pngWithGps } from '../../../test/image-fixtures';
import { outboxRows } from '../../../test/outbox';
import { invitedPharmacist, sunriseAdmin } from '../../../test/pharmacists';
import { freePort } from '../../../test/ports';
import { accounts } from '../../db/schema/accounts';
import { auditLog, outbox } from '../../db/schema/platform';
import { imageJobsAtOnce, imageJobsWaiting, imageQueue } from '../../platform/files/upload-inspect';

const pharmacist = 'pharmacist@apothecall.test';
const otherPharmacist = 'lonestar-pharmacist@apothecall.test';
const address = 'sunrise-pharmacy@inbox.apothecall.test';
const sender = 'maria.lopez@example.test';

/**
 * The pharmacy e-mail inbox through the whole app: mail sent over real SMTP to the
 * app's own endpoint lands in the pharmacy's inbox, threaded; the pharmacy's reply goes out
 * through the mail channel with threading headers; other pharmacies and patients see nothing.
 */
describe.each(databaseKinds)('pharmacy e-mail inbox (%s)', (kind) => {
  let t: TestApp;
  let smtpPort = 0;
  let transport: nodemailer.Transporter;
  let staff: Record<string, string>;
  // The outgoing relay the app's replies are sent through (SMTP_URL).
  const relayed: { to: string[]; raw: string }[] = [];
  const relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => {
        raw += chunk;
      });
      stream.on('end', () => {
        relayed.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });

  beforeAll(async () => {
    smtpPort = await freePort();
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayPort = (relay.server.address() as AddressInfo).port;
    t = await startTestApp(kind, {
      SMTP_URL: `smtp://127.0.0.1:${relayPort}`,
      INBOUND_SMTP_PORT: String(smtpPort),
      INBOUND_SMTP_HOST: '127.0.0.1',
      INBOUND_MAIL_MAX_BYTES: String(400_000),
    });
    transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtpPort,
      secure: false,
      ignoreTLS: true,
    });
    staff = bearer(await login(t, pharmacist));
  }, 60_000);
  afterAll(async () => {
    transport?.close();
    await t?.close();
    await new Promise<void>((resolve) => relay.close(() => resolve()));
  });

  const send = (message: Mail.Options) => transport.sendMail({ from: sender, ...message });

  async function inbox(headers: Record<string, string>) {
    const res = await t.fastify.inject({ method: 'GET', url: '/api/pharmacy/inbox', headers });
    return { status: res.statusCode, body: res.json() as InboxThreadsResponse };
  }

  async function thread(id: string, headers: Record<string, string>) {
    const res = await t.fastify.inject({
      method: 'GET',
      url: `/api/pharmacy/inbox/threads/${id}`,
      headers,
    });
    return { status: res.statusCode, body: res.json() as InboxThreadResponse };
  }

  let threadId = '';
  let firstMessageId = '';
  let secondMessageId = '';
  let pngId = '';

  it('stores a message sent over SMTP, with its attachments, as a new thread', async () => {
    const png = await pngWithGps();
    const info = await send({
      to: address,
      subject: 'Question about my refill',
      text: 'Hello, is my amoxicillin ready?\r\nThanks, Maria',
      attachments: [
        { filename: 'insurance-card.png', content: png, contentType: 'image/png' },
        { filename: 'notes.txt', content: 'plain text', contentType: 'text/plain' },
      ],
    });
    firstMessageId = info.messageId;
    expect(info.accepted).toEqual([address]);

    const list = await inbox(staff);
    expect(list.status).toBe(200);
    expect(list.body.address).toBe(address);
    expect(list.body.total).toBe(1);
    const [row] = list.body.threads;
    expect(row).toMatchObject({
      subject: 'Question about my refill',
      counterpart: sender,
      messageCount: 1,
      lastDirection: 'in',
      hasAttachments: true,
    });
    expect(row?.lastSnippet).toContain('amoxicillin');
    threadId = row?.threadId ?? '';

    const opened = await thread(threadId, staff);
    expect(opened.status).toBe(200);
    const [email] = opened.body.thread.emails;
    expect(email).toMatchObject({
      direction: 'in',
      from: sender,
      to: [address],
      subject: 'Question about my refill',
      text: 'Hello, is my amoxicillin ready?\nThanks, Maria',
    });
    expect(email?.attachments).toEqual([
      expect.objectContaining({
        name: 'insurance-card.png',
        contentType: 'image/png',
        refusal: null,
      }),
      expect.objectContaining({ id: null, name: 'notes.txt', refusal: 'FILE_TYPE_NOT_ALLOWED' }),
    ]);
    pngId = email?.attachments[0]?.id ?? '';

    // The attachment's bytes: the re-encoded image, as a download.
    const file = await t.fastify.inject({
      method: 'GET',
      url: `/api/pharmacy/inbox/attachments/${pngId}`,
      headers: staff,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    // The attachment is a file of the pharmacy's mailbox account, which cannot sign in.
    const [mailbox] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.loginId, 'mailbox:pharmacy:sunrise-pharmacy'));
    expect(mailbox).toMatchObject({ role: 'pharmacyMailbox', organizationId: 'sunrise-pharmacy' });
    expect(mailbox?.disabledAt).not.toBeNull();
  });

  it('keeps an HTML-only message as text, never as HTML', async () => {
    await send({
      to: address,
      subject: 'Formatted',
      html: '<p>Hi <b>there</b></p><script>alert(1)</script><p>Line two</p>',
    });
    const list = await inbox(staff);
    const row = list.body.threads.find((r) => r.subject === 'Formatted');
    const opened = await thread(row?.threadId ?? '', staff);
    const text = opened.body.thread.emails[0]?.text ?? '';
    expect(text).toContain('Hi there');
    expect(text).toContain('Line two');
    expect(text).not.toMatch(/<\/?(p|b|script)>/);
  });

  it('threads a reply sent with In-Reply-To into the same thread, and stores a repeat once', async () => {
    const info = await send({
      to: address,
      subject: 'Re: Question about my refill',
      text: 'Also, can I pick it up tomorrow?',
      inReplyTo: firstMessageId,
      references: [firstMessageId],
    });
    secondMessageId = info.messageId;
    // The same message delivered again (a sender retrying) is not stored twice.
    await send({
      to: address,
      subject: 'Re: Question about my refill',
      text: 'Also, can I pick it up tomorrow?',
      messageId: secondMessageId,
      inReplyTo: firstMessageId,
    });

    const list = await inbox(staff);
    const row = list.body.threads.find((r) => r.threadId === threadId);
    expect(row).toMatchObject({ messageCount: 2, lastDirection: 'in' });
    // Newest first: the thread with the latest message leads.
    expect(list.body.threads[0]?.threadId).toBe(threadId);
    const opened = await thread(threadId, staff);
    expect(opened.body.thread.emails.map((e) => e.text)).toEqual([
      'Hello, is my amoxicillin ready?\nThanks, Maria',
      'Also, can I pick it up tomorrow?',
    ]);
  });

  it("sends the pharmacy's reply through the mail channel with threading headers", async () => {
    const res = await t.fastify.inject({
      method: 'POST',
      url: `/api/pharmacy/inbox/threads/${threadId}/reply`,
      headers: staff,
      payload: { text: 'Yes, it is ready. See you tomorrow.' },
    });
    expect(res.statusCode).toBe(200);
    const { email } = res.json() as { email: InboxThreadResponse['thread']['emails'][number] };
    expect(email).toMatchObject({ direction: 'out', from: address, to: [sender] });
    expect(email.text).toContain('Yes, it is ready.');

    const sent = (
      await outboxRows(t, and(eq(outbox.recipient, sender), eq(outbox.channel, 'email')))
    ).at(-1);
    // Sent, so its text is no longer kept: the wire has it.
    expect(sent).toMatchObject({
      subject: 'Re: Question about my refill',
      body: null,
      bodyState: 'purged',
    });
    expect(sent?.headers).toMatchObject({
      inReplyTo: secondMessageId,
      references: [firstMessageId, secondMessageId],
      replyTo: address,
    });
    expect(sent?.headers?.messageId).toMatch(/^<[0-9a-f-]+@inbox\.apothecall\.test>$/);
    expect(sent?.status).toBe('sent');
    // On the wire: the threading headers and the pharmacy's address to answer to.
    const wire = relayed.find((m) => m.to.includes(sender))?.raw.replace(/\r?\n[ \t]+/g, ' ') ?? '';
    expect(wire).toContain(`Message-ID: ${sent?.headers?.messageId}`);
    expect(wire).toContain(`In-Reply-To: ${secondMessageId}`);
    expect(wire).toContain(`References: ${firstMessageId} ${secondMessageId}`);
    expect(wire).toContain(`Reply-To: ${address}`);
    const text = relayed.find((m) => m.to.includes(sender))?.raw.replace(/=\r?\n/g, '') ?? '';
    expect(text).toContain('Yes, it is ready. See you tomorrow.');
    expect(text).toContain('Sunrise');

    // The sender's answer to the reply comes back into the same thread.
    await send({
      to: address,
      subject: 'Re: Question about my refill',
      text: 'Great, thank you!',
      inReplyTo: sent?.headers?.messageId ?? '',
    });
    const opened = await thread(threadId, staff);
    expect(opened.body.thread.emails.map((e) => e.direction)).toEqual(['in', 'in', 'out', 'in']);
    const list = await inbox(staff);
    expect(list.body.threads.find((r) => r.threadId === threadId)?.messageCount).toBe(4);
  });

  it('refuses an empty reply, naming what is missing', async () => {
    const res = await t.fastify.inject({
      method: 'POST',
      url: `/api/pharmacy/inbox/threads/${threadId}/reply`,
      headers: staff,
      payload: { text: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'VALIDATION' });
    expect(res.json().errorMsg).toContain('Please write your reply.');
  });

  it('refuses unknown recipients and relaying at RCPT, and messages over the size limit', async () => {
    await expect(send({ to: 'nobody@inbox.apothecall.test', text: 'x' })).rejects.toMatchObject({
      responseCode: 550,
    });
    await expect(send({ to: 'someone@example.com', text: 'x' })).rejects.toMatchObject({
      responseCode: 550,
    });
    await expect(
      send({
        to: address,
        text: 'big',
        attachments: [{ filename: 'a.pdf', content: Buffer.alloc(500_000, 65) }],
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    const list = await inbox(staff);
    expect(list.body.threads.some((r) => r.lastSnippet === 'big')).toBe(false);
  });

  it('answers 451 while too many images wait, so the sender tries again later', async () => {
    const message = {
      to: address,
      subject: 'Insurance card again',
      text: 'card while busy',
      attachments: [
        { filename: 'card.png', content: await pngWithGps(), contentType: 'image/png' },
      ],
    };
    const sent = () => inbox(staff).then((list) => list.body.threads);
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    // One image job running and a full line waiting behind it.
    const held = Array.from({ length: imageJobsAtOnce + imageJobsWaiting }, () =>
      imageQueue.run(() => gate),
    );
    try {
      await expect(send(message)).rejects.toMatchObject({ responseCode: 451 });
    } finally {
      open();
      await Promise.all(held);
    }
    expect((await sent()).some((r) => r.lastSnippet === 'card while busy')).toBe(false);
    // The sending server's next try, once the images are through, is stored.
    expect((await send(message)).accepted).toEqual([address]);
    expect((await sent()).some((r) => r.lastSnippet === 'card while busy')).toBe(true);
  });

  it("answers another pharmacy's staff 404 for the thread, its attachments and replies, and lists nothing", async () => {
    const other = bearer(await login(t, otherPharmacist));
    const list = await inbox(other);
    expect(list.status).toBe(200);
    expect(list.body.address).toBe('lone-star-pharmacy@inbox.apothecall.test');
    expect(list.body.threads).toEqual([]);
    expect((await thread(threadId, other)).status).toBe(404);
    const file = await t.fastify.inject({
      method: 'GET',
      url: `/api/pharmacy/inbox/attachments/${pngId}`,
      headers: other,
    });
    expect(file.statusCode).toBe(404);
    const reply = await t.fastify.inject({
      method: 'POST',
      url: `/api/pharmacy/inbox/threads/${threadId}/reply`,
      headers: other,
      payload: { text: 'Not mine' },
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ error: true, errorCode: 'NOT_FOUND' });
    const denied = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.outcome, 'denied'), sql`${auditLog.detail}->>'threadId' = ${threadId}`),
      );
    expect(denied.map((r) => r.action).sort()).toEqual(['inbox.reply', 'inbox.thread.read']);
  });

  it('shows a pharmacist whose grant names one state all of the mail: no patient or state is linked to it (issue 32, finding 9)', async () => {
    // The invitation goes out through the relay (the outbox then keeps no text).
    const invitation = async (email: string) => {
      for (let i = 0; i < 50; i += 1) {
        const found = relayed.find((r) => r.to.includes(email));
        if (found) return found.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return '';
    };
    const admin = await login(t, sunriseAdmin);
    const georgia = await invitedPharmacist(t, admin, ['GA'], {}, invitation);
    const headers = bearer(georgia.token);
    const list = await inbox(headers);
    expect(list.status).toBe(200);
    expect(list.body.threads.map((r) => r.threadId)).toContain(threadId);
    const opened = await thread(threadId, headers);
    expect(opened.status).toBe(200);
    expect(opened.body.thread.emails[0]?.subject).toBe('Question about my refill');
  });

  it('refuses a patient with 403', async () => {
    const patient = bearer(await login(t));
    expect((await inbox(patient)).status).toBe(403);
    expect((await thread(threadId, patient)).status).toBe(403);
  });

  it('writes no address, subject or body into the log', () => {
    const logs = t.logs.join('');
    expect(logs).toContain('inbound mail stored');
    for (const secret of [sender, address, 'amoxicillin', 'Question about my refill']) {
      expect(logs).not.toContain(secret);
    }
  });
});
