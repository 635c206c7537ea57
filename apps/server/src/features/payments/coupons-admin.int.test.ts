import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  demo,
  login,
  newPatient,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { coupons } from '../../db/schema/payments';
import { auditLog } from '../../db/schema/platform';

const base = (brand: string) => `/api/admin/brands/${brand}/coupons`;

/**
 * A brand's coupons in the back office through the whole app, one app per database:
 * admin reads and changes, support reads, other roles 403 (audited), nobody 401; bad input is 400
 * in the caller's language and changes nothing; every change is audited field by field; the
 * checkout prices from the change at once; a code is created once under 8 parallel requests.
 */
describe.each(databaseKinds)('Back office: brand coupons on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let support: string;

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    token: string | null,
    url: string,
    body?: object,
    lang = 'en',
  ) =>
    t.fastify.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), 'x-app-params': `lang=${lang}` },
      ...(body ? { payload: body } : {}),
    });
  const rows = async (code: string) =>
    t.database.db.select().from(coupons).where(eq(coupons.code, code));
  const audits = async (action: string, outcome = 'success') =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.outcome, outcome)))
      .orderBy(desc(auditLog.id));
  const verify = (token: string, coupon: string) =>
    call('POST', token, '/api/verify-coupon', { coupon });

  beforeAll(async () => {
    t = await startTestApp(kind);
    [admin, support] = await Promise.all([
      login(t, 'admin@apothecall.test'),
      login(t, 'support@apothecall.test'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('admin changes, support reads, other roles 403 (audited), no session 401', async () => {
    const [patient, provider, pharmacist] = await Promise.all([
      login(t, demo.patient),
      login(t, demo.provider),
      login(t, 'pharmacist@apothecall.test'),
    ]);
    const listed = await call('GET', support, base('apothecall'));
    expect(listed.statusCode).toBe(200);
    expect(listed.json().feeCents).toBe(4900);
    expect(listed.json().coupons.map((c: { code: string }) => c.code)).toContain('SAVE20');
    const deniedBefore = (await audits('backoffice.brands.coupons.write', 'denied')).length;
    const bySupport = await call('POST', support, base('apothecall'), {
      code: 'SUPPORT1',
      kind: 'free',
      value: 0,
    });
    expect(bySupport.statusCode).toBe(403);
    expect(bySupport.json().errorMsg).toBe('Your role may not use this part of the back office.');
    expect((await audits('backoffice.brands.coupons.write', 'denied')).length).toBe(
      deniedBefore + 1,
    );
    expect(
      (await call('PATCH', support, `${base('apothecall')}/SAVE20`, { active: false })).statusCode,
    ).toBe(403);
    for (const token of [patient, provider, pharmacist]) {
      expect((await call('GET', token, base('apothecall'))).statusCode).toBe(403);
      expect(
        (await call('POST', token, base('apothecall'), { code: 'ROLE1', kind: 'free', value: 0 }))
          .statusCode,
      ).toBe(403);
    }
    expect((await call('GET', null, base('apothecall'))).statusCode).toBe(401);
    expect(
      (await call('POST', null, base('apothecall'), { code: 'NOBODY1', kind: 'free', value: 0 }))
        .statusCode,
    ).toBe(401);
    expect(await rows('SUPPORT1')).toEqual([]);
    expect(await rows('ROLE1')).toEqual([]);
    expect((await rows('SAVE20'))[0]?.active).toBe(true);
  });

  it('bad input is 400 with a clear message in English and Spanish, and nothing changes', async () => {
    const before = (await audits('backoffice.brands.coupon.create')).length;
    const cases: [object, string, string][] = [
      [
        { code: 'a!', kind: 'free', value: 0 },
        'Enter a code of 3 to 32 letters, digits, "-" or "_", starting with a letter or digit.',
        'Escriba un código de 3 a 32 letras, dígitos, "-" o "_", que empiece con una letra o un dígito.',
      ],
      [
        { code: 'BAD1', kind: 'percent', value: 150 },
        'A percent-off coupon takes 1 to 100 percent.',
        'Un cupón de porcentaje admite de 1 a 100 por ciento.',
      ],
      [
        { code: 'BAD2', kind: 'amount', value: 5000 },
        'An amount-off coupon takes at least $0.01 and at most the fee ($49.00).',
        'Un cupón de importe admite al menos $0.01 y como máximo la tarifa ($49.00).',
      ],
      [
        { code: 'BAD3', kind: 'free', value: 10 },
        'A free coupon has no value: leave it at 0.',
        'Un cupón gratis no tiene valor: déjelo en 0.',
      ],
      [
        { code: 'BAD4', kind: 'gift', value: 10 },
        'Choose a kind of coupon: free, percent off or amount off.',
        'Elija un tipo de cupón: gratis, porcentaje de descuento o importe de descuento.',
      ],
      [
        { code: 'BAD5', kind: 'amount', value: 100, expiresAt: '2020-01-01T00:00:00Z' },
        'The expiry must be in the future.',
        'El vencimiento debe ser en el futuro.',
      ],
    ];
    for (const [body, en, es] of cases) {
      const inEnglish = await call('POST', admin, base('apothecall'), body);
      expect(inEnglish.statusCode, inEnglish.body).toBe(400);
      expect(inEnglish.json().errorMsg).toContain(en);
      const inSpanish = await call('POST', admin, base('apothecall'), body, 'es');
      expect(inSpanish.statusCode).toBe(400);
      expect(inSpanish.json().errorMsg).toContain(es);
    }
    for (const code of ['BAD1', 'BAD2', 'BAD3', 'BAD4', 'BAD5'])
      expect(await rows(code)).toEqual([]);
    const limit = await call(
      'PATCH',
      admin,
      `${base('apothecall')}/SAVE20`,
      { maxRedemptions: 0 },
      'es',
    );
    expect(limit.statusCode).toBe(400);
    expect(limit.json().errorMsg).toContain('Escriba cuántas veces se puede usar');
    const nothing = await call('PATCH', admin, `${base('apothecall')}/SAVE20`, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errorMsg).toContain('Change at least one field.');
    expect((await rows('SAVE20'))[0]).toMatchObject({ active: true, maxRedemptions: null });
    expect((await audits('backoffice.brands.coupon.create')).length).toBe(before);
    // An unknown brand, another brand's coupon: not found.
    expect((await call('GET', admin, base('no-such-brand'))).statusCode).toBe(404);
    const elsewhere = await call('PATCH', admin, `${base('partner')}/SAVE20`, { title: 'x' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().errorMsg).toBe('This brand has no coupon SAVE20.');
  });

  it('a created or changed coupon prices the checkout at once; an applied one keeps its value', async () => {
    const created = await call('POST', admin, base('apothecall'), {
      code: ' spring25 ',
      kind: 'percent',
      value: 25,
      title: 'Spring',
      message: '25% off your visit',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().coupon).toMatchObject({
      code: 'SPRING25',
      kind: 'percent',
      value: 25,
      redemptions: 0,
      redeemed: false,
      usable: true,
    });
    const [audit] = await audits('backoffice.brands.coupon.create');
    expect(audit?.detail).toMatchObject({
      brandId: 'apothecall',
      code: 'SPRING25',
      changes: { kind: { before: null, after: 'percent' }, value: { before: null, after: 25 } },
    });
    const patient = await newPatient(t);
    expect((await verify(patient.token, 'spring25')).json().price).toBe(3675);

    const changed = await call('PATCH', admin, `${base('apothecall')}/spring25`, { value: 50 });
    expect(changed.statusCode, changed.body).toBe(200);
    const [update] = await audits('backoffice.brands.coupon.update');
    expect(update?.detail).toEqual({
      brandId: 'apothecall',
      code: 'SPRING25',
      changes: { value: { before: 25, after: 50 } },
    });
    expect((await verify(patient.token, 'SPRING25')).json().price).toBe(2450);

    // Applied by a patient: the kind and value stay; its texts and limit may change.
    const redeemed = await call('POST', patient.token, '/api/redeem-coupon', {
      coupon: 'SPRING25',
    });
    expect(redeemed.json().price).toBe(2450);
    const refused = await call('PATCH', admin, `${base('apothecall')}/SPRING25`, { value: 10 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'COUPON_REDEEMED',
      errorMsg:
        'Patients have applied SPRING25: its kind and value stay as they are. Make a new code for a different offer.',
    });
    const refusedEs = await call(
      'PATCH',
      admin,
      `${base('apothecall')}/SPRING25`,
      { kind: 'free', value: 0 },
      'es',
    );
    expect(refusedEs.statusCode).toBe(409);
    expect(refusedEs.json().errorMsg).toContain('Hay pacientes que aplicaron SPRING25');
    const below = await call('PATCH', admin, `${base('apothecall')}/SPRING25`, {
      maxRedemptions: 1,
      title: 'Spring!',
    });
    expect(below.statusCode, below.body).toBe(200);
    expect(below.json().coupon).toMatchObject({ value: 50, title: 'Spring!', usable: false });
    expect((await rows('SPRING25'))[0]).toMatchObject({ kind: 'percent', value: 50 });

    // Stopped: no patient may apply it from now on.
    await call('PATCH', admin, `${base('apothecall')}/SPRING25`, { maxRedemptions: null });
    const other = await newPatient(t);
    expect((await verify(other.token, 'SPRING25')).statusCode).toBe(200);
    const stopped = await call('PATCH', admin, `${base('apothecall')}/SPRING25`, { active: false });
    expect(stopped.json().coupon).toMatchObject({ active: false, usable: false, redeemed: true });
    const [stop] = await audits('backoffice.brands.coupon.update');
    expect(stop?.detail).toMatchObject({ changes: { active: { before: true, after: false } } });
    const afterStop = await verify(other.token, 'SPRING25');
    expect(afterStop.statusCode).toBe(400);
    expect(afterStop.json()).toMatchObject({
      errorCode: 'COUPON_INVALID',
      errorMsg: 'Coupon code cannot be used.',
    });
    // Applying it at checkout is refused too, and not counted (the list below still says 1).
    const redeemStopped = await call('POST', other.token, '/api/redeem-coupon', {
      coupon: 'spring25',
    });
    expect(redeemStopped.statusCode).toBe(400);
    expect(redeemStopped.json().errorCode).toBe('COUPON_INVALID');
    const listed = (await call('GET', admin, base('apothecall'))).json().coupons as {
      code: string;
    }[];
    expect(listed.find((c) => c.code === 'SPRING25')).toMatchObject({
      active: false,
      redemptions: 1,
      redeemed: true,
    });
  });

  it('8 parallel creates of one code: one 201, seven 409, one row', async () => {
    const body = { code: 'RACE8', kind: 'amount', value: 500 };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', admin, base('apothecall'), body)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const conflict = answers.find((a) => a.statusCode === 409);
    expect(conflict?.json()).toMatchObject({
      errorCode: 'OFFER_CODE_TAKEN',
      errorMsg: 'The code RACE8 is already in use. Choose another code.',
    });
    expect(await rows('RACE8')).toHaveLength(1);
    const created = (await audits('backoffice.brands.coupon.create')).filter(
      (a) => (a.detail as { code?: string }).code === 'RACE8',
    );
    expect(created).toHaveLength(1);
    // A code another brand has is taken too (codes are unique on the platform).
    const taken = await call('POST', admin, base('partner'), { ...body, code: 'race8' }, 'es');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errorMsg).toBe('El código RACE8 ya está en uso. Elija otro código.');
    const count = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(coupons)
      .where(eq(coupons.code, 'RACE8'));
    expect(count[0]?.n).toBe(1);
  });
});
