import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, databaseKinds, login, startTestApp, type TestApp } from '../../../test/harness';

/** Every table's row count plus a digest of the data a bad request could touch. */
async function snapshot(t: TestApp): Promise<string> {
  const tables = [
    'accounts',
    'persons',
    'sessions',
    'one_time_codes',
    'consents',
    'outbox',
    'brands',
    'referrals',
  ];
  const parts: string[] = [];
  for (const table of tables) {
    const result = await t.database.db.execute(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d, count(*) as n from ${table} t`,
      ),
    );
    const row = (result as unknown as { rows: { d: string; n: number | string }[] }).rows[0];
    parts.push(`${table}:${row?.n}:${row?.d}`);
  }
  return parts.join(',');
}

const endpoints: { method: 'POST' | 'PUT'; url: string; auth: boolean; bodies: unknown[] }[] = [
  {
    method: 'POST',
    url: '/api/account/token',
    auth: false,
    bodies: [{}, { loginId: 1 }, { loginId: 'a', password: 'b', platform: 'x', version: '1' }],
  },
  {
    method: 'POST',
    url: '/api/register',
    auth: false,
    bodies: [{}, { profile: 'x' }, { profile: {}, credentials: {} }],
  },
  {
    method: 'POST',
    url: '/api/password-reset',
    auth: false,
    bodies: [{}, { email: 5 }, { email: '' }],
  },
  { method: 'POST', url: '/api/resetpw/verify', auth: false, bodies: [{}, { resetCode: '' }] },
  { method: 'POST', url: '/api/resetpw/cancel', auth: false, bodies: [{}, { resetCode: [] }] },
  { method: 'POST', url: '/api/resetpw/savepw', auth: false, bodies: [{}, { resetCode: 'x' }] },
  { method: 'POST', url: '/api/password-change', auth: true, bodies: [{}, { oldPassword: 'x' }] },
  {
    method: 'POST',
    url: '/api/account/dependents',
    auth: true,
    bodies: [
      {},
      { profile: { name: 3 } },
      { profile: { name: 'A B', dob: 'soon', gender: 'Q', relation: 'pet' } },
    ],
  },
  {
    method: 'POST',
    url: '/api/account/profile',
    auth: true,
    bodies: [{}, { profile: {} }, { profile: { id: 7 } }],
  },
  {
    method: 'POST',
    url: '/api/profile/settings',
    auth: true,
    bodies: [{}, { settings: { language: 'fr' } }, { settings: { twoFactor: 'pigeon' } }],
  },
  { method: 'POST', url: '/api/account/remove', auth: true, bodies: [{}, { password: '' }] },
  {
    method: 'POST',
    url: '/api/consents',
    auth: true,
    bodies: [{}, { documents: [] }, { documents: [{ id: 'other', version: '1' }] }],
  },
  {
    method: 'PUT',
    url: '/api/consult/location',
    auth: true,
    bodies: [{}, { state: 'Florida' }, { state: 12 }],
  },
];

describe.each(databaseKinds)('malformed bodies on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = await login(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answer 400 with a message in the user language and change nothing', async () => {
    const before = await snapshot(t);
    for (const endpoint of endpoints) {
      for (const [i, body] of [...endpoint.bodies, '{"broken": ', '[1,2]'].entries()) {
        const raw = typeof body === 'string';
        const res = await t.fastify.inject({
          method: endpoint.method,
          url: endpoint.url,
          headers: {
            ...(endpoint.auth ? bearer(token) : {}),
            'content-type': 'application/json',
            'x-app-params': 'lang=es',
          },
          payload: raw ? body : JSON.stringify(body),
        });
        const label = `${endpoint.method} ${endpoint.url} #${i}`;
        expect({ label, status: res.statusCode }).toEqual({ label, status: 400 });
        const json = res.json();
        expect({
          label,
          error: json.error,
          hasMessage: typeof json.errorMsg === 'string' && json.errorMsg.length > 0,
        }).toEqual({
          label,
          error: true,
          hasMessage: true,
        });
        // Spanish, as asked: no English fallbacks in the message.
        expect({ label, english: /Please|not valid|is required/.test(json.errorMsg) }).toEqual({
          label,
          english: false,
        });
      }
    }
    // A NUL byte anywhere (body, query, path) is refused up front, and nothing reaches the log.
    for (const [method, url, payload] of [
      [
        'POST',
        '/api/register',
        {
          ...{
            profile: {
              name: 'Nul Byte',
              dob: '01-01-1990',
              gender: 'F',
              address: '1 Main\u0000 St',
              state: 'FL',
              zipCode: '33139',
              phone: '305-555-0142',
              email: 'nul@example.test',
            },
          },
          credentials: { password: 'Quinn-Pass-42' },
        },
      ],
      ['POST', '/api/password-reset', { email: 'a\u0000@example.test' }],
      [
        'POST',
        '/api/account/token',
        { loginId: 'x\u0000', password: 'y', platform: 'web', version: '1' },
      ],
      ['GET', '/api/referral/AB%00C', undefined],
      ['GET', '/api/account/pricing/AB%00C', undefined],
    ] as const) {
      const res = await t.fastify.inject({
        method,
        url,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
    }
    expect(t.logs.join('')).not.toContain('Nul');
    expect(t.logs.join('')).not.toContain('305-555-0142');
    // Sessions' last-seen times may move; everything else must be as it was.
    const strip = (s: string) =>
      s
        .split(',')
        .filter((p) => !p.startsWith('sessions:'))
        .join(',');
    expect(strip(await snapshot(t))).toBe(strip(before));
  });
});
