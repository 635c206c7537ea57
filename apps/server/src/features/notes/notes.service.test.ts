import { randomUUID } from 'node:crypto';
import { visitNoteSubject } from '@apothecall/domain/care/visit-note-topic.rules';
import { describe, expect, it } from 'vitest';
import { fakeActor, only, recordingAudit } from '../../../test/fakes';
import type { PersonFacts } from '../accounts/accounts.port';
import type { NoteRecord, NotesRepo } from './notes.repo';
import { createNotesService } from './notes.service';

const maria = '6a2b8d30-0000-4000-8000-000000000001';
const nora = '6a2b8d30-0000-4000-8000-000000000002';
const drLee = '6a2b8d30-0000-4000-8000-000000000003';
const mariaChild = '6a2b8d30-0000-4000-8000-0000000000c1';

const people: PersonFacts[] = [
  {
    id: maria,
    accountId: maria,
    firstName: 'Maria',
    lastName: 'Lopez',
    dob: '1990-04-02',
    gender: 'female',
    phone: null,
    consultLocation: 'FL',
  },
  {
    id: mariaChild,
    accountId: maria,
    firstName: 'Leo',
    lastName: 'Lopez',
    dob: '2018-06-01',
    gender: 'male',
    phone: null,
    consultLocation: 'FL',
  },
];

const credential = {
  address: { name: 'Apothecall Clinic', line1: '1 Main St', line2: '', phone: '' },
  fax: '',
  npi: '1234567890',
  clientNumber: '',
};

/** A note on Leo's record written by Dr Lee at the given instant. */
const note = (createdAt: string, overrides: Partial<NoteRecord> = {}): NoteRecord => ({
  id: randomUUID(),
  accountId: maria,
  personId: mariaChild,
  providerId: drLee,
  providerName: 'Dr Lee',
  subject: 'Video visit: Sore throat',
  topic: null,
  createdAt: new Date(createdAt),
  author: 'Dr Lee, MD',
  body: 'Rest and fluids.',
  providerCredential: credential,
  ...overrides,
});

/** The notes table in memory (newest first, ties by id); any other method throws. */
function setup(notes: NoteRecord[], pageSize = 2) {
  const asked: { from?: Date; before?: Date; limit?: number }[] = [];
  const byNewest = (a: NoteRecord, b: NoteRecord) =>
    b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id);
  const repo = only<NotesRepo>(
    {
      async listForPerson(personId, options = {}) {
        asked.push(options);
        return notes
          .filter(
            (n) =>
              n.personId === personId &&
              (!options.from || n.createdAt >= options.from) &&
              (!options.before || n.createdAt < options.before),
          )
          .sort(byNewest)
          .slice(0, options.limit ?? Number.POSITIVE_INFINITY)
          .map(({ author: _a, body: _b, providerCredential: _c, ...summary }) => summary);
      },
      async note(id) {
        const found = notes.find((n) => n.id === id);
        return found ? { ...found } : undefined;
      },
    },
    'notes repo',
  );
  const audit = recordingAudit();
  const service = createNotesService({
    repo,
    accounts: { person: async (id) => people.find((p) => p.id === id) },
    audit,
    pageSize,
  });
  return { service, audit, asked };
}

describe("listing a person's notes", () => {
  it("gives the holder a family member's notes newest first, in the reader's zone and language, audited", async () => {
    const older = note('2026-03-01T03:30:00Z');
    const newer = note('2026-03-05T15:00:00Z', { topic: { kind: 'visit', reason: 'soreThroat' } });
    const { service, audit } = setup([older, newer]);
    const list = await service.list(fakeActor(maria, { lang: 'es' }), mariaChild);
    expect(list.map((n) => n.id)).toEqual([newer.id, older.id]);
    // 03:30 UTC on March 1st is still February 28th in New York.
    expect(list[1]).toMatchObject({ date: '2026-02-28', time: '22:30:00', ptId: mariaChild });
    // A visit note's subject is written in the reader's language; another note keeps its own.
    expect(list[0]?.subject).toBe(visitNoteSubject('es', { kind: 'visit', reason: 'soreThroat' }));
    expect(list[0]?.subject).not.toBe(
      visitNoteSubject('en', { kind: 'visit', reason: 'soreThroat' }),
    );
    expect(list[1]?.subject).toBe('Video visit: Sore throat');
    expect(audit.rows).toEqual([
      {
        outcome: 'success',
        action: 'notes.list',
        actorAccountId: maria,
        subject: { accountId: maria, personId: mariaChild },
        detail: { count: 2 },
      },
    ]);
  });

  it("answers another account's person and a malformed id not found, audited as denied", async () => {
    const { service, audit } = setup([note('2026-03-01T12:00:00Z')]);
    await expect(service.list(fakeActor(nora), mariaChild)).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    await expect(service.list(fakeActor(nora), 'junk')).rejects.toMatchObject({ status: 404 });
    expect(audit.rows.map((r) => [r.outcome, r.action, r.detail])).toEqual([
      [
        'denied',
        'notes.access',
        { what: 'list', reason: 'not-found-or-not-allowed', target: mariaChild },
      ],
      ['denied', 'notes.access', { what: 'list', reason: 'not-found-or-not-allowed' }],
    ]);
  });
});

