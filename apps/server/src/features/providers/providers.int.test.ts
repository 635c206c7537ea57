import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { licenceDay } from '@apothecall/domain/clinic/licences.rules';
import { addDays } from '@apothecall/domain/dates/zones.rules';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  demo,
  get,
  login,
  newPatient,
  ok,
  readyToPay,
  resetCare,
  send,
  setDuty,
  startBody,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { outboxRows } from '../../../test/outbox';
import { paidRxVisit } from '../../../test/paid-rx-visit';
import { accounts } from '../../db/schema/accounts';
import { visitMessages, visits } from '../../db/schema/care';
import { providerLicenses, providerProfiles } from '../../db/schema/clinic';
import { auditLog, outbox } from '../../db/schema/platform';
import { rxVisits } from '../../db/schema/rx';

/**
 * The back office's providers area through the whole app, on both databases: who may
 * read and change it (admin both, support read only, patients, providers and pharmacists
 * nothing, no session 401); bad input 400 in the caller's language with nothing changed; the
 * invitation e-mails a working set-password link; licences are added, updated and removed;
 * deactivation ends the provider's login and puts their visit back in the line with a note the
 * patient reads; reactivation lets them in again; every change is audited.
 */
describe.each(databaseKinds)('Back office: providers on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let support: string;
  let graceId: string;

  const idOf = async (loginId: string) =>
    (
      await t.database.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.loginId, loginId))
    )[0]?.id ?? '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-providers-'));
    t = await startTestApp(kind, { DATA_DIR: dataDir });
    admin = await login(t, 'admin@apothecall.test');
    // No demo support login yet: a registered account given the role.
    const staff = await newPatient(t);
    await t.database.db
      .update(accounts)
      .set({ role: 'support' })
      .where(eq(accounts.id, staff.accountId));
    support = await login(t, staff.loginId, staff.password);
    graceId = await idOf(demo.provider2);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await resetCare(t);
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | null,
    payload?: object,
    lang = 'en',
  ) =>
    t.fastify.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), 'x-app-params': `lang=${lang}` },
      ...(payload ? { payload } : {}),
    });

  const auditRows = (action: string, subject: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, action),
          eq(auditLog.subjectAccountId, subject),
          eq(auditLog.outcome, 'success'),
        ),
      )
      .orderBy(desc(auditLog.at));

  const invite = (overrides: Record<string, unknown> = {}, token = admin, lang = 'en') =>
    call(
      'POST',
      '/api/admin/providers/invite',
      token,
      {
        firstName: 'Iris',
        lastName: 'Novak',
        email: `iris-${randomUUID().slice(0, 8)}@example.test`,
        npi: '1972660314',
        credentials: 'DO',
        dea: 'BN1234563',
        ...overrides,
      },
      lang,
    );

  it('lets the admin read and change, support only read, and nobody else in', async () => {
    const list = await ok('list', await get(t, '/api/admin/providers', admin));
    const providers = list.json().providers as {
      id: string;
      name: string;
      npi: string;
      licences: { state: string; expiresOn: string | null; inForce: boolean }[];
    }[];
    const grace = providers.find((p) => p.id === graceId);
    expect(grace).toMatchObject({
      name: 'Grace Lin',
      npi: '1245319599',
      credentials: 'NP',
      active: true,
      onDuty: false,
      licences: [{ state: 'FL', expiresOn: '2099-12-31', inForce: true }],
    });
    expect(JSON.stringify(list.json())).not.toMatch(/passwordHash|password_hash/);
    await ok('support list', await get(t, '/api/admin/providers', support));
    await ok('support read', await get(t, `/api/admin/providers/${graceId}`, support));

    const patient = (await newPatient(t)).token;
    const provider = await login(t, demo.provider);
    const pharmacist = await login(t, 'pharmacist@apothecall.test');
    const licence = { number: 'ME-1', expiresOn: '2030-01-01' };
    for (const who of [patient, provider, pharmacist]) {
      const read = await get(t, '/api/admin/providers', who);
      expect(read.statusCode).toBe(403);
      expect(read.json()).toMatchObject({ errorCode: 'BACK_OFFICE_REFUSED' });
      expect((await get(t, `/api/admin/providers/${graceId}`, who)).statusCode).toBe(403);
    }
    for (const who of [support, patient, provider, pharmacist]) {
      const writes = [
        await invite({}, who),
        await call('PUT', `/api/admin/providers/${graceId}/licences/TX`, who, licence),
        await call('DELETE', `/api/admin/providers/${graceId}/licences/FL`, who),
        await call('POST', `/api/admin/providers/${graceId}/deactivate`, who),
        await call('POST', `/api/admin/providers/${graceId}/reactivate`, who),
      ];
      expect(writes.map((w) => w.statusCode)).toEqual([403, 403, 403, 403, 403]);
    }
    const refused = await call(
      'POST',
      `/api/admin/providers/${graceId}/deactivate`,
      support,
      {},
      'es',
    );
    expect(refused.json().errorMsg).toBe('Su rol no puede usar esta parte de la administración.');
    const inviteBody = {
      firstName: 'Iris',
      lastName: 'Novak',
      email: 'iris@example.test',
      npi: '1987654328',
      credentials: 'DO',
    };
    for (const [method, url, body] of [
      ['GET', '/api/admin/providers', undefined],
      ['GET', `/api/admin/providers/${graceId}`, undefined],
      ['POST', '/api/admin/providers/invite', inviteBody],
      ['PUT', `/api/admin/providers/${graceId}/licences/TX`, licence],
      ['DELETE', `/api/admin/providers/${graceId}/licences/FL`, undefined],
      ['POST', `/api/admin/providers/${graceId}/deactivate`, undefined],
      ['POST', `/api/admin/providers/${graceId}/reactivate`, undefined],
    ] as const) {
      expect((await call(method, url, null, body)).statusCode).toBe(401);
    }
    // Nothing changed: Grace still has FL only and is active.
    const after = (await get(t, `/api/admin/providers/${graceId}`, admin)).json().provider;
    expect(after.licences.map((l: { state: string }) => l.state)).toEqual(['FL']);
    expect(after.active).toBe(true);
    expect((await auditRows('providers.deactivate', graceId)).length).toBe(0);
    // Refusals are audited.
    const denied = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'providers.deactivate'), eq(auditLog.outcome, 'denied')));
    expect(denied.length).toBeGreaterThanOrEqual(4);
    expect((await get(t, `/api/admin/providers/${randomUUID()}`, admin)).statusCode).toBe(404);
    expect((await get(t, '/api/admin/providers/not-an-id', admin)).statusCode).toBe(404);
  });

  it('answers bad input 400 in the caller language and changes nothing', async () => {
    const before = await t.database.db.select().from(providerProfiles);
    const badNpi = await invite({ npi: '1234567890' }, admin, 'es');
    expect(badNpi.statusCode).toBe(400);
    expect(badNpi.json().errorMsg).toContain('NPI: 10 dígitos con un dígito de control válido.');
    const badDea = await invite({ dea: 'BN1234567' });
    expect(badDea.statusCode).toBe(400);
    expect(badDea.json().errorMsg).toContain(
      'DEA number: 2 letters and 7 digits with a valid check digit.',
    );
    const badEmail = await invite({ email: 'not an address' });
    expect(badEmail.statusCode).toBe(400);
    const badCredentials = await invite({ credentials: '<b>' });
    expect(badCredentials.json().errorMsg).toContain('Credentials');
    expect(await t.database.db.select().from(providerProfiles)).toHaveLength(before.length);

    const url = `/api/admin/providers/${graceId}/licences`;
    const badState = await call(
      'PUT',
      `${url}/ZZ`,
      admin,
      { number: 'X1', expiresOn: '2030-01-01' },
      'es',
    );
    expect(badState.statusCode).toBe(400);
    expect(badState.json().errorMsg).toContain('Estado: elija un estado de EE. UU.');
    const badDate = await call('PUT', `${url}/TX`, admin, {
      number: 'X1',
      expiresOn: '2030-02-30',
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errorMsg).toContain('Expiry date');
    const badNumber = await call('PUT', `${url}/TX`, admin, {
      number: '',
      expiresOn: '2030-01-01',
    });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().errorMsg).toContain('Licence number');
    const missing = await call('DELETE', `${url}/TX`, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorMsg).toBe('This provider has no licence in TX.');
    const licences = await t.database.db
      .select()
      .from(providerLicenses)
      .where(eq(providerLicenses.accountId, graceId));
    expect(licences.map((l) => l.state)).toEqual(['FL']);
  });

  it('invites a provider who sets a password by the link, gets licences and can be deactivated', async () => {
    const email = `iris-${randomUUID().slice(0, 8)}@example.test`;
    const invited = await ok('invite', await invite({ email }));
    const iris = invited.json().provider as { id: string };
    expect(invited.json().provider).toMatchObject({
      name: 'Iris Novak',
      email,
      npi: '1972660314',
      credentials: 'DO',
      dea: 'BN1234563',
      active: true,
      licences: [],
    });
    // The same NPI under another address is refused.
    const taken = await invite({ email: `other-${randomUUID().slice(0, 8)}@example.test` });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errorMsg).toBe('Another provider has this NPI.');

    const [mail] = await outboxRows(t, eq(outbox.recipient, email));
    expect(mail?.subject).toBe('You are invited to provide care on Apothecall');
    const code = /#\/resetpw\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
    expect(code).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const password = 'Iris-Novak-Pass-42';
    await ok(
      'savepw',
      await t.fastify.inject({
        method: 'POST',
        url: '/api/resetpw/savepw',
        payload: { resetCode: code, password },
      }),
    );
    const irisToken = await login(t, email, password);
    expect((await auditRows('providers.invite', iris.id)).length).toBe(1);

    // A licence in FL through today; then updated; TX added and removed.
    const today = licenceDay('FL', Date.now());
    const url = `/api/admin/providers/${iris.id}/licences`;
    await ok(
      'fl',
      await send(t, 'PUT', `${url}/FL`, admin, { number: 'ME 123', expiresOn: today }),
    );
    await ok(
      'tx',
      await send(t, 'PUT', `${url}/tx`, admin, { number: 'TX-9', expiresOn: '2031-05-01' }),
    );
    const updated = await ok(
      'fl again',
      await send(t, 'PUT', `${url}/FL`, admin, {
        number: 'ME 124',
        expiresOn: addDays(today, 365),
      }),
    );
    expect(updated.json().provider.licences).toEqual([
      { state: 'FL', number: 'ME 124', expiresOn: addDays(today, 365), inForce: true },
      { state: 'TX', number: 'TX-9', expiresOn: '2031-05-01', inForce: true },
    ]);
    const removed = await ok('remove tx', await send(t, 'DELETE', `${url}/TX`, admin));
    expect(removed.json().provider.licences.map((l: { state: string }) => l.state)).toEqual(['FL']);
    const saves = await auditRows('providers.licence.save', iris.id);
    expect(saves.map((r) => r.detail)).toContainEqual(
      expect.objectContaining({ state: 'FL', previousExpiresOn: today, added: false }),
    );
    expect((await auditRows('providers.licence.remove', iris.id)).length).toBe(1);

    // On duty, she claims an FL visit; deactivated, the visit goes back to the line.
    await setDuty(t, irisToken, true);
    const onDuty = (await get(t, '/api/admin/providers', admin))
      .json()
      .providers.find((p: { id: string }) => p.id === iris.id);
    expect(onDuty.onDuty).toBe(true);
    const payer = await readyToPay(t, await newPatient(t), { state: 'FL' });
    const started = await ok(
      'start',
      await send(t, 'POST', '/api/visit-start/', payer.token, startBody(payer)),
    );
    const visitId = started.json().visit.visitId as string;
    await ok('claim', await send(t, 'POST', `/api/clinic/visits/${visitId}/claim`, irisToken));
    // And starts an Rx review in FL.
    const rxId = await paidRxVisit(t);
    await ok('rx claim', await send(t, 'POST', `/api/clinic/rx/${rxId}/claim`, irisToken));

    const deactivated = await ok(
      'deactivate',
      await send(t, 'POST', `/api/admin/providers/${iris.id}/deactivate`, admin),
    );
    expect(deactivated.json()).toMatchObject({
      released: 2,
      provider: { active: false, onDuty: false },
    });
    const [visit] = await t.database.db.select().from(visits).where(eq(visits.id, visitId));
    expect(visit).toMatchObject({ state: 'waiting', providerId: null });
    const [review] = await t.database.db.select().from(rxVisits).where(eq(rxVisits.id, rxId));
    expect(review).toMatchObject({ status: 'waiting', prescriberId: null });
    const rxReleased = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rx.review.release'), eq(auditLog.outcome, 'success')));
    expect(rxReleased.map((r) => (r.detail as { visitId: string }).visitId)).toContain(rxId);
    const notes = await t.database.db
      .select()
      .from(visitMessages)
      .where(eq(visitMessages.visitId, visitId));
    expect(notes.map((n) => n.text)).toContain(
      'Your provider is no longer available. Your visit is back in the line: the next provider will see you.',
    );
    // The patient reads it: their visit is waiting again, and the note is in its messages.
    const mine = await get(t, '/api/visits/active', payer.token);
    expect(JSON.stringify(mine.json())).toContain(visitId);
    // Her session ended and she cannot sign in.
    expect((await get(t, '/api/clinic/queue', irisToken)).statusCode).toBe(401);
    const refused = await t.fastify.inject({
      method: 'POST',
      url: '/api/account/token',
      payload: { loginId: email, password, platform: 'web', version: 'test' },
    });
    expect(refused.statusCode).not.toBe(200);
    expect((await auditRows('providers.deactivate', iris.id)).length).toBe(1);
    const released = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'visit.release'), eq(auditLog.subjectAccountId, payer.accountId)),
      );
    expect(released.length).toBe(1);

    // Reactivated, she signs in again; the visit stays in the line for anyone.
    const back = await ok(
      'reactivate',
      await send(t, 'POST', `/api/admin/providers/${iris.id}/reactivate`, admin),
    );
    expect(back.json().provider.active).toBe(true);
    await login(t, email, password);
    expect((await auditRows('providers.reactivate', iris.id)).length).toBe(1);
    const waiting = await t.database.db
      .select({ id: visits.id })
      .from(visits)
      .where(and(eq(visits.id, visitId), inArray(visits.state, ['waiting'])));
    expect(waiting).toHaveLength(1);
  });

  it('an invited provider completes a visit note once the admin has entered their practice', async () => {
    const email = `ida-${randomUUID().slice(0, 8)}@example.test`;
    const ida = (
      await ok('invite', await invite({ email, npi: '1556677882', dea: undefined }))
    ).json().provider as { id: string; practice: unknown };
    expect(ida.practice).toBeNull();
    const [mail] = await outboxRows(t, eq(outbox.recipient, email));
    const code = /#\/resetpw\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
    const password = 'Ida-Practice-Pass-42';
    await ok(
      'savepw',
      await t.fastify.inject({
        method: 'POST',
        url: '/api/resetpw/savepw',
        payload: { resetCode: code, password },
      }),
    );
    const idaToken = await login(t, email, password);
    await ok(
      'licence',
      await send(t, 'PUT', `/api/admin/providers/${ida.id}/licences/FL`, admin, {
        number: 'ME 77',
        expiresOn: '2031-01-31',
      }),
    );
    await setDuty(t, idaToken, true);
    const payer = await readyToPay(t, await newPatient(t), { state: 'FL' });
    const started = await ok(
      'start',
      await send(t, 'POST', '/api/visit-start/', payer.token, startBody(payer)),
    );
    const visitId = started.json().visit.visitId as string;
    await ok('claim', await send(t, 'POST', `/api/clinic/visits/${visitId}/claim`, idaToken));
    const note = {
      subjective: 'Red eye since yesterday',
      objective: 'Injected conjunctiva on video',
      assessment: 'Viral conjunctivitis',
      plan: 'Cool compresses; return if worse',
    };
    const end = () =>
      send(t, 'POST', `/api/clinic/visits/${visitId}/end`, idaToken, {
        outcome: 'completed',
        note,
      });
    const incomplete = await end();
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().errorCode).toBe('PROVIDER_PROFILE_INCOMPLETE');

    const url = `/api/admin/providers/${ida.id}/practice`;
    const practice = {
      name: 'Bayside Family Medicine',
      line1: '200 Biscayne Blvd',
      line2: 'Miami, FL 33132',
      phone: '(305) 555 0199',
      fax: '305.555.0198',
    };
    // Who may: support reads only, a patient and the provider themself are refused; no session 401.
    const patient = await newPatient(t);
    for (const [token, status] of [
      [support, 403],
      [patient.token, 403],
      [idaToken, 403],
      [null, 401],
    ] as const) {
      expect((await call('PUT', url, token, practice)).statusCode).toBe(status);
    }
    // Bad input: a clear message in the caller's language, nothing stored.
    const noStreet = await call('PUT', url, admin, { ...practice, line1: ' ' });
    expect(noStreet.statusCode).toBe(400);
    expect(noStreet.json().errorMsg).toContain('Street address: required.');
    const badPhone = await call('PUT', url, admin, { ...practice, phone: '55-01' }, 'es');
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().errorMsg).toMatch(/teléfono/i);
    const [unchanged] = await t.database.db
      .select({ credential: providerProfiles.credential })
      .from(providerProfiles)
      .where(eq(providerProfiles.accountId, ida.id));
    expect(unchanged?.credential).toEqual({ npi: '1556677882' });

    const saved = await ok('practice', await send(t, 'PUT', url, admin, practice));
    expect(saved.json().provider.practice).toEqual({
      name: 'Bayside Family Medicine',
      line1: '200 Biscayne Blvd',
      line2: 'Miami, FL 33132',
      phone: '305-555-0199',
      fax: '305-555-0198',
      clientNumber: '',
    });
    const [audited] = await auditRows('providers.practice.save', ida.id);
    expect(audited?.detail).toMatchObject({
      before: null,
      after: { name: 'Bayside Family Medicine', phone: '305-555-0199' },
    });

    const ended = await end();
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ state: 'completed' });
  });
});
