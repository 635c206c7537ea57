import { translate } from '@apothecall/domain/i18n/catalog';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import { appErrors } from '../../platform/errors';
import type { ProgramRecord, TokenRecord } from './prepay.repo';
import { createPrepayTokensService } from './prepay-tokens.service';

const holder = '6f1d2a40-0000-4000-8000-0000000000b1';
const stranger = '6f1d2a40-0000-4000-8000-0000000000b2';
const programId = '6f1d2a40-0000-4000-8000-0000000000c1';

/**
 * A program's tokens with fakes: a program holding `balance` visits (two unused tokens per
 * visit left, at least two), an in-memory token table, an in-memory limiter, and mail and SMS
 * that record what they sent. The holder check is the program service's: here, the holder only.
 */
function setUp(options: { balance?: number; smsFails?: boolean } = {}) {
  const clock = fakeClock();
  const audit = recordingAudit();
  const balance = options.balance ?? 5;
  const program = { id: programId, name: 'Sunrise visits', balance } as ProgramRecord;
  const rows: TokenRecord[] = [];
  const counts = new Map<string, number>();
  const mails: { to: string; text: string }[] = [];
  const texts: { to: string; body: string }[] = [];
  let next = 0;
  const live = () => rows.filter((t) => !t.deletedAt);
  const service = createPrepayTokensService({
    repo: {
      programByCode: async () => undefined,
      tokens: async (id) => live().filter((t) => t.programId === id),
      token: async (code) => live().find((t) => t.code === code),
      async insertToken(input, limit) {
        const unused = live().filter((t) => t.state === 'unclaimed').length;
        if (unused >= limit(balance))
          return { ok: false, reason: 'full', balance, outstanding: unused };
        next += 1;
        const token = {
          id: `token-${next}`,
          ...input,
          state: 'unclaimed',
          deliveryChannel: null,
          deliveryTo: null,
          sentAt: null,
          claimCount: 0,
          firstClaimedAt: null,
          deniedAt: null,
          deletedAt: null,
          createdAt: clock.now(),
        } satisfies TokenRecord;
        rows.push(token);
        return { ok: true, token };
      },
      editToken: async () => undefined,
      async deleteToken(id, at) {
        const row = live().find((t) => t.id === id && t.claimCount === 0);
        if (!row) return false;
        row.deletedAt = at;
        return true;
      },
      async markSent(id, delivery, at) {
        const row = rows.find((t) => t.id === id);
        if (!row) return undefined;
        Object.assign(row, {
          deliveryChannel: delivery.channel,
          deliveryTo: delivery.to,
          sentAt: at,
        });
        return { ...row };
      },
    },
    audit,
    mailer: { send: async (m) => void mails.push({ to: m.to, text: m.text }) },
    sms: {
      async send(to, body) {
        if (options.smsFails) throw new Error('carrier down');
        texts.push({ to, body });
      },
    },
    limiter: {
      async hit(key) {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return counts.get(key) ?? 0;
      },
      peek: async (key) => counts.get(key) ?? 0,
    },
    publicUrl: 'https://care.example.test',
    async programFor(actor, id) {
      if (actor.accountId !== holder || id !== programId) throw appErrors.notFound();
      return program;
    },
    now: clock.now,
  });
  return { service, rows, live, mails, texts, audit };
}

const bulkInput = (list: string) => ({
  programId,
  list,
  use: 'single' as const,
  multipleUseIntervalDays: 0,
  note: '',
});

describe('prepay-tokens.service bulk', () => {
  it('makes and sends one token per good line, and reports the others by line in the caller’s language', async () => {
    const { service, live, mails, texts, audit } = setUp();
    const result = await service.bulk(
      fakeActor(holder, { lang: 'es' }),
      bulkInput(
        ['ana@example.test', '', 'not an address', '(305) 555-0142', 'ANA@example.test'].join('\n'),
      ),
    );
    expect(result.tokens).toHaveLength(2);
    expect(live()).toHaveLength(2);
    expect(mails.map((m) => m.to)).toEqual(['ana@example.test']);
    // Texted to the number in E.164, with the token's link.
    expect(texts.map((t) => t.to)).toEqual(['+13055550142']);
    expect(texts[0]?.body).toContain(`https://care.example.test/#/redeem/${live()[1]?.code}`);
    expect(result.refused).toEqual([
      { line: 3, reason: translate('es', 'prepay.bulk.invalidLine') },
      { line: 5, reason: translate('es', 'prepay.bulk.duplicate') },
    ]);
    expect(audit.rows.map((r) => [r.action, r.detail])).toEqual([
      ['prepay.token.bulk', { programId, created: 2, refused: 2 }],
    ]);
  });

  it('refuses every line after the program holds all the unused tokens it may', async () => {
    // One visit left: at most two unused tokens.
    const { service, live } = setUp({ balance: 1 });
    const result = await service.bulk(
      fakeActor(holder),
      bulkInput(
        ['a@example.test', 'b@example.test', 'c@example.test', 'd@example.test'].join('\n'),
      ),
    );
    expect(live()).toHaveLength(2);
    expect(result.refused.map((r) => r.line)).toEqual([3, 4]);
    expect(result.refused[0]?.reason).toContain('at most 2 unused access tokens');
    expect(result.refused[1]?.reason).toBe(result.refused[0]?.reason);
  });

  it('keeps a token whose text could not be sent, and says so on its line', async () => {
    const { service, live } = setUp({ smsFails: true });
    const result = await service.bulk(fakeActor(holder), bulkInput('305-555-0142'));
    expect(live()).toHaveLength(1);
    expect(result.tokens.map((t) => t.delivery)).toEqual([null]);
    expect(result.refused).toEqual([{ line: 1, reason: translate('en', 'prepay.tokenNotSent') }]);
  });

  it('answers anyone but the holder not found, and makes nothing', async () => {
    const { service, live, mails } = setUp();
    await expect(
      service.bulk(fakeActor(stranger), bulkInput('ana@example.test')),
    ).rejects.toMatchObject({ status: 404 });
    expect(live()).toEqual([]);
    expect(mails).toEqual([]);
  });
});

describe('prepay-tokens.service send limits', () => {
  it('sends one recipient at most three tokens a day; a refused add makes no token', async () => {
    const { service, live, mails } = setUp({ balance: 10 });
    const add = () =>
      service.addToken(fakeActor(holder), {
        programId,
        use: 'single',
        multipleUseIntervalDays: 0,
        note: '',
        delivery: { channel: 'email', to: 'ana@example.test' },
      });
    for (let i = 0; i < 3; i += 1) await add();
    await expect(add()).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(live()).toHaveLength(3);
    expect(mails).toHaveLength(3);
  });

  it('refuses a bad address before anything is written', async () => {
    const { service, live } = setUp();
    await expect(
      service.addToken(fakeActor(holder), {
        programId,
        use: 'single',
        multipleUseIntervalDays: 0,
        note: '',
        delivery: { channel: 'sms', to: '12' },
      }),
    ).rejects.toMatchObject({ status: 400, messageKey: 'prepay.delivery.invalidPhone' });
    expect(live()).toEqual([]);
  });
});
