import { parse } from 'csv-parse/sync';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  demo,
  get,
  login,
  newPatient,
  type Patient,
  startAndClaim,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { accounts } from '../../db/schema/accounts';
import { auditLog, outbox } from '../../db/schema/platform';

const admin = 'admin@apothecall.test';
const support = 'support@apothecall.test';
const pharmacist = 'pharmacist@apothecall.test';

/**
 * The back office's People and support and accounting of disclosures through the
 * whole app, one app per database: who may search, read and act (admin and support; anyone else
 * 403, nobody 401); bad input is 400 naming the field in the caller's language and changes
 * nothing; the search finds by name, e-mail, phone and date of birth; the account page shows no
 * token; unlock, end sessions, disable, re-enable and the reset link do what they say; every read
 * and action is audited with its actor, and the disclosures list and CSV show those rows.
 */
describe.each(databaseKinds)('Back office: people and disclosures on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let supportToken: string;
  let providerToken: string;
  let pharmacistToken: string;
  let patient: Patient;
  let supportId: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { LOGIN_MAX_FAILURES: '3' });
    [adminToken, supportToken, providerToken, pharmacistToken] = await Promise.all([
      login(t, admin),
      login(t, support),
      login(t, demo.provider),
      login(t, pharmacist),
    ]);
    patient = await newPatient(t, { name: 'Odalys Brightwater', dob: '07-21-1984' });
    const [row] = await t.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.loginId, support));
    supportId = row?.id ?? '';
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (token: string | null, path: string, body: object = {}, lang = 'en') =>
    t.fastify.inject({
      method: 'POST',
      url: path,
      headers: { ...(token ? bearer(token) : {}), 'x-app-params': `lang=${lang}` },
      payload: body,
    });
  const auditCount = async (action: string) =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(like(auditLog.action, action))
    )[0]?.n ?? 0;
  const tryLogin = (password: string, ip = '198.51.100.77') =>
    t.fastify.inject({
      method: 'POST',
      url: '/api/account/token',
      remoteAddress: ip,
      payload: { loginId: patient.loginId, password, platform: 'web', version: '1' },
    });

  it('lets admin and support in, refuses other roles 403 and no session 401', async () => {
    const search = { query: 'Brightwater' };
    for (const token of [adminToken, supportToken]) {
      const res = await post(token, '/api/admin/people/search', search);
      expect(res.statusCode, res.body).toBe(200);
      expect(
        await get(t, `/api/admin/people/${patient.accountId}`, token).then((r) => r.statusCode),
      ).toBe(200);
      const disclosures = await post(token, '/api/admin/disclosures', {
        accountId: patient.accountId,
      });
      expect(disclosures.statusCode, disclosures.body).toBe(200);
    }
    for (const token of [patient.token, providerToken, pharmacistToken]) {
      const res = await post(token, '/api/admin/people/search', search);
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('BACK_OFFICE_REFUSED');
      expect((await get(t, `/api/admin/people/${patient.accountId}`, token)).statusCode).toBe(403);
      expect(
        (await post(token, `/api/admin/people/${patient.accountId}/end-sessions`)).statusCode,
      ).toBe(403);
      expect(
        (await post(token, '/api/admin/disclosures', { accountId: patient.accountId })).statusCode,
      ).toBe(403);
      expect(
        (await post(token, '/api/admin/disclosures/csv', { accountId: patient.accountId }))
          .statusCode,
      ).toBe(403);
    }
    expect((await post(null, '/api/admin/people/search', search)).statusCode).toBe(401);
    expect(
      (await t.fastify.inject({ method: 'GET', url: `/api/admin/people/${patient.accountId}` }))
        .statusCode,
    ).toBe(401);
    expect((await post(null, `/api/admin/people/${patient.accountId}/unlock`)).statusCode).toBe(
      401,
    );
    expect(
      (await post(null, '/api/admin/disclosures', { accountId: patient.accountId })).statusCode,
    ).toBe(401);
    // The refusals are audited.
    expect(await auditCount('backoffice.people.read')).toBeGreaterThan(0);
    expect(await auditCount('backoffice.people.%')).toBeGreaterThan(0);
  });

  it('refuses bad input naming the field in the caller’s language, and changes nothing', async () => {
    const before = await auditCount('backoffice.%');
    const empty = await post(supportToken, '/api/admin/people/search', { query: ' x ' }, 'es');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errorMsg).toContain('Búsqueda: escriba al menos 2 caracteres');
    const english = await post(supportToken, '/api/admin/people/search', { query: '' });
    expect(english.statusCode).toBe(400);
    expect(english.json().errorMsg).toContain('Search: type at least 2 characters');
    const page = await post(supportToken, '/api/admin/people/search', { query: 'ab', page: 0 });
    expect(page.statusCode).toBe(400);
    expect(page.json().errorMsg).toContain('Page: a whole number from 1.');
    const noRecord = await post(supportToken, '/api/admin/disclosures', {}, 'es');
    expect(noRecord.statusCode).toBe(400);
    expect(noRecord.json().errorMsg).toContain('De quién: indique una cuenta o un id de persona.');
    const badDates = await post(supportToken, '/api/admin/disclosures', {
      accountId: patient.accountId,
      from: '2026-05-02',
      to: '2026-05-01',
    });
    expect(badDates.statusCode).toBe(400);
    expect(badDates.json().errorMsg).toContain('To: a date (YYYY-MM-DD)');
    const badActor = await post(supportToken, '/api/admin/disclosures', {
      accountId: patient.accountId,
      actor: 'me',
    });
    expect(badActor.statusCode).toBe(400);
    // An unknown or malformed account is 404, not 5xx.
    expect((await get(t, '/api/admin/people/not-an-id', supportToken)).statusCode).toBe(404);
    expect(
      (await post(supportToken, '/api/admin/people/00000000-0000-4000-8000-000000000000/disable'))
        .statusCode,
    ).toBe(404);
    expect(await auditCount('backoffice.%')).toBe(before);
  });

  it('finds an account by name, e-mail, phone and date of birth, and audits each listing', async () => {
    const find = async (query: string) => {
      const res = await post(supportToken, '/api/admin/people/search', { query });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().results as { accountId: string; name: string }[]).map((r) => r.accountId);
    };
    const before = await auditCount('backoffice.people.search');
    expect(await find('odalys bright')).toContain(patient.accountId);
    expect(await find(patient.loginId.slice(0, 14))).toContain(patient.accountId);
    expect(await find(patient.phone.slice(-7))).toContain(patient.accountId);
    expect(await find('1984-07-21')).toContain(patient.accountId);
    expect(await find('Zzyzx-nobody')).toEqual([]);
    // Anything typed is answered, never a 5xx: an impossible date, LIKE wildcards, quotes.
    for (const odd of ['1984-02-30', '0000-01-01', '%_%', "o'hara\\", '#ZZZZZZZZ', '12345678']) {
      expect(await find(odd)).toEqual(expect.any(Array));
    }
    const listed = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'backoffice.people.search'),
          eq(auditLog.subjectAccountId, patient.accountId),
        ),
      );
    expect(listed.filter((row) => row.actorAccountId === supportId).length).toBeGreaterThanOrEqual(
      4,
    );
    expect(listed.every((row) => row.actorAccountId !== null)).toBe(true);
    expect(JSON.stringify(listed)).not.toContain('Brightwater');
    expect(await auditCount('backoffice.people.search')).toBeGreaterThan(before);
  });

  it("shows an account's page without tokens or hashes, and audits the read", async () => {
    const res = await get(t, `/api/admin/people/${patient.accountId}`, supportToken);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.account.loginId).toBe(patient.loginId);
    expect(page.family[0].firstName).toBe('Odalys');
    expect(page.sessions.length).toBeGreaterThan(0);
    expect(page.sessions[0]).toEqual(
      expect.objectContaining({ platform: 'web', live: true, startedAt: expect.any(String) }),
    );
    // A fresh registration has accepted no consent document yet (they come with a first visit).
    expect(page.consents).toEqual([]);
    expect(res.body).not.toContain(patient.token);
    expect(res.body).not.toMatch(/argon2|scrypt|\$2[aby]\$|tokenHash|passwordHash/);
    const [read] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'backoffice.people.read'),
          eq(auditLog.subjectAccountId, patient.accountId),
          eq(auditLog.actorAccountId, supportId),
        ),
      );
    expect(read?.outcome).toBe('success');
  });

  it('unlocks a login locked by wrong passwords: the owner logs in again', async () => {
    for (let i = 0; i < 3; i++) expect((await tryLogin(`Wrong-${i}`)).statusCode).toBe(401);
    expect((await tryLogin(patient.password)).statusCode).toBe(429);
    const page = await get(t, `/api/admin/people/${patient.accountId}`, supportToken);
    expect(page.json().account.locked).toBe(true);
    const unlock = await post(supportToken, `/api/admin/people/${patient.accountId}/unlock`);
    expect(unlock.statusCode, unlock.body).toBe(200);
    expect((await tryLogin(patient.password)).statusCode).toBe(200);
    const after = await get(t, `/api/admin/people/${patient.accountId}`, supportToken);
    expect(after.json().account.locked).toBe(false);
    expect(await auditCount('backoffice.people.unlock')).toBe(1);
  });

  it('ends all sessions: the old token is refused', async () => {
    const token = await login(t, patient.loginId, patient.password);
    expect((await get(t, '/api/account/profile', token)).statusCode).toBe(200);
    const end = await post(supportToken, `/api/admin/people/${patient.accountId}/end-sessions`);
    expect(end.statusCode, end.body).toBe(200);
    expect((await get(t, '/api/account/profile', token)).statusCode).toBe(401);
    const page = await get(t, `/api/admin/people/${patient.accountId}`, supportToken);
    expect(page.json().sessions.every((s: { live: boolean }) => !s.live)).toBe(true);
  });

  it('disables an account (no login, sessions end) and re-enables it', async () => {
    const token = await login(t, patient.loginId, patient.password);
    const off = await post(adminToken, `/api/admin/people/${patient.accountId}/disable`);
    expect(off.statusCode, off.body).toBe(200);
    expect((await get(t, '/api/account/profile', token)).statusCode).toBe(401);
    expect((await tryLogin(patient.password, '198.51.100.78')).statusCode).toBe(401);
    const page = await get(t, `/api/admin/people/${patient.accountId}`, adminToken);
    expect(page.json().account.disabledAt).not.toBeNull();
    const on = await post(supportToken, `/api/admin/people/${patient.accountId}/enable`);
    expect(on.statusCode, on.body).toBe(200);
    expect((await tryLogin(patient.password, '198.51.100.79')).statusCode).toBe(200);
    const audited = await t.database.db
      .select({ action: auditLog.action, actor: auditLog.actorAccountId })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subjectAccountId, patient.accountId),
          like(auditLog.action, 'backoffice.people.%able'),
        ),
      );
    expect(audited.map((a) => a.action).sort()).toEqual([
      'backoffice.people.disable',
      'backoffice.people.enable',
    ]);
  });

  it('resends the password-help link to the login e-mail', async () => {
    const res = await post(supportToken, `/api/admin/people/${patient.accountId}/reset-link`);
    expect(res.statusCode, res.body).toBe(200);
    const mails = await t.database.db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, patient.loginId)));
    expect(mails.length).toBeGreaterThan(0);
    expect(await auditCount('backoffice.people.reset-link')).toBe(1);
  });

  it('lists visits with their short reference, payments with card brand and last four, and finds the account by a visit reference', async () => {
    const visitor = await newPatient(t, { name: 'Quillon Marsh' });
    const { visitId } = await startAndClaim(t, { patient: visitor });
    const ref = visitId.replace(/-/g, '').slice(0, 8).toUpperCase();
    const page = await get(t, `/api/admin/people/${visitor.accountId}`, supportToken);
    expect(page.statusCode, page.body).toBe(200);
    const { visits, payments, devices } = page.json();
    expect(visits).toEqual([
      expect.objectContaining({ ref, personId: visitor.personId, endedAt: null }),
    ]);
    expect(payments.length).toBeGreaterThan(0);
    expect(payments[0]).toEqual(
      expect.objectContaining({ kind: 'charge', cardLast4: '1111', cardBrand: expect.any(String) }),
    );
    expect(page.body).not.toContain('4111111111111111');
    expect(devices).toEqual([]);
    const found = await post(supportToken, '/api/admin/people/search', { query: ref });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().results.map((r: { accountId: string }) => r.accountId)).toEqual([
      visitor.accountId,
    ]);
  });

  it('resets two-factor: a login that asked for a code logs in with the password alone', async () => {
    const owner = await newPatient(t, { name: 'Teodora Vance' });
    await t.database.db
      .update(accounts)
      .set({ twoFactor: 'email' })
      .where(eq(accounts.id, owner.accountId));
    const attempt = (ip: string) =>
      t.fastify.inject({
        method: 'POST',
        url: '/api/account/token',
        remoteAddress: ip,
        payload: {
          loginId: owner.loginId,
          password: owner.password,
          platform: 'web',
          version: '1',
        },
      });
    const asked = await attempt('198.51.100.90');
    expect(asked.statusCode).toBe(401);
    expect(asked.json().errorCode).toBe('TFA_REQUIRED');
    const page = await get(t, `/api/admin/people/${owner.accountId}`, supportToken);
    expect(page.json().account.twoFactor).toBe('email');
    const reset = await post(supportToken, `/api/admin/people/${owner.accountId}/reset-two-factor`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await attempt('198.51.100.91')).statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ actor: auditLog.actorAccountId })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'backoffice.people.reset-two-factor'),
          eq(auditLog.subjectAccountId, owner.accountId),
        ),
      );
    expect(row?.actor).toBe(supportId);
  });

  it('does not change a back-office login from the people area', async () => {
    const res = await post(supportToken, `/api/admin/people/${supportId}/disable`);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('BACK_OFFICE_ACCOUNT');
    expect((await get(t, '/api/account/profile', supportToken)).statusCode).toBe(200);
  });

  it('lists the disclosures of the record with who, when, what and from where, and as CSV', async () => {
    const res = await post(supportToken, '/api/admin/disclosures', {
      personId: patient.personId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.accountId).toBe(patient.accountId);
    expect(body.name).toBe('Odalys Brightwater');
    const reads = body.rows.filter(
      (r: { action: string; actorAccountId: string }) =>
        r.action === 'backoffice.people.read' && r.actorAccountId === supportId,
    );
    expect(reads.length).toBeGreaterThan(0);
    expect(reads[0]).toEqual(
      expect.objectContaining({ actorName: 'Sam Rivera', actorRole: 'support', ip: '127.0.0.1' }),
    );
    // By actor: only the admin's rows.
    const adminRows = await post(adminToken, '/api/admin/disclosures', {
      accountId: patient.accountId,
      actor: body.rows.find((r: { actorRole: string }) => r.actorRole === 'admin')?.actorAccountId,
    });
    expect(adminRows.statusCode).toBe(200);
    expect(adminRows.json().rows.length).toBeGreaterThan(0);
    expect(adminRows.json().rows.every((r: { actorRole: string }) => r.actorRole === 'admin')).toBe(
      true,
    );
    // By dates: a day long past holds nothing.
    const past = await post(supportToken, '/api/admin/disclosures', {
      accountId: patient.accountId,
      from: '2001-01-01',
      to: '2001-01-31',
    });
    expect(past.json().rows).toEqual([]);
    // The CSV holds the same rows.
    const csv = await post(supportToken, '/api/admin/disclosures/csv', {
      accountId: patient.accountId,
      actor: supportId,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const records = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.actor_name === 'Sam Rivera' && r.actor_role === 'support')).toBe(
      true,
    );
    expect(records.map((r) => r.action)).toContain('backoffice.people.read');
    // Both are audited against the record.
    expect(await auditCount('backoffice.disclosures.read')).toBeGreaterThan(0);
    expect(await auditCount('backoffice.disclosures.export')).toBe(1);
  });
});
