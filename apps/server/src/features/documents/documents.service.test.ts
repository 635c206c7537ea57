import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import type { Actor } from '../../platform/actor';
import type { DocumentSource, PaperRow } from '../../platform/document-sources';
import { AppError } from '../../platform/errors';
import type { PersonFacts } from '../accounts/accounts.port';
import type { FilesPort } from '../files/files.port';
import type { DocumentRecord, DocumentsRepo } from './documents.repo';
import {
  createDocumentsService,
  documentToken,
  monthRange,
  readDocumentToken,
} from './documents.service';

const maria = 'f6b8d0e0-0000-4000-8000-000000000001';
const nora = 'f6b8d0e0-0000-4000-8000-000000000002';
const leo = 'f6b8d0e0-0000-4000-8000-0000000000c1';

const person = (id: string, accountId: string, firstName: string): PersonFacts => ({
  id,
  accountId,
  firstName,
  lastName: 'Lopez',
  dob: '1990-01-01',
  gender: 'female',
  phone: null,
  consultLocation: 'FL',
});
const families: Record<string, PersonFacts[]> = {
  [maria]: [person(maria, maria, 'Maria'), person(leo, maria, 'Leo')],
  [nora]: [person(nora, nora, 'Nora')],
};

/** Documents and files in memory, a visit-note source, and a clock on March 2nd, 2026. */
function setup(options: { failInsert?: boolean } = {}) {
  const clock = fakeClock();
  // Maria's visit note, written for Leo on March 1st (a visit-note source's paper).
  const noteId = randomUUID();
  const notePapers: PaperRow[] = [
    {
      source: 'visitNote',
      id: noteId,
      personId: leo,
      at: new Date('2026-03-01T03:00:00.000Z'),
      data: { author: 'Dr Lee' },
    },
  ];
  const rows: DocumentRecord[] = [];
  const blobs = new Map<string, { owner: string; bytes: Buffer; name: string }>();
  const fileCalls: string[] = [];
  const repo: DocumentsRepo = {
    async insert(row) {
      if (options.failInsert) throw new Error('database down');
      const stored = {
        fdesc: '',
        author: '',
        filer: '',
        filerAccountId: null,
        ...row,
        createdAt: clock.now(),
        deletedAt: null,
      };
      rows.push(stored);
      return { ...stored };
    },
    // As the one statement does: the account's files dated in the days, the other areas'
    // papers written in [from, to), of the wanted sources.
    async papers(accountId, wanted, range) {
      const files: PaperRow[] = rows
        .filter(
          (r) =>
            r.accountId === accountId &&
            !r.deletedAt &&
            r.fdate >= range.firstDay &&
            r.fdate <= range.lastDay,
        )
        .map((r) => ({
          source: r.source === 'pharmacyUpload' ? 'pharmacyUpload' : 'upload',
          id: r.id,
          personId: r.personId,
          at: r.createdAt,
          data: {
            fdate: r.fdate,
            ftype: r.ftype,
            fdesc: r.fdesc,
            author: r.author,
            filer: r.filer,
          },
        }));
      const others = accountId === maria ? notePapers : [];
      return [...files, ...others.filter((p) => p.at >= range.from && p.at < range.to)].filter(
        (p) => wanted.includes(p.source),
      );
    },
    async allForAccount() {
      throw new Error('not used');
    },
    async byId(id) {
      return rows.find((r) => r.id === id && !r.deletedAt);
    },
    async markRemoved(id, at) {
      const row = rows.find((r) => r.id === id && !r.deletedAt);
      if (!row) return false;
      row.deletedAt = at;
      return true;
    },
  };
  const files: FilesPort = {
    async upload(actor, input) {
      const id = randomUUID();
      fileCalls.push(`upload ${input.purpose} ${input.personId}`);
      blobs.set(id, { owner: actor.accountId, bytes: input.bytes, name: input.fileName });
      return {
        id,
        purpose: 'document',
        contentType: 'application/pdf',
        size: input.bytes.length,
        name: input.fileName,
        createdAt: clock.now().toISOString(),
      };
    },
    async open() {
      throw new Error('not used');
    },
    async openFor(_actor, id, owner) {
      const blob = blobs.get(id);
      if (!blob || blob.owner !== owner) throw new AppError(404, 'NOT_FOUND', 'files.notFound');
      return {
        file: {
          id,
          purpose: 'document',
          contentType: 'application/pdf',
          size: blob.bytes.length,
          name: blob.name,
          createdAt: clock.now().toISOString(),
        },
        body: Readable.from([blob.bytes]),
      };
    },
    async remove(_actor, id) {
      fileCalls.push(`remove ${id}`);
      blobs.delete(id);
    },
  };
  const opened: string[] = [];
  const notes: DocumentSource = {
    source: 'visitNote',
    // Read by the repo, a fake here.
    papers: undefined as never,
    describe(papers) {
      return papers.map((p) => ({
        id: p.id,
        personId: p.personId,
        at: p.at,
        ftype: 'application/pdf',
        fdesc: '',
        author: String(p.data.author),
      }));
    },
    async open(actor: Actor, id) {
      opened.push(`${actor.accountId} ${id}`);
      return { bytes: Buffer.from('note'), name: 'note.pdf', contentType: 'application/pdf' };
    },
  };
  const audit = recordingAudit();
  const service = createDocumentsService({
    repo,
    accounts: {
      family: async (id) => families[id] ?? [],
      displayName: async (id) => (id === maria ? 'Maria Lopez' : undefined),
    },
    files,
    sources: [notes],
    audit,
    now: clock.now,
  });
  return { service, rows, blobs, fileCalls, audit, noteId, opened };
}

