import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  demo,
  login,
  newPatient,
  readyToPay,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { brands, referrals } from '../../db/schema/brands';
import { auditLog } from '../../db/schema/platform';
import { subscriptions } from '../../db/schema/subscriptions';

const referralsOf = (brand: string) => `/api/admin/brands/${brand}/referrals`;
const plansOf = (brand: string) => `/api/admin/brands/${brand}/subscriptions`;

const partnerCatalog = {
  plans: [
    { plan: 'individual', period: 'quarterly', monthlyCents: 1900, freeMonths: 0 },
    { plan: 'family', period: 'annual', monthlyCents: 3900, freeMonths: 2 },
  ],
  memberVisitCents: 500,
  nonmemberVisitCents: 2500,
  rxServices: [
    {
      id: 'ldn',
      name: { en: 'Low-dose naltrexone', es: 'Naltrexona en dosis baja' },
      monthlyCents: 4500,
      months: [1, 3],
    },
  ],
};

/**
 * A brand's referral codes and subscription plans and prices in the back office
 * through the whole app, one app per database: admin changes, support reads, other roles 403
 * (audited), nobody 401; bad input is 400 in the caller's language and changes nothing; every
 * change is audited field by field and applies at once (the price a patient is quoted, the plans
 * a patient is sold); a subscriber keeps the price they bought at.
 */
