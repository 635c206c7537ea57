import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeClock, recordingAudit } from '../../../test/fakes';
import { memoryInboxRepo } from '../../../test/fakes-inbox';
import { aPharmacy } from '../../../test/fakes-pharmacy';
import { AppError } from '../../platform/errors';
import type { InboundMail } from '../../platform/smtp-inbound';
import type { UploadInput } from '../files/files.port';
import {
  createInboxReceiveService,
  mailboxLoginId,
  mailboxRole,
  maxAttachmentsPerEmail,
} from './inbox-receive.service';

const domain = 'inbox.example';
const sunrise = aPharmacy({ id: 'sunrise', name: 'Sunrise Pharmacy' });
const harbor = aPharmacy({ id: 'harbor', name: 'Harbor Pharmacy' });
const mailboxAccount = '3e9a1b40-0000-4000-8000-000000000001';

function setup(options: { uploadFails?: (input: UploadInput) => Error | undefined } = {}) {
  const clock = fakeClock();
  const inbox = memoryInboxRepo(clock.now);
  const audit = recordingAudit();
  const uploads: { accountId: string; input: UploadInput; id: string }[] = [];
  const removed: string[] = [];
  const serviceAccounts: { loginId: string; role: string; organizationId: string }[] = [];
  const logged: object[] = [];
  const service = createInboxReceiveService({
    repo: inbox.repo,
    pharmacy: {
      organization: async (id) => [sunrise, harbor].find((o) => o.id === id),
    },
    accounts: {
      serviceAccount: async (_origin, input) => {
        serviceAccounts.push(input);
        return mailboxAccount;
      },
    },
    brands: { resolve: async () => ({ id: 'apothecall', name: 'Apothecall' }) },
    files: {
      upload: async (actor, input) => {
        const failure = options.uploadFails?.(input);
        if (failure) throw failure;
        const id = randomUUID();
        uploads.push({ accountId: actor.accountId, input, id });
        return {
          id,
          purpose: 'attachment',
          contentType: 'application/pdf',
          size: input.bytes.length,
          name: input.fileName,
          createdAt: clock.now().toISOString(),
        };
      },
      remove: async (_actor, id) => {
        removed.push(id);
      },
    },
    audit,
    domain,
    log: { info: (detail) => logged.push(detail) },
    now: clock.now,
  });
  return { service, inbox, audit, uploads, removed, serviceAccounts, logged };
}

const mail = (overrides: Partial<InboundMail> = {}): InboundMail => ({
  recipients: [`sunrise@${domain}`],
  from: { address: 'Dr.Lee@Clinic.example', name: 'Dr Lee' },
  replyTo: null,
  to: [`sunrise@${domain}`],
  subject: 'Refill for Maria',
  text: 'Please refill.',
  messageId: '<m1@clinic.example>',
  inReplyTo: null,
  references: [],
  date: null,
  size: 2048,
  attachments: [],
  origin: { ip: '198.51.100.9', requestId: 'smtp-1' },
  ...overrides,
});

describe('recipients', () => {
  it('accepts our pharmacies, calls other mailboxes of our domain unknown and anything else a relay', async () => {
    const { service } = setup();
    expect(await service.checkRecipient(`Sunrise+orders@${domain}`)).toBe('accept');
    expect(await service.checkRecipient(`closed@${domain}`)).toBe('unknown');
    expect(await service.checkRecipient(`a..b@${domain.toUpperCase()}`)).toBe('unknown');
    expect(await service.checkRecipient('sunrise@elsewhere.example')).toBe('relay');
  });
});