const upload = { fileName: 'xray.pdf', bytes: Buffer.from('%PDF-1.4') };

describe('document tokens and months', () => {
  it("reads back only the tokens it gives, and a month in the reader's zone", () => {
    const id = randomUUID();
    expect(readDocumentToken(documentToken('receipt', id))).toEqual({ source: 'receipt', id });
    expect(readDocumentToken(Buffer.from(`nope:${id}`).toString('base64url'))).toBeUndefined();
    expect(
      readDocumentToken(Buffer.from('upload:not-an-id').toString('base64url')),
    ).toBeUndefined();
    expect(monthRange('2026-02', 'America/New_York')).toEqual({
      firstDay: '2026-02-01',
      lastDay: '2026-02-28',
      from: new Date('2026-02-01T05:00:00.000Z'),
      to: new Date('2026-03-01T05:00:00.000Z'),
    });
  });
});

describe('uploading and listing', () => {
  it("files an upload for a family member, stored through files, listed in the month with the other areas' papers, newest first", async () => {
    const { service, fileCalls, audit, noteId } = setup();
    const actor = fakeActor(maria);
    const view = await service.upload(actor, { patient: leo, fdesc: 'X-ray' }, upload);
    expect(fileCalls).toEqual([`upload document ${leo}`]);
    expect(view).toMatchObject({
      patient: leo,
      patientName: 'Leo Lopez',
      ownerName: 'Maria Lopez',
      fdate: '2026-03-02',
      fdesc: 'X-ray',
      filer: 'Maria Lopez',
      source: 'upload',
      removable: true,
    });
    const march = await service.month(actor, '2026-03');
    expect(march.documents.map((d) => d.source)).toEqual(['upload']);
    // The note written at 03:00 UTC on March 1st is February 28th in New York.
    const february = await service.month(actor, '2026-02');
    expect(february.documents).toMatchObject([
      {
        id: noteId,
        source: 'visitNote',
        fdate: '2026-02-28',
        filer: 'Apothecall',
        removable: false,
        patient: leo,
      },
    ]);
    expect(february.documents[0]?.fdesc).not.toBe('');
    expect(audit.rows.map((r) => [r.action, r.detail])).toEqual([
      ['document.upload', { documentId: view.id, fileId: expect.any(String) }],
      ['documents.list', { month: '2026-03', count: 1 }],
      ['documents.list', { month: '2026-02', count: 1 }],
    ]);
  });

  it('refuses an upload for someone outside the family (404, audited as denied) and stores nothing', async () => {
    const { service, fileCalls, rows, audit } = setup();
    await expect(
      service.upload(fakeActor(nora), { patient: leo, fdesc: 'x' }, upload),
    ).rejects.toMatchObject({ status: 404 });
    expect(fileCalls).toEqual([]);
    expect(rows).toEqual([]);
    expect(audit.rows).toMatchObject([
      { outcome: 'denied', action: 'document.upload', detail: { personId: leo } },
    ]);
  });

  it('removes the stored file when the document row cannot be written', async () => {
    const { service, fileCalls, blobs } = setup({ failInsert: true });
    await expect(
      service.upload(fakeActor(maria), { patient: maria, fdesc: 'x' }, upload),
    ).rejects.toThrow('database down');
    expect(fileCalls[1]).toMatch(/^remove /);
    expect(blobs.size).toBe(0);
  });
});

describe('opening and removing', () => {
  it("opens the account's own upload (audited) and another area's paper through its source; anyone else gets not found", async () => {
    const { service, audit, noteId, opened } = setup();
    const view = await service.upload(fakeActor(maria), { patient: leo, fdesc: 'X-ray' }, upload);
    const data = await service.data(fakeActor(maria), view.token);
    expect(Buffer.from(data.data, 'base64').toString()).toBe('%PDF-1.4');
    expect(data).toMatchObject({ name: 'xray.pdf', contentType: 'application/pdf' });
    await expect(service.data(fakeActor(nora), view.token)).rejects.toMatchObject({ status: 404 });
    await expect(service.data(fakeActor(maria), 'garbage')).rejects.toMatchObject({ status: 404 });
    const note = await service.data(fakeActor(maria), documentToken('visitNote', noteId));
    expect(Buffer.from(note.data, 'base64').toString()).toBe('note');
    expect(opened).toEqual([`${maria} ${noteId}`]);
    expect(audit.rows.slice(1).map((r) => [r.outcome, r.action])).toEqual([
      ['success', 'document.read'],
      ['denied', 'document.read'],
    ]);
  });

  it("removes only one's own uploads: the row and its file go, audited; other papers are not removable", async () => {
    const { service, rows, fileCalls, audit, noteId } = setup();
    const view = await service.upload(fakeActor(maria), { patient: maria, fdesc: 'Lab' }, upload);
    await expect(service.remove(fakeActor(nora), view.token)).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      service.remove(fakeActor(maria), documentToken('visitNote', noteId)),
    ).rejects.toMatchObject({ status: 400, code: 'DOCUMENT_NOT_REMOVABLE' });
    await service.remove(fakeActor(maria), view.token);
    expect(rows[0]?.deletedAt).not.toBeNull();
    expect(fileCalls.at(-1)).toBe(`remove ${rows[0]?.fileId}`);
    expect(audit.rows.at(-1)).toMatchObject({
      action: 'document.remove',
      subject: { accountId: maria, personId: maria },
      detail: { documentId: view.id },
    });
    await expect(service.remove(fakeActor(maria), view.token)).rejects.toMatchObject({
      status: 404,
    });
  });
});
