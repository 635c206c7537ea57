import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { imageUploadLimit } from '@apothecall/domain/files/files.rules';
import { describe, expect, it } from 'vitest';
import { fakeClock, recordingAudit } from '../../../test/fakes';
import type { FileStore } from '../../platform/files/file-store';
import { fileErrors, type inspectUpload } from '../../platform/files/upload-inspect';
import type { FileRecord, FilesRepo } from './files.repo';
import { createFilesService } from './files.service';

const maria = '5d0c7e20-0000-4000-8000-000000000001';
const nora = '5d0c7e20-0000-4000-8000-000000000002';
const child = '5d0c7e20-0000-4000-8000-0000000000c1';
const actor = (accountId: string) => ({ accountId, ip: '203.0.113.7', requestId: 'r' });

/** The files table and the store in memory: rows, removed rows and stored bytes. */
function setup(options: { failInsert?: boolean; failGet?: string } = {}) {
  const clock = fakeClock();
  const rows: FileRecord[] = [];
  const removed = new Map<string, Date>();
  const blobs = new Map<string, Buffer>();
  const repo: FilesRepo = {
    async insert(record) {
      if (options.failInsert) throw new Error('database down');
      const row = { ...record, createdAt: clock.now() };
      rows.push(row);
      return { ...row };
    },
    async find(id) {
      const row = rows.find((r) => r.id === id && !removed.has(r.id));
      return row ? { ...row } : undefined;
    },
    async markDeleted(id, at) {
      if (removed.has(id)) return false;
      removed.set(id, at);
      return true;
    },
  };
  const store: FileStore = {
    async put(key, body) {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk));
      const bytes = Buffer.concat(chunks);
      blobs.set(key, bytes);
      return { size: bytes.length };
    },
    async get(key) {
      if (options.failGet) throw Object.assign(new Error('gone'), { code: options.failGet });
      const bytes = blobs.get(key);
      if (!bytes) throw new Error('missing');
      return Readable.from([bytes]);
    },
    async delete(key) {
      blobs.delete(key);
    },
    async close() {},
  };
  /** Every upload is a PNG, or refused empty when it has no bytes; images pass the limiter. */
  const inspect: typeof inspectUpload = async (bytes, opts) => {
    if (bytes.length === 0) throw fileErrors.empty();
    await opts.beforeImage?.();
    return { kind: 'png', contentType: 'image/png', extension: 'png', bytes };
  };
  const counts = new Map<string, number>();
  const limiter = {
    async hit(key: string) {
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return count;
    },
  };
  const audit = recordingAudit();
  const errors: string[] = [];
  const service = createFilesService({
    repo,
    store,
    audit,
    maxBytes: 1024,
    inspect,
    limiter,
    overLimitPauseMs: 0,
    now: clock.now,
    onError: (what) => errors.push(what),
  });
  return { service, rows, removed, blobs, audit, counts, errors, clock };
}

const upload = (personId?: string) => ({
  purpose: 'attachment' as const,
  fileName: '../../etc/rash.png',
  bytes: Buffer.from('picture'),
  personId,
});

