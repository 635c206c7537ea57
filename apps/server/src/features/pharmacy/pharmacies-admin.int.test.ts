import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  demo,
  get,
  login,
  newPatient,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { outboxRows } from '../../../test/outbox';
import { accounts } from '../../db/schema/accounts';
import {
  pharmacyOrganizations,
  pharmacyRegistry,
  pharmacyVerificationEvents,
} from '../../db/schema/pharmacy';
import { auditLog, outbox } from '../../db/schema/platform';
import { rxVisits } from '../../db/schema/rx';
import { demoRegistryToOnboard, demoRxVisitKey } from '../../db/seed/demo-pharmacies';
import { createPharmacyRepo } from './pharmacy.repo';
import { createPharmacyService } from './pharmacy.service';

const admin = 'admin@apothecall.test';
const sunrise = 'sunrise-pharmacy';
const gulfCoast = `gulf-coast-pharmacy-${demoRegistryToOnboard.ncpdpId}`;
/** A second registry row, for the comparison's 'missing' (no phone listed). */
const bayside = {
  ...demoRegistryToOnboard,
  ncpdpId: '2718281',
  npi: '1972635410',
  name: 'BAYSIDE DRUGS',
  address1: '12 BAY ST',
  phone: '',
};

/**
 * The back office's pharmacies area through the whole app: who may read and change
 * it, the registry search and onboarding, the comparison with the registry, verify and unverify
 * (with their effect on the pharmacy's claims, status changes and downloads at once), inviting
 * the pharmacy's administrator, the audit of every change. One app per database.
 */