describe.each(databaseKinds)('Back office: brand referral codes and plans on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let support: string;

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    token: string | null,
    url: string,
    body?: object,
    params = 'lang=en',
  ) =>
    t.fastify.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), 'x-app-params': params },
      ...(body ? { payload: body } : {}),
    });
  const audits = async (action: string, outcome = 'success') =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.outcome, outcome)))
      .orderBy(desc(auditLog.id));
  const referral = async (code: string) =>
    (await t.database.db.select().from(referrals).where(eq(referrals.code, code)))[0];
  const settingsOf = async (brand: string) =>
    (await t.database.db.select().from(brands).where(eq(brands.id, brand)))[0]?.settings;
  const quote = (token: string, code: string) => call('GET', token, `/api/account/pricing/${code}`);

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
    const listed = await call('GET', support, referralsOf('apothecall'));
    expect(listed.statusCode).toBe(200);
    expect(listed.json().referrals).toContainEqual(
      expect.objectContaining({ code: 'FRIEND10', patientOwned: true, active: true }),
    );
    expect((await call('GET', support, plansOf('apothecall'))).statusCode).toBe(200);
    const settingsBefore = await settingsOf('apothecall');
    const denied = (await audits('backoffice.brands.offers.write', 'denied')).length;
    const writes: [string, 'POST' | 'PATCH' | 'PUT', object][] = [
      [referralsOf('apothecall'), 'POST', { code: 'ROLE-1' }],
      [`${referralsOf('apothecall')}/FRIEND10`, 'PATCH', { title: 'x' }],
      [plansOf('apothecall'), 'PUT', { sells: false, catalog: null }],
    ];
    for (const [url, method, body] of writes) {
      const res = await call(method, support, url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().errorMsg).toBe('Your role may not use this part of the back office.');
    }
    expect((await audits('backoffice.brands.offers.write', 'denied')).length).toBe(denied + 3);
    for (const token of [patient, provider, pharmacist]) {
      expect((await call('GET', token, referralsOf('apothecall'))).statusCode).toBe(403);
      expect((await call('GET', token, plansOf('apothecall'))).statusCode).toBe(403);
      for (const [url, method, body] of writes) {
        expect((await call(method, token, url, body)).statusCode).toBe(403);
      }
    }
    for (const [url, method, body] of writes) {
      expect((await call(method, null, url, body)).statusCode).toBe(401);
    }
    expect((await call('GET', null, plansOf('apothecall'))).statusCode).toBe(401);
    expect(await referral('ROLE-1')).toBeUndefined();
    expect(await settingsOf('apothecall')).toEqual(settingsBefore);
  });

  it('referral codes: bad input is 400 in English and Spanish and changes nothing', async () => {
    const before = await referral('FRIEND10');
    const created = (await audits('backoffice.brands.referral.create')).length;
    const bad: [string, 'POST' | 'PATCH', object, string, string][] = [
      [
        referralsOf('apothecall'),
        'POST',
        { code: 'x' },
        'Enter a code of 3 to 32 letters, digits, "-" or "_", starting with a letter or digit.',
        'Escriba un código de 3 a 32 letras, dígitos, "-" o "_", que empiece con una letra o un dígito.',
      ],
      [
        referralsOf('apothecall'),
        'POST',
        { code: 'GOOD-CODE', priceCents: -5 },
        'Enter the visit price (0 or more), or leave it empty for the usual fee.',
        'Escriba el precio de la consulta (0 o más), o déjelo vacío para la tarifa habitual.',
      ],
      [
        `${referralsOf('apothecall')}/FRIEND10`,
        'PATCH',
        { title: 'a'.repeat(201) },
        'Enter a title (up to 200 characters).',
        'Escriba un título (hasta 200 caracteres).',
      ],
    ];
    for (const [url, method, body, en, es] of bad) {
      const inEnglish = await call(method, admin, url, body);
      expect(inEnglish.statusCode, inEnglish.body).toBe(400);
      expect(inEnglish.json().errorMsg).toContain(en);
      const inSpanish = await call(method, admin, url, body, 'lang=es');
      expect(inSpanish.statusCode).toBe(400);
      expect(inSpanish.json().errorMsg).toContain(es);
    }
    // A patient's own code is listed but left alone.
    const owned = await call(
      'PATCH',
      admin,
      `${referralsOf('apothecall')}/friend10`,
      { active: false },
      'lang=es',
    );
    expect(owned.statusCode).toBe(409);
    expect(owned.json()).toMatchObject({
      errorCode: 'REFERRAL_PATIENT_OWNED',
      errorMsg:
        'El código FRIEND10 es el código propio de un paciente para compartir: la administración no lo cambia.',
    });
    const taken = await call('POST', admin, referralsOf('partner'), { code: 'friend10' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errorMsg).toBe(
      'The referral code FRIEND10 is already in use. Choose another code.',
    );
    expect(await referral('GOOD-CODE')).toBeUndefined();
    expect(await referral('FRIEND10')).toEqual(before);
    expect((await audits('backoffice.brands.referral.create')).length).toBe(created);
    expect((await call('GET', admin, referralsOf('no-such-brand'))).statusCode).toBe(404);
    const elsewhere = await call('PATCH', admin, `${referralsOf('partner')}/FRIEND10`, {
      title: 'x',
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('a referral code created, repriced and retired applies at once, audited field by field', async () => {
    const code = `PAL-${randomBytes(3).toString('hex')}`.toUpperCase();
    const created = await call('POST', admin, referralsOf('apothecall'), {
      code: code.toLowerCase(),
      title: 'A pal sent you',
      message: 'Your visit is $25.',
      linkMessage: 'Share with a pal',
      priceCents: 2500,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().referral).toMatchObject({
      code,
      priceCents: 2500,
      active: true,
      patientOwned: false,
    });
    const [createdAudit] = await audits('backoffice.brands.referral.create');
    expect(createdAudit?.detail).toMatchObject({
      brandId: 'apothecall',
      code,
      changes: {
        priceCents: { before: null, after: 2500 },
        title: { before: null, after: 'A pal sent you' },
      },
    });
    const patient = await newPatient(t);
    expect((await quote(patient.token, code)).json().price).toBe(2500);

    const repriced = await call('PATCH', admin, `${referralsOf('apothecall')}/${code}`, {
      priceCents: null,
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    const [update] = await audits('backoffice.brands.referral.update');
    expect(update?.detail).toEqual({
      brandId: 'apothecall',
      code,
      changes: { priceCents: { before: 2500, after: null } },
    });
    expect((await quote(patient.token, code)).json().price).toBe(4900);

    const retired = await call('PATCH', admin, `${referralsOf('apothecall')}/${code}`, {
      active: false,
    });
    expect(retired.json().referral).toMatchObject({ active: false });
    expect((await quote(patient.token, code)).statusCode).toBe(404);
    expect(await referral(code)).toMatchObject({ active: false, brandId: 'apothecall' });
    const listed = (await call('GET', admin, referralsOf('apothecall'))).json().referrals as {
      code: string;
      active: boolean;
    }[];
    expect(listed.find((r) => r.code === code)).toMatchObject({ active: false });
    await call('PATCH', admin, `${referralsOf('apothecall')}/${code}`, {
      active: true,
      priceCents: 1500,
    });
    expect((await quote(patient.token, code)).json().price).toBe(1500);
  });

  it('8 parallel creates of one referral code: one 201, seven 409, one row', async () => {
    const code = `RACE-${randomBytes(3).toString('hex')}`.toUpperCase();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('POST', admin, referralsOf('apothecall'), { code, priceCents: 1000 }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      201, 409, 409, 409, 409, 409, 409, 409,
    ]);
    expect(answers.find((a) => a.statusCode === 409)?.json().errorCode).toBe('OFFER_CODE_TAKEN');
    expect(
      await t.database.db.select().from(referrals).where(eq(referrals.code, code)),
    ).toHaveLength(1);
    const created = (await audits('backoffice.brands.referral.create')).filter(
      (a) => (a.detail as { code?: string }).code === code,
    );
    expect(created).toHaveLength(1);
  });

  it('plans and prices: bad input is 400 in English and Spanish and changes nothing', async () => {
    const before = await settingsOf('partner');
    const bad: [object, string, string][] = [
      [
        {
          sells: true,
          catalog: { ...partnerCatalog, plans: [partnerCatalog.plans[0], partnerCatalog.plans[0]] },
        },
        'Each plan and period may be listed once.',
        'Cada plan y periodo se puede indicar una sola vez.',
      ],
      [
        {
          sells: true,
          catalog: {
            ...partnerCatalog,
            plans: [{ plan: 'individual', period: 'quarterly', monthlyCents: 1900, freeMonths: 3 }],
          },
        },
        'The free months must be fewer than the months of the period.',
        'Los meses gratis deben ser menos que los meses del periodo.',
      ],
      [
        { sells: true, catalog: { ...partnerCatalog, memberVisitCents: -1 } },
        "Enter a member's visit price (0 or more).",
        'Escriba el precio de la consulta de un miembro (0 o más).',
      ],
      [
        { sells: true, catalog: { ...partnerCatalog, plans: [] } },
        'List 1 to 6 plans.',
        'Indique de 1 a 6 planes.',
      ],
      [
        {
          sells: true,
          catalog: {
            ...partnerCatalog,
            rxServices: [{ ...partnerCatalog.rxServices[0], name: { en: 'LDN', es: '' } }],
          },
        },
        "Enter the medication's name in English and in Spanish (up to 200 characters).",
        'Escriba el nombre del medicamento en inglés y en español (hasta 200 caracteres).',
      ],
      [
        { catalog: null },
        'Say whether the brand sells subscriptions.',
        'Indique si la marca vende suscripciones.',
      ],
    ];
    for (const [body, en, es] of bad) {
      const inEnglish = await call('PUT', admin, plansOf('partner'), body);
      expect(inEnglish.statusCode, inEnglish.body).toBe(400);
      expect(inEnglish.json().errorMsg).toContain(en);
      const inSpanish = await call('PUT', admin, plansOf('partner'), body, 'lang=es');
      expect(inSpanish.statusCode).toBe(400);
      expect(inSpanish.json().errorMsg).toContain(es);
    }
    expect(await settingsOf('partner')).toEqual(before);
    expect(
      (await call('PUT', admin, plansOf('no-such-brand'), { sells: false, catalog: null }))
        .statusCode,
    ).toBe(404);
  });

  it('plans and prices apply at once to what a patient is sold, audited field by field', async () => {
    const patient = await newPatient(t);
    const pricing = () =>
      call('GET', patient.token, '/api/subscription-pricing', undefined, 'lang=en&brand=partner');
    expect((await pricing()).json().available).toBe(false);
    const start = (await call('GET', admin, plansOf('partner'))).json();
    expect(start).toMatchObject({ sells: false, catalog: null });
    expect(start.defaults.plans.length).toBeGreaterThan(0);

    const saved = await call('PUT', admin, plansOf('partner'), {
      sells: true,
      catalog: partnerCatalog,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ sells: true, catalog: partnerCatalog });
    const [audit] = await audits('backoffice.brands.subscriptions.update');
    const changes = (audit?.detail ?? {}) as {
      changes?: Record<string, { before: unknown; after: unknown }>;
    };
    expect(Object.keys(changes.changes ?? {}).sort()).toEqual([
      'memberVisitCents',
      'nonmemberVisitCents',
      'ownCatalog',
      'plans',
      'rxServices',
      'sells',
    ]);
    expect(changes.changes).toMatchObject({
      sells: { before: false, after: true },
      ownCatalog: { before: false, after: true },
      memberVisitCents: { after: 500 },
      plans: { after: partnerCatalog.plans },
    });
    // The next read sees it (no 30 s wait for the registry's cache).
    const now = (await pricing()).json();
    expect(now.available).toBe(true);
    expect(now.plans).toEqual([
      expect.objectContaining({
        plan: 'individual',
        period: 'quarterly',
        monthlyCents: 1900,
        billedCents: 5700,
      }),
      expect.objectContaining({
        plan: 'family',
        period: 'annual',
        monthlyCents: 3900,
        freeMonths: 2,
        billedCents: 39_000,
      }),
    ]);
    const services = await call(
      'GET',
      patient.token,
      '/api/rx-services',
      undefined,
      'lang=es&brand=partner',
    );
    expect(JSON.stringify(services.json())).toContain('Naltrexona en dosis baja');

    // Back to the deployment's defaults, and not sold.
    await call('PUT', admin, plansOf('partner'), { sells: false, catalog: null });
    expect((await pricing()).json().available).toBe(false);
    expect((await call('GET', support, plansOf('partner'))).json()).toMatchObject({
      sells: false,
      catalog: null,
    });
  });

  it('a subscriber keeps the price they bought at when the plan is repriced', async () => {
    const patient = await newPatient(t);
    const card = (await readyToPay(t, patient)).payProfileID;
    const bought = await send(t, 'POST', '/api/subscription-purchase/', patient.token, {
      plan: 'individual',
      period: 'semiannual',
      paymentProfileId: card,
      idempotencyKey: `offers-${randomBytes(6).toString('hex')}`,
      acceptTerms: true,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const id = bought.json().subscription.id as string;
    const billed = (
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id))
    )[0]?.billedCents;
    const current = (await call('GET', admin, plansOf('apothecall'))).json();
    const catalog = current.catalog ?? current.defaults;
    const repriced = {
      ...catalog,
      plans: catalog.plans.map((p: { monthlyCents: number }) => ({
        ...p,
        monthlyCents: p.monthlyCents + 1000,
      })),
    };
    expect(
      (await call('PUT', admin, plansOf('apothecall'), { sells: true, catalog: repriced }))
        .statusCode,
    ).toBe(200);
    const after = (
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id))
    )[0];
    expect(after?.billedCents).toBe(billed);
    const offer = (await call('GET', patient.token, '/api/subscription-pricing')).json();
    const semiannual = offer.plans.find(
      (p: { plan: string; period: string }) => p.plan === 'individual' && p.period === 'semiannual',
    );
    expect(semiannual.billedCents).toBeGreaterThan(billed ?? 0);
  });
});