describe('uploading', () => {
  it('stores the bytes under a fresh key, keeps a safe name, and audits ids only', async () => {
    const { service, rows, blobs, audit } = setup();
    const file = await service.upload(actor(maria), upload(child));
    expect(file).toMatchObject({ purpose: 'attachment', contentType: 'image/png', size: 7 });
    expect(file.name).toBe('rash.png');
    expect(rows[0]).toMatchObject({ id: file.id, ownerAccountId: maria, personId: child });
    expect(blobs.get(rows[0]?.storageKey ?? '')?.toString()).toBe('picture');
    expect(audit.rows).toEqual([
      {
        outcome: 'success',
        action: 'file.upload',
        actorAccountId: maria,
        subject: { accountId: maria, personId: child },
        detail: { fileId: file.id, purpose: 'attachment', contentType: 'image/png', size: 7 },
      },
    ]);
    expect(JSON.stringify(audit.rows)).not.toContain('rash');
  });

  it('audits a refused upload as a failure with its code, and stores nothing', async () => {
    const { service, rows, blobs, audit } = setup();
    await expect(
      service.upload(actor(maria), { ...upload(), bytes: Buffer.alloc(0) }),
    ).rejects.toMatchObject({ status: 400, code: 'FILE_EMPTY' });
    expect(rows).toEqual([]);
    expect(blobs.size).toBe(0);
    expect(audit.rows).toMatchObject([
      {
        outcome: 'failure',
        action: 'file.upload',
        subject: { accountId: maria, personId: maria },
        detail: { purpose: 'attachment', reason: 'FILE_EMPTY' },
      },
    ]);
  });

  it("limits an account's images (429), auditing only the first refusal of the window; an unlimited upload is not counted", async () => {
    const { service, audit, counts } = setup();
    for (let i = 0; i < imageUploadLimit.max; i += 1) await service.upload(actor(maria), upload());
    for (let i = 0; i < 3; i += 1) {
      await expect(service.upload(actor(maria), upload())).rejects.toMatchObject({ status: 429 });
    }
    await service.upload(actor(maria), { ...upload(), limited: false });
    // Another account is not held by Maria's count.
    await service.upload(actor(nora), upload());
    expect(counts.get(`image-uploads:${maria}`)).toBe(imageUploadLimit.max + 3);
    const failures = audit.rows.filter((r) => r.outcome === 'failure');
    expect(failures).toHaveLength(1);
    expect(failures[0]?.detail).toMatchObject({ reason: 'RATE_LIMITED' });
  });

  it("removes the stored bytes when the row can't be written", async () => {
    const { service, blobs, audit } = setup({ failInsert: true });
    await expect(service.upload(actor(maria), upload())).rejects.toThrow('database down');
    expect(blobs.size).toBe(0);
    expect(audit.rows).toEqual([]);
  });
});

describe('reading and removing', () => {
  it('lets the owner read a file (audited) and answers anyone else not-found, audited as denied', async () => {
    const { service, audit } = setup();
    const file = await service.upload(actor(maria), upload());
    const opened = await service.open(actor(maria), file.id);
    expect(await text(opened.body)).toBe('picture');
    expect(opened.file.id).toBe(file.id);
    await expect(service.open(actor(nora), file.id)).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    await expect(service.open(actor(nora), 'junk')).rejects.toMatchObject({ status: 404 });
    expect(audit.rows.slice(1).map((r) => [r.outcome, r.action, r.detail])).toEqual([
      ['success', 'file.read', { fileId: file.id }],
      ['denied', 'file.read', { reason: 'not-found-or-not-allowed', fileId: file.id }],
      ['denied', 'file.read', { reason: 'not-found-or-not-allowed' }],
    ]);
  });

  it("reads for a named owner only that owner's files", async () => {
    const { service } = setup();
    const file = await service.upload(actor(maria), upload());
    const opened = await service.openFor(actor(nora), file.id, maria);
    expect(opened.file.id).toBe(file.id);
    await expect(service.openFor(actor(maria), file.id, nora)).rejects.toMatchObject({
      status: 404,
    });
  });

  it("audits a failed read with the store's code and rethrows it", async () => {
    const { service, audit } = setup({ failGet: 'FILE_BLOB_MISSING' });
    const file = await service.upload(actor(maria), upload());
    await expect(service.open(actor(maria), file.id)).rejects.toThrow('gone');
    expect(audit.rows.at(-1)).toMatchObject({
      outcome: 'failure',
      action: 'file.read',
      detail: { fileId: file.id, reason: 'FILE_BLOB_MISSING' },
    });
  });

  it('removes once: the row is marked, the bytes go, and a second removal is not found', async () => {
    const { service, removed, blobs, audit, clock } = setup();
    const file = await service.upload(actor(maria), upload());
    await expect(service.remove(actor(nora), file.id)).rejects.toMatchObject({ status: 404 });
    await service.remove(actor(maria), file.id);
    expect(removed.get(file.id)).toEqual(clock.now());
    expect(blobs.size).toBe(0);
    await expect(service.remove(actor(maria), file.id)).rejects.toMatchObject({ status: 404 });
    expect(audit.rows.map((r) => [r.outcome, r.action])).toEqual([
      ['success', 'file.upload'],
      ['denied', 'file.delete'],
      ['success', 'file.delete'],
      ['denied', 'file.delete'],
    ]);
  });
});