describe('receiving mail', () => {
  it('starts a thread with the lower-cased reply address, audited by ids, once per Message-ID', async () => {
    const { service, inbox, audit, logged } = setup();
    await service.receive(mail({ replyTo: 'Desk@Clinic.example' }));
    await service.receive(mail());
    expect(inbox.threads).toHaveLength(1);
    expect(inbox.threads[0]).toMatchObject({
      organizationId: 'sunrise',
      subject: 'Refill for Maria',
      counterpart: 'desk@clinic.example',
      counterpartName: 'Dr Lee',
      messageCount: 1,
    });
    expect(inbox.emails[0]).toMatchObject({
      direction: 'in',
      fromAddress: 'dr.lee@clinic.example',
      messageId: '<m1@clinic.example>',
      size: 2048,
      sentByAccountId: null,
    });
    expect(audit.rows).toEqual([
      {
        outcome: 'success',
        action: 'inbox.receive',
        actorAccountId: null,
        subject: null,
        detail: {
          organizationId: 'sunrise',
          emailId: inbox.emails[0]?.id,
          threadId: inbox.threads[0]?.id,
          newThread: true,
          attachments: 0,
          refused: 0,
        },
      },
    ]);
    expect(logged).toHaveLength(1);
  });

  it('files an answer in the thread of the parent it names, and stores one copy per pharmacy addressed', async () => {
    const { service, inbox, audit } = setup();
    await service.receive(mail());
    await service.receive(
      mail({
        messageId: '<m2@clinic.example>',
        inReplyTo: '<m1@clinic.example>',
        recipients: [`sunrise@${domain}`, `harbor@${domain}`, `nobody@${domain}`],
      }),
    );
    const sunriseThreads = inbox.threads.filter((t) => t.organizationId === 'sunrise');
    expect(sunriseThreads).toHaveLength(1);
    expect(sunriseThreads[0]?.messageCount).toBe(2);
    expect(inbox.threads.filter((t) => t.organizationId === 'harbor')).toHaveLength(1);
    expect(audit.rows.map((r) => [r.detail?.organizationId, r.detail?.newThread])).toEqual([
      ['sunrise', true],
      ['sunrise', false],
      ['harbor', true],
    ]);
  });

  it("stores attachments as the pharmacy's mailbox account, unlimited, and lists refused ones without keeping them", async () => {
    const { service, inbox, uploads, serviceAccounts, audit } = setup({
      uploadFails: (input) =>
        input.fileName === 'virus.exe'
          ? new AppError(400, 'FILE_TYPE_NOT_ALLOWED', 'files.typeNotAllowed')
          : undefined,
    });
    await service.receive(
      mail({
        attachments: [
          { fileName: 'rx.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF') },
          { fileName: 'virus.exe', contentType: 'application/pdf', bytes: Buffer.from('MZ') },
        ],
      }),
    );
    expect(serviceAccounts).toEqual([
      {
        loginId: mailboxLoginId('sunrise'),
        role: mailboxRole,
        organizationType: 'pharmacy',
        organizationId: 'sunrise',
        brandId: 'apothecall',
        name: 'Sunrise Pharmacy',
      },
    ]);
    expect(uploads.map((u) => [u.accountId, u.input.limited, u.input.purpose])).toEqual([
      [mailboxAccount, false, 'attachment'],
    ]);
    expect(
      inbox.attachments.map((a) => [a.position, a.fileId, a.ownerAccountId, a.refusal]),
    ).toEqual([
      [0, uploads[0]?.id, mailboxAccount, null],
      [1, null, null, 'FILE_TYPE_NOT_ALLOWED'],
    ]);
    expect(inbox.threads[0]?.hasAttachments).toBe(true);
    expect(audit.rows[0]?.detail).toMatchObject({ attachments: 1, refused: 1 });
  });

  it(`keeps at most ${maxAttachmentsPerEmail} attachments of one e-mail`, async () => {
    const { service, inbox, uploads } = setup();
    const many = Array.from({ length: maxAttachmentsPerEmail + 2 }, (_, i) => ({
      fileName: `page-${i}.pdf`,
      contentType: 'application/pdf',
      bytes: Buffer.from('%PDF'),
    }));
    await service.receive(mail({ attachments: many }));
    expect(uploads).toHaveLength(maxAttachmentsPerEmail);
    expect(inbox.attachments.filter((a) => a.refusal === 'FILE_TOO_MANY')).toHaveLength(2);
  });

  it('removes the attachments already stored when the store fails, and stores no e-mail', async () => {
    const { service, inbox, uploads, removed, audit } = setup({
      uploadFails: (input) => (input.fileName === 'b.pdf' ? new Error('store down') : undefined),
    });
    await expect(
      service.receive(
        mail({
          attachments: [
            { fileName: 'a.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF') },
            { fileName: 'b.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF') },
          ],
        }),
      ),
    ).rejects.toThrow('store down');
    expect(removed).toEqual([uploads[0]?.id]);
    expect(inbox.emails).toEqual([]);
    expect(audit.rows).toEqual([]);
  });

  it('ignores mail for no pharmacy of ours', async () => {
    const { service, inbox, audit } = setup();
    await service.receive(mail({ recipients: [`closed@${domain}`, 'x@elsewhere.example'] }));
    expect(inbox.emails).toEqual([]);
    expect(audit.rows).toEqual([]);
  });
});
