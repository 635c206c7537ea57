import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestApp, type TestApp } from '../../../test/harness';
import { outbox } from '../../db/schema/platform';

describe.each(databaseKinds)('white-label brands on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { CLIENT_IDLE_LOGOUT_SECONDS: '120' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const brand = async (id: string, host: string) => {
    const res = await t.fastify.inject({
      method: 'GET',
      url: `/api/whiteLabel/${id}`,
      headers: { host },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('chooses the main brand for the main host, with the defaults on', async () => {
    const main = await brand('auto', 'localhost:3000');
    expect(main.whiteLabel).toMatchObject({
      id: 'apothecall',
      activated: true,
      logo: '/brand/apothecall.svg',
      register: { enabled: true },
      attribution: true,
    });
    expect(main.thirdParty).toBe(false);
    expect(main.client).toEqual({
      idleLogoutMs: 120_000,
      autoLogoffMinutes: 30,
      minRegistrationAge: 18,
      minDependentAge: 4,
    });
  });

  it('chooses the partner by its host and sets the third-party flag', async () => {
    const partner = await brand('auto', 'partner.localhost:3000');
    expect(partner.whiteLabel).toMatchObject({
      id: 'partner',
      colorPrimary: '#7048e8',
      logo: '/brand/partner.svg',
    });
    expect(partner.thirdParty).toBe(true);
    expect(partner.name).toBe('Partner Health');
  });

  it('chooses a brand by its first host label (alias) and by company key', async () => {
    expect((await brand('auto', 'wellness.localhost')).whiteLabel.id).toBe('wellness');
    expect((await brand('auto', 'demo.example.com')).whiteLabel.id).toBe('apothecall');
    expect((await brand('partner', 'localhost')).whiteLabel.id).toBe('partner');
    expect((await brand('sunrise-pharmacy', 'localhost')).whiteLabel.id).toBe('sunrise-pharmacy');
  });

  it('falls back to the main brand for a brand without a logo or an unknown company', async () => {
    expect((await brand('nologo', 'localhost')).whiteLabel.id).toBe('apothecall');
    expect((await brand('auto', 'nologo.localhost')).whiteLabel.id).toBe('apothecall');
    expect((await brand('no-such-brand', 'localhost')).whiteLabel.id).toBe('apothecall');
  });

  it('serves referral records and the web app version', async () => {
    const referral = await t.fastify.inject({ method: 'GET', url: '/api/referral/friend10' });
    expect(referral.json().referral).toMatchObject({
      code: 'FRIEND10',
      title: 'A friend sent you',
    });
    expect((await t.fastify.inject({ method: 'GET', url: '/api/referral/NOPE' })).statusCode).toBe(
      404,
    );
    const version = await t.fastify.inject({ method: 'GET', url: '/api/webapp-version?id=web' });
    expect(version.json().version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('brands the e-mails it sends with the brand of the request', async () => {
    await t.fastify.inject({
      method: 'POST',
      url: '/api/password-reset',
      headers: { host: 'partner.localhost' },
      payload: { email: 'patient@apothecall.test' },
    });
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'patient@apothecall.test'));
    expect(mails.at(-1)?.subject).toBe('Partner Health: reset your password');
  });

  it('keeps the outbox API closed unless EXPOSE_OUTBOX=true', async () => {
    expect((await t.fastify.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(
      404,
    );
  });
});
