import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimedRxVisit, otherPharmacyAdmin } from '../../../test/claimed-rx-visit';
import {
  bearer,
  databaseKinds,
  get,
  login,
  type Patient,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../db/schema/platform';
import { rxExternalCodes } from '../../db/schema/rx-codes';

/**
 * External visit codes through the whole app, one app per database: the pharmacy
 * sets its own reference on a visit it claimed, edits and clears it, and finds the visit by it
 * (case ignored); a code another visit of the pharmacy has is refused with a clear message and
 * nothing changed; bad codes are 400 in the caller's language; an unclaimed visit takes none;
 * another pharmacy reads, sets and finds nothing (404); a patient is refused (403); the audit
 * names visits, never the code.
 */
describe.each(databaseKinds)('External visit codes on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let pharmacist: string;
  let gulf: string;
  let first: string;
  let second: string;
  let patient: Patient;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-codes-'));
    t = await startTestApp(kind, { DATA_DIR: dataDir });
    pharmacist = await login(t, 'pharmacist@apothecall.test');
    gulf = await otherPharmacyAdmin(t);
    ({ visitId: first, patient } = await claimedRxVisit(t, pharmacist));
    ({ visitId: second } = await claimedRxVisit(t, pharmacist));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const put = (visitId: string, code: string | null, token = pharmacist, lang = 'en') =>
    t.fastify.inject({
      method: 'PUT',
      url: `/api/pharmacy/rx/${visitId}/code`,
      headers: { ...bearer(token), 'x-app-params': `lang=${lang}` },
      payload: { code },
    });
  const codeOf = async (visitId: string, token = pharmacist) =>
    (await get(t, `/api/pharmacy/rx/${visitId}/code`, token)).json().code?.code;
  const find = (code: string, token = pharmacist) =>
    send(t, 'POST', '/api/pharmacy/rx-codes/find', token, { code });
  const stored = async () =>
    (await t.database.db.select().from(rxExternalCodes)).map((r) => [r.visitId, r.code]);

  it('sets a code on a claimed visit and finds the visit by it, case ignored', async () => {
    expect(await codeOf(first)).toBeNull();
    const res = await put(first, 'RX-100');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toMatchObject({ visitId: first, code: 'RX-100' });
    expect(Date.parse(res.json().code.updatedAt)).toBeGreaterThan(0);
    expect(await codeOf(first)).toBe('RX-100');
    const found = await find('rx-100');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ visitId: first, code: 'RX-100' });
  });

  it('refuses a code another visit of the pharmacy has, with a clear message, and changes nothing', async () => {
    const taken = await put(second, 'rx-100');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      errorCode: 'RX_CODE_TAKEN',
      errorMsg: 'External code: rx-100 is already used for another visit of this pharmacy.',
    });
    expect(await stored()).toEqual([[first, 'RX-100']]);
    expect(await codeOf(second)).toBeNull();
  });

  it('refuses malformed codes in the caller’s language', async () => {
    const spaced = await put(second, 'RX 100!', pharmacist, 'es');
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json().errorMsg).toContain(
      'Código externo: de 1 a 40 letras, dígitos o guiones.',
    );
    const long = await put(second, 'A'.repeat(41));
    expect(long.statusCode).toBe(400);
    expect(long.json().errorMsg).toContain('External code: 1 to 40 letters, digits or dashes.');
    expect((await put(second, 'A'.repeat(40))).statusCode).toBe(200);
    expect((await find('not a code')).statusCode).toBe(400);
  });

  it('edits and clears a code; the old code no longer finds the visit', async () => {
    expect((await put(first, 'RX-101')).statusCode).toBe(200);
    const old = await find('RX-100');
    expect(old.statusCode).toBe(404);
    expect(old.json().errorMsg).toBe('No visit of this pharmacy has the code RX-100.');
    // The freed code is the second visit's to take.
    expect((await put(second, 'RX-100')).statusCode).toBe(200);
    const cleared = await put(first, null);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().code).toMatchObject({ code: null, updatedAt: null });
    expect((await find('RX-101')).statusCode).toBe(404);
    expect((await put(second, '')).json().code.code).toBeNull();
    expect(await stored()).toEqual([]);
  });

  it('gives an unclaimed visit no code', async () => {
    const { visitId } = await claimedRxVisit(t, pharmacist, { claim: false });
    const res = await put(visitId, 'RX-200');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      errorCode: 'PHARMACY_NOT_CLAIMED',
      errorMsg: 'Claim this visit (Submit Payment) before giving it your own code.',
    });
  });

  it('answers another pharmacy 404 and a patient 403, and changes nothing', async () => {
    expect((await put(first, 'RX-300')).statusCode).toBe(200);
    expect((await get(t, `/api/pharmacy/rx/${first}/code`, gulf)).statusCode).toBe(404);
    expect((await put(first, 'GULF-1', gulf)).statusCode).toBe(404);
    expect((await put(first, null, gulf)).statusCode).toBe(404);
    expect((await find('RX-300', gulf)).statusCode).toBe(404);
    expect(await codeOf(first)).toBe('RX-300');
    expect((await get(t, `/api/pharmacy/rx/${first}/code`, patient.token)).statusCode).toBe(403);
    expect((await find('RX-300', patient.token)).statusCode).toBe(403);
  });

  it('audits reads, changes and look-ups by visit, never by the code', async () => {
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rxCodes.set'), eq(auditLog.outcome, 'success')));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.subjectAccountId)).toContain(patient.accountId);
    const all = await t.database.db.select().from(auditLog);
    expect(JSON.stringify(all.map((r) => r.detail))).not.toContain('RX-300');
    expect(t.logs.join('')).not.toContain('RX-300');
  });
});
