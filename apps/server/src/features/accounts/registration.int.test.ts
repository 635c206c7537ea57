import { calendarAt } from '@apothecall/domain/dates/zones.rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  itReadsNoDate,
  login,
  registration,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { accounts, persons } from '../../db/schema/accounts';
import { outbox } from '../../db/schema/platform';

describe.each(databaseKinds)('registration on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const register = (body: unknown, headers: Record<string, string> = {}) =>
    t.fastify.inject({ method: 'POST', url: '/api/register', payload: body as object, headers });

  it('registers an adult who can then log in, with the holder as person 0', async () => {
    const res = await register(registration('nora@example.test'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: false, status: 'created' });
    const token = await login(t, 'nora@example.test', 'Quinn-Pass-42');
    const profile = await t.fastify.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json().profile).toMatchObject({ name: 'Nora Quinn', role: 'patient' });
    const [person] = await t.database.db
      .select()
      .from(persons)
      .where(eq(persons.email, 'nora@example.test'));
    expect(person).toMatchObject({
      dob: '1990-03-14',
      relation: 'self',
      // Typed 305-555-0142, kept in E.164: the form texts are sent to.
      phone: '+13055550142',
      state: 'FL',
    });
  });

  itReadsNoDate(
    'refuses a phone number that is no number of its country, in English and Spanish, creating nothing',
    async () => {
      // Ten digits (the spec's form check passes them), but no US area code starts with 1.
      const body = registration('nophone@example.test', { phone: '123-456-7890' });
      const res = await register(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'VALIDATION',
        errorMsg: expect.stringContaining(
          'The phone number is not a valid number: enter it with its area code',
        ),
      });
      const es = await register(body, { 'x-app-params': 'lang=es' });
      expect(es.statusCode).toBe(400);
      expect(es.json().errorMsg).toContain('El número de teléfono no es válido');
      expect(
        await t.database.db
          .select()
          .from(accounts)
          .where(eq(accounts.loginId, 'nophone@example.test')),
      ).toHaveLength(0);
    },
  );

  it('refuses a 17-year-old with the age message, in English and Spanish, creating nothing', async () => {
    // The first of this month 17 years ago, as the server's default zone (UTC) reads it.
    const [y, m] = calendarAt(Date.now(), 'UTC').monthStart(0).split('-');
    const dob = `${m}-01-${Number(y) - 17}`;
    const res = await register(registration('teen@example.test', { dob }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMsg).toContain('You must be 18 or older to register.');
    const es = await register(registration('teen@example.test', { dob }), {
      'x-app-params': 'lang=es',
    });
    expect(es.statusCode).toBe(400);
    expect(es.json().errorMsg).toMatch(/18 años/);
    expect(
      await t.database.db.select().from(accounts).where(eq(accounts.loginId, 'teen@example.test')),
    ).toHaveLength(0);
  });

  itReadsNoDate(
    "names the refused characters of 'José Peña' (spec 5: A-Z, 0-9 and '-'), in English and Spanish, creating nothing",
    async () => {
      const body = registration('jose@example.test', { name: 'José Peña' });
      const res = await register(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'VALIDATION',
        errorMsg: expect.stringContaining(
          "A name may use only the letters A-Z without accents, the digits 0-9 and '-'. Not accepted: “é” “ñ”. Write it without accents: Jose Pena.",
        ),
      });
      const es = await register(body, { 'x-app-params': 'lang=es' });
      expect(es.statusCode).toBe(400);
      expect(es.json().errorMsg).toContain(
        "Un nombre solo puede usar las letras A-Z sin acentos, los dígitos 0-9 y '-'. No se aceptan: “é” “ñ”. Escríbalo sin acentos: Jose Pena.",
      );
      expect(
        await t.database.db
          .select()
          .from(accounts)
          .where(eq(accounts.loginId, 'jose@example.test')),
      ).toHaveLength(0);
    },
  );

  itReadsNoDate('applies the password rules', async () => {
    const res = await register({
      ...registration('weak@example.test'),
      credentials: { password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('VALIDATION');
  });

  itReadsNoDate(
    "answers a missing required key exactly like an empty one: the spec's 'Required information', en and es",
    async () => {
      const base = registration('required@example.test');
      const cases: { field: string; without: object; empty: object }[] = (
        ['dob', 'name', 'gender'] as const
      ).map((key) => {
        const { [key]: _dropped, ...rest } = base.profile;
        return {
          field: `profile.${key}`,
          without: { ...base, profile: rest },
          empty: { ...base, profile: { ...base.profile, [key]: '' } },
        };
      });
      cases.push({
        field: 'credentials.password',
        without: { ...base, credentials: {} },
        empty: { ...base, credentials: { password: '' } },
      });
      for (const [lang, expected] of [
        ['en', 'Please check your information: Required information'],
        ['es', 'Revise su información: Información requerida'],
      ] as const) {
        for (const c of cases) {
          const headers = { 'x-app-params': `lang=${lang}` };
          const missing = await register(c.without, headers);
          const empty = await register(c.empty, headers);
          const seen = {
            field: c.field,
            lang,
            missing: [missing.statusCode, missing.json().errorCode, missing.json().errorMsg],
            empty: [empty.statusCode, empty.json().errorCode, empty.json().errorMsg],
          };
          expect(seen).toEqual({
            field: c.field,
            lang,
            missing: [400, 'VALIDATION', expected],
            empty: [400, 'VALIDATION', expected],
          });
        }
      }
      expect(
        await t.database.db
          .select()
          .from(accounts)
          .where(eq(accounts.loginId, 'required@example.test')),
      ).toHaveLength(0);
    },
  );

  itReadsNoDate(
    'answers a duplicate e-mail exactly like a new one and tells the owner by e-mail instead',
    async () => {
      const first = await register(registration('patient@apothecall.test'));
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ error: false, status: 'created' });
      const mails = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, 'patient@apothecall.test'));
      expect(mails.some((m) => m.subject?.includes('someone tried to register'))).toBe(true);
      // The existing account's password is untouched.
      expect(await login(t)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    },
  );

  it('mails the owner of a registered address at most 3 times a day, however often it is tried', async () => {
    const email = `flood-${Date.now()}@example.test`;
    expect((await register(registration(email))).statusCode).toBe(200);
    const tellings = async () =>
      (await t.database.db.select().from(outbox).where(eq(outbox.recipient, email))).filter((m) =>
        m.subject?.includes('someone tried to register'),
      ).length;
    for (let i = 0; i < 6; i += 1) {
      const again = await register(registration(email));
      expect(again.json()).toEqual({ error: false, status: 'created' });
    }
    expect(await tellings()).toBe(3);
  });

  it.each([2, 8])(
    'answers %i registrations of one new address at once alike, with one account',
    async (n) => {
      const email = `twin-${n}-${Date.now()}@example.test`;
      const answers = await Promise.all(
        Array.from({ length: n }, () => register(registration(email))),
      );
      for (const answer of answers) {
        expect({ status: answer.statusCode, body: answer.json() }).toEqual({
          status: 200,
          body: { error: false, status: 'created' },
        });
      }
      const rows = await t.database.db.select().from(accounts).where(eq(accounts.loginId, email));
      expect(rows).toHaveLength(1);
    },
  );
});
