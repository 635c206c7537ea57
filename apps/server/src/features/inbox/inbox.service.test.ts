import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import { memoryInboxRepo } from '../../../test/fakes-inbox';
import { aPharmacy } from '../../../test/fakes-pharmacy';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import type { MailMessage } from '../../platform/mail.service';
import type { PharmacyStaff } from '../pharmacy/pharmacy.port';
import { createInboxService } from './inbox.service';

const domain = 'inbox.example';
const sunrise = aPharmacy({ id: 'sunrise', name: 'Sunrise Pharmacy' });
const harbor = aPharmacy({ id: 'harbor', name: 'Harbor Pharmacy' });
const ana = '2f7d3c50-0000-4000-8000-000000000001';
const ben = '2f7d3c50-0000-4000-8000-000000000002';
const patient = '2f7d3c50-0000-4000-8000-000000000003';
const mailbox = '2f7d3c50-0000-4000-8000-0000000000ff';

/** Ana is Sunrise's admin, Ben Harbor's; anyone else is no pharmacy's staff (403). */
const staffOf: Record<string, PharmacyStaff> = {
  [ana]: {
    accountId: ana,
    organization: sunrise,
    role: 'pharmacyAdmin',
    readyRx: true,
    grant: null,
  },
  [ben]: {
    accountId: ben,
    organization: harbor,
    role: 'pharmacyAdmin',
    readyRx: true,
    grant: null,
  },
};

function setup() {
  const clock = fakeClock();
  const inbox = memoryInboxRepo(clock.now);
  const audit = recordingAudit();
  const sent: MailMessage[] = [];
  const opened: { fileId: string; owner: string }[] = [];
  const service = createInboxService({
    repo: inbox.repo,
    pharmacy: {
      staff: async (actor: Actor) => {
        const staff = actor.accountId ? staffOf[actor.accountId] : undefined;
        if (!staff) throw new AppError(403, 'PHARMACY_ONLY', 'navigation.unauthorized');
        return staff;
      },
    },
    files: {
      openFor: async (_actor, fileId, owner) => {
        opened.push({ fileId, owner });
        return {
          file: {
            id: fileId,
            purpose: 'attachment',
            contentType: 'application/pdf',
            size: 4,
            name: 'rx.pdf',
            createdAt: clock.now().toISOString(),
          },
          body: Readable.from([Buffer.from('%PDF')]),
        };
      },
    },
    mailer: {
      send: async (message) => {
        sent.push(message);
      },
    },
    audit,
    domain,
    now: clock.now,
  });
  /** An e-mail received by Sunrise, starting a thread, with one stored and one refused file. */
  async function received(threadId = randomUUID()) {
    await inbox.repo.insertEmail({
      thread: {
        id: threadId,
        subject: 'Refill',
        counterpart: 'dr@clinic.example',
        counterpartName: 'Dr Lee',
      },
      email: {
        id: randomUUID(),
        organizationId: 'sunrise',
        direction: 'in',
        messageId: `<${randomUUID()}@clinic.example>`,
        inReplyTo: null,
        references: ['<root@clinic.example>'],
        fromAddress: 'dr@clinic.example',
        fromName: 'Dr Lee',
        replyAddress: 'desk@clinic.example',
        toAddresses: [`sunrise@${domain}`],
        subject: 'Refill',
        body: 'Please refill.',
        at: clock.now(),
        sentByAccountId: null,
        size: 100,
      },
      attachments: [
        {
          id: randomUUID(),
          position: 0,
          fileId: randomUUID(),
          ownerAccountId: mailbox,
          name: 'rx.pdf',
          contentType: 'application/pdf',
          size: 4,
          refusal: null,
        },
        {
          id: randomUUID(),
          position: 1,
          fileId: null,
          ownerAccountId: null,
          name: 'x.exe',
          contentType: null,
          size: 2,
          refusal: 'FILE_TYPE_NOT_ALLOWED',
        },
      ],
      snippet: 'Please refill.',
    });
    return threadId;
  }
  return { service, inbox, audit, sent, opened, received, clock };
}