describe('a page of notes between two days', () => {
  it('holds whole days and names the day before the oldest shown as the next end', async () => {
    const a = note('2026-03-10T15:00:00Z');
    const b = note('2026-03-09T15:00:00Z');
    const c = note('2026-03-09T14:00:00Z');
    const d = note('2026-03-08T15:00:00Z');
    const { service, asked } = setup([a, b, c, d]);
    const request = { uid: mariaChild, startDate: '2026-03-01', endDate: '2026-03-31' };
    const first = await service.page(fakeActor(maria), request);
    // Two fit, but the 9th goes on past the page: the page stops before it.
    expect(first.notes.map((n) => n.id)).toEqual([a.id]);
    expect(first.nextEndDate).toBe('2026-03-09');
    const second = await service.page(fakeActor(maria), { ...request, endDate: '2026-03-09' });
    expect(second.notes.map((n) => n.id)).toEqual([b.id, c.id]);
    expect(second.nextEndDate).toBe('2026-03-08');
    const last = await service.page(fakeActor(maria), { ...request, endDate: '2026-03-08' });
    expect(last).toEqual({ notes: [expect.objectContaining({ id: d.id })], nextEndDate: null });
    // Asked from the start of the first day to the end of the last, in the reader's zone.
    expect(asked[0]).toEqual({
      from: new Date('2026-03-01T05:00:00Z'),
      before: new Date('2026-04-01T04:00:00Z'),
      limit: 3,
    });
  });

  it('answers a day with more notes than a page whole', async () => {
    const day = ['10', '11', '12', '13'].map((h) => note(`2026-03-09T${h}:00:00Z`));
    const { service, audit } = setup([...day, note('2026-03-02T12:00:00Z')]);
    const page = await service.page(fakeActor(maria), {
      uid: mariaChild,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
    expect(page.notes).toHaveLength(4);
    expect(page.nextEndDate).toBe('2026-03-08');
    expect(audit.rows.at(-1)).toMatchObject({ action: 'notes.page', detail: { count: 4 } });
  });
});

describe('one note', () => {
  it('is read by the holder and by the provider who wrote it, each read audited', async () => {
    const n = note('2026-03-01T12:00:00Z');
    const { service, audit } = setup([n]);
    const read = await service.read(fakeActor(maria), n.id);
    expect(read).toMatchObject({ id: n.id, body: 'Rest and fluids.', author: 'Dr Lee, MD' });
    expect(read.providerCredential.npi).toBe('1234567890');
    const printable = await service.printable(fakeActor(drLee), n.id);
    expect(printable.patient).toEqual({ name: 'Leo Lopez', dob: '2018-06-01' });
    expect(audit.rows.map((r) => [r.action, r.actorAccountId, r.subject, r.detail])).toEqual([
      ['note.read', maria, { accountId: maria, personId: mariaChild }, { noteId: n.id }],
      ['note.pdf', drLee, { accountId: maria, personId: mariaChild }, { noteId: n.id }],
    ]);
  });

  it('is not found for anyone else, audited as denied', async () => {
    const n = note('2026-03-01T12:00:00Z');
    const { service, audit } = setup([n]);
    await expect(service.read(fakeActor(nora), n.id)).rejects.toMatchObject({ status: 404 });
    await expect(service.printable(fakeActor(nora), randomUUID())).rejects.toMatchObject({
      status: 404,
    });
    expect(audit.rows.map((r) => [r.outcome, r.detail?.what])).toEqual([
      ['denied', 'read'],
      ['denied', 'pdf'],
    ]);
  });
});