describe.each(databaseKinds)('Back office: pharmacies on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let supportToken: string;
  let others: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind, { PUBLIC_URL: 'https://app.example.test' });
    await t.database.db.insert(pharmacyRegistry).values(bayside).onConflictDoNothing();
    adminToken = await login(t, admin);
    // Support: a login given the role (no demo login has it).
    const staff = await newPatient(t);
    await t.database.db
      .update(accounts)
      .set({ role: 'support' })
      .where(eq(accounts.loginId, staff.loginId));
    supportToken = await login(t, staff.loginId, staff.password);
    others = {
      patient: await login(t, demo.patient),
      provider: await login(t, demo.provider),
      pharmacist: await login(t, 'pharmacist@apothecall.test'),
      pharmacyAdmin: await login(t, 'pharmacy-admin@apothecall.test'),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const json = (res: Awaited<ReturnType<TestApp['fastify']['inject']>>) => res.json();
  const onboarded = async () =>
    (await t.database.db.select({ id: pharmacyOrganizations.id }).from(pharmacyOrganizations))
      .length;
  const audited = async (action: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.outcome, 'success')));

  const reads = [
    ['GET', '/api/admin/pharmacies', undefined],
    ['GET', `/api/admin/pharmacies/${sunrise}`, undefined],
    ['POST', '/api/admin/pharmacies/registry-search', { query: 'pharmacy' }],
  ] as const;
  const writes = [
    ['POST', '/api/admin/pharmacies/onboard', { ncpdpId: bayside.ncpdpId }],
    ['POST', `/api/admin/pharmacies/${sunrise}/unverify`, { reason: 'Checking the licence' }],
    ['POST', `/api/admin/pharmacies/lone-star-pharmacy/verify`, { reason: 'Fax confirmed' }],
    [
      'POST',
      `/api/admin/pharmacies/${sunrise}/admin`,
      { name: 'Nobody Here', email: 'nobody@example.test' },
    ],
    [
      'POST',
      `/api/admin/pharmacies/${sunrise}/fees/00000000-0000-0000-0000-000000000000/refund`,
      { reason: 'Goodwill' },
    ],
  ] as const;
  const call = (method: 'GET' | 'POST', url: string, token: string | null, body?: object) =>
    t.fastify.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body ? { payload: body } : {}),
    });

  it('answers 401 without a session, 403 to every role outside the back office, and lets support read but not change', async () => {
    const before = await onboarded();
    for (const [method, url, body] of [...reads, ...writes]) {
      expect((await call(method, url, null, body)).statusCode, `${url} no session`).toBe(401);
      for (const [role, token] of Object.entries(others)) {
        const res = await call(method, url, token, body);
        expect(res.statusCode, `${url} ${role}`).toBe(403);
        expect(json(res).errorCode).toBe('BACK_OFFICE_REFUSED');
      }
    }
    for (const [method, url, body] of reads) {
      expect((await call(method, url, supportToken, body)).statusCode, `${url} support`).toBe(200);
      expect((await call(method, url, adminToken, body)).statusCode, `${url} admin`).toBe(200);
    }
    for (const [method, url, body] of writes) {
      const res = await call(method, url, supportToken, body);
      expect(res.statusCode, `${url} support`).toBe(403);
      expect(json(res).errorMsg).toBe('Your role may not use this part of the back office.');
    }
    // Nothing changed: no pharmacy, Sunrise still verified, no invitation mailed.
    expect(await onboarded()).toBe(before);
    const page = json(await get(t, `/api/admin/pharmacies/${sunrise}`, adminToken)).pharmacy;
    expect(page.verified).toBe(true);
    expect(await outboxRows(t, eq(outbox.recipient, 'nobody@example.test'))).toEqual([]);
    expect((await audited('backoffice.pharmacy.unverify')).length).toBe(0);
  });

  it('refuses bad input with 400 and a clear message in English and Spanish, changing nothing', async () => {
    const before = await onboarded();
    const cases = [
      [
        '/api/admin/pharmacies/registry-search',
        { query: 'x' },
        /NCPDP ID or at least 2 letters/,
        /ID NCPDP o al menos 2 letras/,
      ],
      [
        '/api/admin/pharmacies/onboard',
        { ncpdpId: '12ab' },
        /7-digit NCPDP ID/,
        /ID NCPDP de 7 dígitos/,
      ],
      [
        '/api/admin/pharmacies/onboard',
        { ncpdpId: '9999999' },
        /No pharmacy in the registry has NCPDP ID 9999999/,
        /Ninguna farmacia del registro tiene el ID NCPDP 9999999/,
      ],
      [
        `/api/admin/pharmacies/${sunrise}/unverify`,
        { reason: ' ' },
        /Give a reason/,
        /Indique un motivo/,
      ],
      [`/api/admin/pharmacies/${sunrise}/verify`, {}, /Give a reason/, /Indique un motivo/],
      [
        `/api/admin/pharmacies/${sunrise}/admin`,
        { name: 'Ann Lee', email: 'not-an-email' },
        /valid e-mail/,
        /correo electrónico válido/,
      ],
      [
        `/api/admin/pharmacies/${sunrise}/admin`,
        { name: '', email: 'ann@example.test' },
        /administrator's name/,
        /nombre del administrador/,
      ],
    ] as const;
    for (const [url, body, english, spanish] of cases) {
      const en = await send(t, 'POST', url, adminToken, body);
      expect(en.statusCode, url).toBe(400);
      expect(json(en).errorMsg).toMatch(english);
      const es = await t.fastify.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${adminToken}`, 'accept-language': 'es' },
        payload: body,
      });
      expect(es.statusCode, url).toBe(400);
      expect(json(es).errorMsg).toMatch(spanish);
    }
    expect(await onboarded()).toBe(before);
    expect(
      json(await get(t, `/api/admin/pharmacies/${sunrise}`, adminToken)).pharmacy.verified,
    ).toBe(true);
    expect((await get(t, '/api/admin/pharmacies/nowhere', adminToken)).statusCode).toBe(404);
  });

  it('searches the registry by NCPDP ID or name, and onboards a pharmacy from its row, unverified, once', async () => {
    const byId = json(
      await send(t, 'POST', '/api/admin/pharmacies/registry-search', adminToken, {
        query: '31415',
      }),
    ).results;
    expect(byId).toEqual([{ ...demoRegistryToOnboard, onboardedAs: null }]);
    const byName = json(
      await send(t, 'POST', '/api/admin/pharmacies/registry-search', adminToken, {
        query: 'sunrise',
      }),
    ).results;
    expect(
      byName.map((r: { ncpdpId: string; onboardedAs: string }) => [r.ncpdpId, r.onboardedAs]),
    ).toEqual([['1023456', sunrise]]);
    // A wildcard is a character, not a pattern.
    expect(
      json(
        await send(t, 'POST', '/api/admin/pharmacies/registry-search', adminToken, { query: '%%' }),
      ).results,
    ).toEqual([]);

    const res = await send(t, 'POST', '/api/admin/pharmacies/onboard', adminToken, {
      ncpdpId: demoRegistryToOnboard.ncpdpId,
    });
    expect(res.statusCode).toBe(200);
    const pharmacy = json(res).pharmacy;
    expect(pharmacy).toMatchObject({
      id: gulfCoast,
      name: 'GULF COAST PHARMACY',
      ncpdpId: '3141592',
      npi: '1659372145',
      address1: '410 N DALE MABRY HWY',
      city: 'TAMPA',
      state: 'FL',
      zip: '33609',
      phone: '8135550142',
      fax: '8135550143',
      verified: false,
      listed: true,
      admins: [],
      fees: { balance: 0, entries: [] },
    });
    expect(pharmacy.comparison.map((c: { result: string }) => c.result)).toEqual([
      'same',
      'same',
      'same',
    ]);
    expect(pharmacy.history).toEqual([expect.objectContaining({ action: 'onboard', reason: '' })]);

    const again = await send(t, 'POST', '/api/admin/pharmacies/onboard', adminToken, {
      ncpdpId: demoRegistryToOnboard.ncpdpId,
    });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({
      errorCode: 'PHARMACY_ALREADY_ONBOARDED',
      errorMsg: 'The pharmacy with NCPDP ID 3141592 is already onboarded as GULF COAST PHARMACY.',
    });
    const list = json(await get(t, '/api/admin/pharmacies', supportToken)).pharmacies;
    expect(list.find((p: { id: string }) => p.id === gulfCoast)).toEqual({
      id: gulfCoast,
      name: 'GULF COAST PHARMACY',
      ncpdpId: '3141592',
      state: 'FL',
      verified: false,
      admin: null,
    });
    expect(list.find((p: { id: string }) => p.id === sunrise)).toMatchObject({
      verified: true,
      admin: { email: 'pharmacy-admin@apothecall.test' },
    });
    const [audit] = await audited('backoffice.pharmacy.onboard');
    expect(audit?.detail).toEqual({ organizationId: gulfCoast, ncpdpId: '3141592' });
    // A registry import does not verify an onboarded pharmacy by itself: the operator does.
    const service = createPharmacyService({ repo: createPharmacyRepo(t.database.db) });
    await service.verifyAll();
    expect((await service.verification(gulfCoast))?.verified).toBe(false);
  });

  it("compares the pharmacy's address, phone and fax with the registry's, field by field", async () => {
    const loneStar = json(
      await get(t, '/api/admin/pharmacies/lone-star-pharmacy', supportToken),
    ).pharmacy;
    expect(loneStar.comparison).toEqual([
      {
        field: 'address',
        pharmacy: '88 West Main Street, Austin, TX 78701',
        registry: '88 WEST MAIN STREET, AUSTIN, TX 78701',
        result: 'same',
      },
      { field: 'phone', pharmacy: '512-555-0199', registry: '5125550199', result: 'same' },
      { field: 'fax', pharmacy: '512-555-0197', registry: '5125550198', result: 'differs' },
    ]);
    await ok(
      send(t, 'POST', '/api/admin/pharmacies/onboard', adminToken, { ncpdpId: bayside.ncpdpId }),
    );
    const baysidePage = json(
      await get(t, `/api/admin/pharmacies/bayside-drugs-${bayside.ncpdpId}`, adminToken),
    ).pharmacy;
    expect(baysidePage.comparison.map((c: { result: string }) => c.result)).toEqual([
      'same',
      'missing',
      'same',
    ]);
    // Verifying needs the registry to confirm every field.
    const refused = await t.fastify.inject({
      method: 'POST',
      url: '/api/admin/pharmacies/lone-star-pharmacy/verify',
      headers: { authorization: `Bearer ${adminToken}`, 'accept-language': 'es' },
      payload: { reason: 'Called the pharmacy' },
    });
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({
      errorCode: 'PHARMACY_REGISTRY_DIFFERS',
      errorMsg:
        'Los datos de la farmacia no coinciden con el registro (Fax): no se puede verificar.',
    });
  });

  it("unverifies a pharmacy with a reason, refusing its staff's claim, status change and download at once, and verifies it again", async () => {
    const pharmacist = others.pharmacist as string;
    const [visit] = await t.database.db
      .select({ id: rxVisits.id, version: rxVisits.version })
      .from(rxVisits)
      .where(eq(rxVisits.idempotencyKey, demoRxVisitKey));
    if (!visit) throw new Error('the demo Rx visit is missing');
    const unverified = await send(
      t,
      'POST',
      `/api/admin/pharmacies/${sunrise}/unverify`,
      adminToken,
      {
        reason: 'Licence under review',
      },
    );
    expect(unverified.statusCode).toBe(200);
    expect(json(unverified).pharmacy).toMatchObject({ verified: false, verifiedAt: null });
    expect(json(unverified).pharmacy.history[0]).toMatchObject({
      action: 'unverify',
      reason: 'Licence under review',
      by: expect.stringMatching(/\S/),
    });
    for (const res of [
      await send(t, 'POST', `/api/pharmacy/rx/${visit.id}/claim`, pharmacist, {
        version: visit.version,
      }),
      await send(t, 'POST', `/api/pharmacy/rx/${visit.id}/status`, pharmacist, {
        status: 'contacted',
        version: visit.version,
        note: 'Calling you',
      }),
      await get(t, `/api/pharmacy/rx/${visit.id}/prescription.pdf`, pharmacist),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(json(res).errorCode).toBe('PHARMACY_UNVERIFIED');
    }
    // Held: a registry import that matches does not verify it again by itself.
    const service = createPharmacyService({ repo: createPharmacyRepo(t.database.db) });
    await service.verifyAll();
    expect((await service.verification(sunrise))?.verified).toBe(false);
    const twice = await send(t, 'POST', `/api/admin/pharmacies/${sunrise}/unverify`, adminToken, {
      reason: 'Again',
    });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).errorCode).toBe('PHARMACY_VERIFICATION_UNCHANGED');

    const verified = await send(t, 'POST', `/api/admin/pharmacies/${sunrise}/verify`, adminToken, {
      reason: 'Licence confirmed with the board',
    });
    expect(verified.statusCode).toBe(200);
    expect(json(verified).pharmacy.verified).toBe(true);
    expect(json(verified).pharmacy.history.map((e: { action: string }) => e.action)).toEqual([
      'verify',
      'unverify',
    ]);
    const claimed = await send(t, 'POST', `/api/pharmacy/rx/${visit.id}/claim`, pharmacist, {
      version: visit.version,
    });
    expect(claimed.statusCode).toBe(200);
    const pdf = await get(t, `/api/pharmacy/rx/${visit.id}/prescription.pdf`, pharmacist);
    expect(pdf.statusCode).toBe(200);
    // The claim's fee shows in the fee account on the pharmacy's page.
    const fees = json(await get(t, `/api/admin/pharmacies/${sunrise}`, supportToken)).pharmacy.fees;
    expect(fees.entries[0]).toMatchObject({ kind: 'claimFee', visitId: visit.id });
    expect(fees.balance).toBe(fees.entries[0].balanceAfter);

    const events = await t.database.db
      .select()
      .from(pharmacyVerificationEvents)
      .where(eq(pharmacyVerificationEvents.organizationId, sunrise));
    expect(events.map((e) => e.reason).sort()).toEqual([
      'Licence confirmed with the board',
      'Licence under review',
    ]);
    expect((await audited('backoffice.pharmacy.unverify')).map((a) => a.detail)).toEqual([
      { organizationId: sunrise, reason: 'Licence under review' },
    ]);
    expect((await audited('backoffice.pharmacy.verify')).map((a) => a.detail)).toEqual([
      { organizationId: sunrise, reason: 'Licence confirmed with the board' },
    ]);
  });

  it('gives a claim fee back once, with a reason, audited', async () => {
    const page = async () =>
      json(await get(t, `/api/admin/pharmacies/${sunrise}`, adminToken)).pharmacy;
    const before = await page();
    const fee = before.fees.entries.find((e: { kind: string }) => e.kind === 'claimFee');
    expect(fee).toBeDefined();
    const url = `/api/admin/pharmacies/${sunrise}/fees/${fee.id}/refund`;
    const noReason = await send(t, 'POST', url, adminToken, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).errorMsg).toMatch(/Give a reason/);
    const unknown = await send(
      t,
      'POST',
      `/api/admin/pharmacies/${sunrise}/fees/${randomUUID()}/refund`,
      adminToken,
      { reason: 'Goodwill' },
    );
    expect(unknown.statusCode).toBe(404);
    expect((await page()).fees.balance).toBe(before.fees.balance);

    const refunded = await send(t, 'POST', url, adminToken, { reason: 'Claimed by mistake' });
    expect(refunded.statusCode).toBe(200);
    const after = json(refunded).pharmacy.fees;
    expect(after.balance).toBe(before.fees.balance - fee.amount);
    expect(after.entries[0]).toMatchObject({
      kind: 'claimFeeReversal',
      amount: -fee.amount,
      visitId: fee.visitId,
    });
    const again = await send(t, 'POST', url, adminToken, { reason: 'Claimed by mistake' });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({
      errorCode: 'PHARMACY_FEE_NOT_REFUNDABLE',
      errorMsg: 'This claim fee was given back already.',
    });
    expect((await page()).fees.balance).toBe(after.balance);
    const [audit] = await audited('backoffice.pharmacy.fee.refund');
    expect(audit?.detail).toMatchObject({
      organizationId: sunrise,
      feeEntryId: fee.id,
      amountCents: -fee.amount,
      reason: 'Claimed by mistake',
    });
  });

  it("invites the pharmacy's administrator, who sets a password through the mailed link and administers that pharmacy", async () => {
    const email = `owner-${randomUUID().slice(0, 8)}@example.test`;
    const res = await send(t, 'POST', `/api/admin/pharmacies/${gulfCoast}/admin`, adminToken, {
      name: 'Dana  Gulf Owner',
      email,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).pharmacy.admins).toEqual([{ name: 'Dana Gulf Owner', email }]);
    const [mail] = await outboxRows(t, eq(outbox.recipient, email));
    expect(mail?.subject).toBe('You administer GULF COAST PHARMACY on Apothecall');
    const code = /https:\/\/app\.example\.test\/#\/resetpw\/([A-Za-z0-9_-]+)/.exec(
      mail?.body ?? '',
    )?.[1];
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const saved = await t.fastify.inject({
      method: 'POST',
      url: '/api/resetpw/savepw',
      payload: { resetCode: code, password: 'Gulf-Owner-Pass-42' },
    });
    expect(saved.statusCode).toBe(200);
    const owner = await login(t, email, 'Gulf-Owner-Pass-42');
    const me = json(await get(t, '/api/pharmacy/me', owner));
    expect(me).toMatchObject({ role: 'pharmacyAdmin', organization: { id: gulfCoast } });
    // Another account's e-mail is refused, nothing sent to it.
    const taken = await send(t, 'POST', `/api/admin/pharmacies/${gulfCoast}/admin`, adminToken, {
      name: 'Maria Rivera',
      email: demo.patient,
    });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).errorCode).toBe('INVITE_EXISTS');
    const [audit] = await audited('backoffice.pharmacy.admin.invite');
    expect(audit?.detail).toEqual({ organizationId: gulfCoast, created: true });
    const ids = (
      await t.database.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(inArray(accounts.loginId, [email]))
    ).map((a) => a.id);
    expect(audit?.subjectAccountId).toBe(ids[0]);
  });
});

async function ok<R extends { statusCode: number; body: string }>(res: Promise<R>): Promise<R> {
  const done = await res;
  if (done.statusCode !== 200) throw new Error(`${done.statusCode} ${done.body}`);
  return done;
}