describe('the inbox of a pharmacy', () => {
  it("lists only the caller's pharmacy's threads with its address, a page at a time, audited", async () => {
    const { service, received, audit } = setup();
    await received();
    await received();
    const page = await service.threads(fakeActor(ana), { page: 2, pageSize: 1 });
    expect(page).toMatchObject({ address: `sunrise@${domain}`, page: 2, pageSize: 1, total: 2 });
    expect(page.threads).toHaveLength(1);
    expect(page.threads[0]).toMatchObject({ subject: 'Refill', hasAttachments: true });
    expect((await service.threads(fakeActor(ben), { page: 1, pageSize: 10 })).total).toBe(0);
    expect(audit.rows.map((r) => [r.action, r.detail])).toEqual([
      ['inbox.list', { organizationId: 'sunrise', page: 2, threads: 1 }],
      ['inbox.list', { organizationId: 'harbor', page: 1, threads: 0 }],
    ]);
  });

  it('refuses anyone not a pharmacy staff member (403) before reading anything', async () => {
    const { service, audit } = setup();
    await expect(
      service.threads(fakeActor(patient), { page: 1, pageSize: 10 }),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(service.thread(fakeActor(patient), randomUUID())).rejects.toMatchObject({
      status: 403,
    });
    expect(audit.rows).toEqual([]);
  });

  it("shows its own thread with the e-mails and answers another pharmacy's 404, audited as denied", async () => {
    const { service, received, audit } = setup();
    const threadId = await received();
    const thread = await service.thread(fakeActor(ana), threadId);
    expect(thread).toMatchObject({ threadId, subject: 'Refill', counterpart: 'dr@clinic.example' });
    expect(thread.emails[0]?.attachments.map((a) => a.refusal)).toEqual([
      null,
      'FILE_TYPE_NOT_ALLOWED',
    ]);
    await expect(service.thread(fakeActor(ben), threadId)).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    await expect(service.thread(fakeActor(ben), 'junk')).rejects.toMatchObject({ status: 404 });
    expect(audit.rows.map((r) => [r.outcome, r.action, r.detail])).toEqual([
      ['success', 'inbox.thread.read', { organizationId: 'sunrise', threadId }],
      ['denied', 'inbox.thread.read', { reason: 'not-found-or-not-allowed', threadId }],
      ['denied', 'inbox.thread.read', { reason: 'not-found-or-not-allowed' }],
    ]);
  });

  it("opens a stored attachment as the mailbox's file, and refuses a refused one or another pharmacy's", async () => {
    const { service, received, inbox, opened, audit } = setup();
    await received();
    const [stored, refused] = inbox.attachments;
    await service.attachment(fakeActor(ana), stored?.id ?? '');
    expect(opened).toEqual([{ fileId: stored?.fileId, owner: mailbox }]);
    await expect(service.attachment(fakeActor(ana), refused?.id ?? '')).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.attachment(fakeActor(ben), stored?.id ?? '')).rejects.toMatchObject({
      status: 404,
    });
    expect(opened).toHaveLength(1);
    expect(audit.rows.map((r) => [r.outcome, r.action])).toEqual([
      ['denied', 'inbox.attachment.read'],
      ['denied', 'inbox.attachment.read'],
    ]);
  });
});

describe('replying', () => {
  it('mails the last sender from the pharmacy, threaded and signed, keeps the reply and audits it', async () => {
    const { service, received, inbox, sent, audit } = setup();
    const threadId = await received();
    const parent = inbox.emails[0];
    const reply = await service.reply(fakeActor(ana), threadId, { text: 'Ready for pickup.' });
    expect(sent).toHaveLength(1);
    const mail = sent[0];
    expect(mail?.to).toBe('desk@clinic.example');
    expect(mail?.subject).toBe('Re: Refill');
    expect(mail?.text).toMatch(/^Ready for pickup\.\n\n.*Sunrise Pharmacy/s);
    expect(mail?.headers).toMatchObject({
      inReplyTo: parent?.messageId,
      references: ['<root@clinic.example>', parent?.messageId],
      replyTo: `sunrise@${domain}`,
    });
    expect(reply).toMatchObject({
      threadId,
      direction: 'out',
      from: `sunrise@${domain}`,
      to: ['desk@clinic.example'],
    });
    const stored = inbox.emails.at(-1);
    expect(stored).toMatchObject({
      id: reply.emailId,
      sentByAccountId: ana,
      messageId: mail?.headers?.messageId,
    });
    expect(audit.rows.at(-1)).toMatchObject({
      outcome: 'success',
      action: 'inbox.reply',
      detail: { organizationId: 'sunrise', threadId, emailId: reply.emailId },
    });
  });

  it("refuses a reply to another pharmacy's thread, sending nothing", async () => {
    const { service, received, sent, inbox, audit } = setup();
    const threadId = await received();
    await expect(service.reply(fakeActor(ben), threadId, { text: 'Hi' })).rejects.toMatchObject({
      status: 404,
    });
    expect(sent).toEqual([]);
    expect(inbox.emails).toHaveLength(1);
    expect(audit.rows).toMatchObject([{ outcome: 'denied', action: 'inbox.reply' }]);
  });
});
