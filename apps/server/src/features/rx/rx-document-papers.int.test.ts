import type { DocumentView } from '@apothecall/domain/documents/documents.schemas';
import type { RxVisitView } from '@apothecall/domain/rx/rx-visits.api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  get,
  newPatient,
  type Patient,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { rxPrescriptions, rxVisits } from '../../db/schema/rx';

/**
 * Which prescriptions and consents a month of documents lists: the database's answer (the Rx
 * area's `papers` selects, read by the documents area in one statement), on both databases. A
 * prescription is listed on the day its first prescription still in force was written; a
 * visit's consents on the visit's day, unless it was cancelled or recorded none. The months are
 * fixed (2025) and read in UTC, so the answer does not depend on today's date.
 */
describe.each(databaseKinds)("the Rx area's documents by month (%s)", (kind) => {
  let t: TestApp;
  let ana: Patient;
  let ids: Record<string, string> = {};
  const at = (iso: string) => new Date(`${iso}Z`);
  const consents = [{ id: 'ldn', versionDate: '2025-01-01', acceptedAt: '2025-11-02T15:00:00Z' }];

  beforeAll(async () => {
    t = await startTestApp(kind);
    ana = await newPatient(t);
    const visit = async (
      key: string,
      fields: { status: string; createdAt: Date; consents: unknown[] },
      prescriptions: { createdAt: Date; supersededAt?: Date }[] = [],
    ) => {
      const [row] = await t.database.db
        .insert(rxVisits)
        .values({
          accountId: ana.accountId,
          personId: ana.personId,
          idempotencyKey: key,
          productId: 'ldn',
          location: 'FL',
          evaluation: {},
          costCents: 4900,
          ...fields,
        })
        .returning({ id: rxVisits.id });
      if (!row) throw new Error('visit not stored');
      for (const p of prescriptions) {
        await t.database.db.insert(rxPrescriptions).values({
          visitId: row.id,
          prescriberId: ana.accountId,
          medication: 'Naltrexone',
          strength: '4.5 mg',
          quantity: 30,
          refills: 2,
          directions: 'One capsule at bedtime',
          supersededAt: p.supersededAt ?? null,
          createdAt: p.createdAt,
        });
      }
      return row.id;
    };
    ids = {
      // Prescribed on the 3rd, rewritten on the 12th: listed on the 12th.
      rewritten: await visit(
        'rewritten',
        { status: 'rxed', createdAt: at('2025-11-02T15:00:00'), consents },
        [
          { createdAt: at('2025-11-03T15:00:00'), supersededAt: at('2025-11-12T15:00:00') },
          { createdAt: at('2025-11-12T15:00:00') },
        ],
      ),
      denied: await visit('denied', {
        status: 'denied',
        createdAt: at('2025-11-20T15:00:00'),
        consents,
      }),
      cancelled: await visit('cancelled', {
        status: 'cancel',
        createdAt: at('2025-11-21T15:00:00'),
        consents,
      }),
      // Asked in October, prescribed in the first minutes of November.
      acrossMonths: await visit(
        'across',
        { status: 'rxed', createdAt: at('2025-10-31T23:30:00'), consents },
        [{ createdAt: at('2025-11-01T00:30:00') }],
      ),
      // No consents recorded; prescribed on the first instant of December.
      noConsents: await visit(
        'none',
        { status: 'rxed', createdAt: at('2025-11-05T15:00:00'), consents: [] },
        [{ createdAt: at('2025-12-01T00:00:00') }],
      ),
      // Not prescribed (still in review): its consents are listed, a prescription row is not.
      inReview: await visit(
        'review',
        { status: 'review', createdAt: at('2025-11-06T15:00:00'), consents },
        [{ createdAt: at('2025-11-07T15:00:00') }],
      ),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const papers = async (fdate: string) => {
    const res = await send(t, 'POST', '/api/get-patient-docs-date', ana.token, { fdate });
    expect(res.statusCode, res.body).toBe(200);
    const { documents } = res.json() as { documents: DocumentView[] };
    const named = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    return documents
      .filter((d) => d.source === 'prescription' || d.source === 'consent')
      .map((d) => `${d.source} ${named[d.id]} ${d.fileDate.slice(0, 10)}`)
      .sort();
  };

  it('lists a prescription on the day of its first prescription in force, consents on the visit’s day', async () => {
    expect(await papers('2025-10')).toEqual(['consent acrossMonths 2025-10-31']);
    expect(await papers('2025-11')).toEqual([
      'consent denied 2025-11-20',
      'consent inReview 2025-11-06',
      'consent rewritten 2025-11-02',
      'prescription acrossMonths 2025-11-01',
      'prescription rewritten 2025-11-12',
    ]);
    expect(await papers('2025-12')).toEqual(['prescription noConsents 2025-12-01']);
  });

  it("shows each visit's prescriptions in force only, with the day they were written (one statement for files and prescriptions)", async () => {
    const res = await get(t, '/api/rx/visits', ana.token);
    expect(res.statusCode, res.body).toBe(200);
    const { visits } = res.json() as { visits: RxVisitView[] };
    const written = (id: string | undefined) =>
      visits.find((v) => v.id === id)?.prescriptions.map((p) => p.writtenAt);
    expect(written(ids.rewritten)).toEqual(['2025-11-12T15:00:00.000Z']);
    expect(written(ids.acrossMonths)).toEqual(['2025-11-01T00:30:00.000Z']);
    expect(written(ids.denied)).toEqual([]);
    expect(visits.find((v) => v.id === ids.rewritten)?.files).toEqual([]);
  });
});
