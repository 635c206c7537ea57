import { randomUUID } from 'node:crypto';
import type { CareRepo, VisitRecord } from '../src/features/care/care.repo';
import type { PaymentsPort } from '../src/features/payments/payments.port';
import type { Actor } from '../src/platform/actor';
import type { AuditOutcome, AuditService } from '../src/platform/audit.service';
import { AppError } from '../src/platform/errors';
import type { AppEvents, EventBus, EventName } from '../src/platform/events';

/**
 * Small in-memory fakes of the platform pieces and ports that services take as arguments, for
 * unit tests (`*.test.ts`): no database, no network. Each test builds its own.
 */

/**
 * A port, repo or service of which a test gives only the methods its path calls: any other
 * method read fails the test, naming it and `what` the fake stands for. Symbols and `then` read
 * as absent, so the fake can be printed and a promise of it resolves.
 */
export function only<T extends object>(methods: Partial<T>, what = 'fake'): T {
  return new Proxy(methods, {
    get(target, name) {
      if (name in target) return target[name as keyof T];
      if (typeof name === 'symbol' || name === 'then') return undefined;
      throw new Error(`unexpected ${what} call: ${name}`);
    },
  }) as T;
}

/** A clock a test moves by hand. */
export function fakeClock(start = new Date('2026-03-02T15:00:00.000Z')) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
}

/** A logged-in caller of the given account (English, the default brand). */
export function fakeActor(accountId: string, overrides: Partial<Actor> = {}): Actor {
  return {
    accountId,
    sessionId: `session-${accountId}`,
    meetVisitId: null,
    ip: '203.0.113.7',
    requestId: `req-${accountId}`,
    lang: 'en',
    timeZone: 'America/New_York',
    brand: async () => ({ id: 'apothecall', name: 'Apothecall' }),
    ...overrides,
  };
}

export interface AuditRow {
  outcome: AuditOutcome;
  action: string;
  actorAccountId: string | null;
  subject: { accountId?: string | null; personId?: string | null } | null;
  detail: Record<string, unknown> | undefined;
}

/** An audit trail kept in an array. */
export function recordingAudit(): AuditService & { rows: AuditRow[] } {
  const rows: AuditRow[] = [];
  const as =
    (outcome: AuditOutcome): AuditService['record'] =>
    async (actor, action, subject, detail) => {
      rows.push({ outcome, action, actorAccountId: actor.accountId ?? null, subject, detail });
    };
  return { rows, record: as('success'), denied: as('denied'), failed: as('failure'), as };
}

/** An event bus that remembers what was emitted, in order. */
export function recordingEvents(): Pick<EventBus, 'emit'> & {
  emitted: { name: EventName; payload: unknown }[];
} {
  const emitted: { name: EventName; payload: unknown }[] = [];
  return {
    emitted,
    async emit<N extends EventName>(name: N, payload: AppEvents[N]) {
      emitted.push({ name, payload });
    },
  };
}

/**
 * The payments port as the real one behaves towards callers: one charge per idempotency key
 * (a repeated key answers the first charge), one refund per key and per charge. `calls` keeps
 * every call in order (with `log` shared, a test can check what happened before what).
 */
export function fakePaymentsPort(options: { priceCents?: number; log?: string[] } = {}) {
  const price = options.priceCents ?? 4900;
  const log = options.log ?? [];
  const charges = new Map<string, { id: string; accountId: string; amount: number }>();
  const refunds = new Map<string, { key: string; chargeId: string; accountId: string }>();
  const calls: { op: 'charge' | 'refund'; accountId: string; key: string; chargeId?: string }[] =
    [];
  let failRefunds = false;
  const port: PaymentsPort = {
    // Care never lists receipts; the real source is tested in documents.int.test.ts.
    receipts: {
      source: 'receipt',
      papers: undefined as never,
      describe: () => [],
      open: async () => {
        throw new Error('not used');
      },
    },
    // Care never lists an account's transactions (the back office does, on the real area).
    transactionsOf: async () => [],
    // The configured price, of the default type (appointments check it).
    nextPrice: async () => ({ price, priceType: 'default' }),
    tokenPrice: async () => ({ price, priceType: 'default' }),
    async charge(accountId, input) {
      calls.push({ op: 'charge', accountId, key: input.idempotencyKey });
      log.push(`charge ${input.idempotencyKey}`);
      // As the real area answers a missing or stale token: with the price to pay now.
      if (!input.priceToken) {
        throw new AppError(400, 'PRICE_TOKEN_STALE', 'payments.priceChanged', undefined, {
          defaultPrice: price,
          defaultPriceToken: `fresh-${price}`,
        });
      }
      const key = `${accountId}|${input.idempotencyKey}`;
      let charge = charges.get(key);
      if (!charge) {
        charge = { id: randomUUID(), accountId, amount: price };
        charges.set(key, charge);
      }
      return { id: charge.id, amount: charge.amount };
    },
    async cardsOnFile() {
      return [];
    },
    async quote(_accountId, item, priceCents) {
      return {
        price: priceCents,
        priceToken: `quote-${item}-${priceCents}`,
        data: { title: '', msg: '' },
      };
    },
    async refund(accountId, chargeId, idempotencyKey) {
      calls.push({ op: 'refund', accountId, key: idempotencyKey, chargeId });
      log.push(`refund ${idempotencyKey}`);
      if (failRefunds) throw new Error('gateway unavailable');
      const known = [...refunds.values()].find(
        (r) => r.key === idempotencyKey || r.chargeId === chargeId,
      );
      if (known) return known;
      const refund = { key: idempotencyKey, chargeId, accountId };
      refunds.set(idempotencyKey, refund);
      return refund;
    },
    // Care never touches prepay accounts; the real ledger is tested in rx-pharmacy.int.test.ts.
    async prepayBalance() {
      return 0;
    },
    async debitPrepay() {
      throw new Error('not used by care');
    },
    async creditPrepay() {
      throw new Error('not used by care');
    },
    async prepayEntries() {
      return [];
    },
    // Care reads no revenue figures; the real ledger is tested in analytics.int.test.ts.
    async chargeTotals() {
      return [];
    },
    async chargesOf() {
      return [];
    },
  };
  return {
    port,
    calls,
    log,
    /** The distinct charges made (one per key). */
    charges: () => [...charges.values()],
    /** The distinct refunds made (one per charge). */
    refunds: () => [...refunds.values()],
    failRefunds: (fail: boolean) => {
      failRefunds = fail;
    },
  };
}

/**
 * Care's visits table in memory, with the repo's conditional updates: `move` only from the
 * expected state, `claim` only from waiting and in the claimant's states, one key per account.
 * No `await` sits between a check and its write, so racing calls behave like the single
 * conditional statements they stand for.
 */
export function memoryCareRepo(options: { now?: () => Date; log?: string[] } = {}) {
  const now = options.now ?? (() => new Date());
  const visits: VisitRecord[] = [];
  /** Rows leave the table as copies, as they do from a database. */
  const copy = (v: VisitRecord | undefined) => (v ? { ...v } : undefined);
  const stranded = new Set<string>();
  const repo: CareRepo = {
    async waitingBefore(cutoff) {
      return visits
        .filter((v) => v.state === 'waiting' && v.createdAt < cutoff)
        .map((v) => ({ ...v }));
    },
    async waitingUntold() {
      return visits
        .filter((v) => v.state === 'waiting' && !stranded.has(v.id))
        .map((v) => ({ ...v }));
    },
    async markStranded(id) {
      const v = visits.find((x) => x.id === id);
      if (v?.state !== 'waiting' || stranded.has(id)) return undefined;
      stranded.add(id);
      v.version += 1;
      return { ...v };
    },
    async visitByKey(accountId, key) {
      return copy(visits.find((v) => v.accountId === accountId && v.idempotencyKey === key));
    },
    async visit(id) {
      return copy(visits.find((v) => v.id === id));
    },
    async completedIn(personId, state) {
      return visits.some(
        (v) => v.personId === personId && v.location === state && v.state === 'completed',
      );
    },
    async insertVisit(input) {
      if (
        visits.some(
          (v) => v.accountId === input.accountId && v.idempotencyKey === input.idempotencyKey,
        )
      )
        return undefined;
      const visit: VisitRecord = {
        id: randomUUID(),
        accountId: input.accountId,
        personId: input.personId,
        idempotencyKey: input.idempotencyKey,
        // A scheduled appointment's visit is opened claimed by its provider, as the repo does.
        state: input.claimedBy ? 'inProgress' : 'waiting',
        location: input.location,
        reason: input.reason,
        providerId: input.claimedBy?.providerId ?? null,
        ledgerId: input.ledgerId,
        createdAt: now(),
        notes: input.notes,
        pharmacy: input.pharmacy,
        screening: input.screening,
        claimedAt: input.claimedBy?.at ?? null,
        endedAt: null,
        outcome: null,
        version: 0,
      };
      visits.push(visit);
      options.log?.push(`insertVisit ${visit.id}`);
      return { ...visit };
    },
    async activeVisits(accountId) {
      return visits
        .filter(
          (v) => v.accountId === accountId && (v.state === 'waiting' || v.state === 'inProgress'),
        )
        .map((v) => ({ ...v }));
    },
    async inProgressFor(providerId) {
      return visits
        .filter((v) => v.providerId === providerId && v.state === 'inProgress')
        .map((v) => ({ ...v }));
    },
    async waitingIn(states) {
      return visits
        .filter((v) => v.state === 'waiting' && states.includes(v.location))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
        .map((v) => ({ ...v }));
    },
    async queueOf(providerId, states) {
      return visits
        .filter(
          (v) =>
            (v.state === 'waiting' && states.includes(v.location)) ||
            (v.state === 'inProgress' && v.providerId === providerId),
        )
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
        .map((v) => ({ ...v }));
    },
    async move(id, from, to, changes = {}) {
      const visit = visits.find((v) => v.id === id && v.state === from);
      if (!visit) return undefined;
      visit.state = to;
      if (changes.at && to !== 'inProgress' && to !== 'waiting') visit.endedAt = changes.at;
      if (changes.outcome) visit.outcome = changes.outcome;
      visit.version += 1;
      return { ...visit };
    },
    async claim(id, providerId, states, at) {
      const visit = visits.find(
        (v) => v.id === id && v.state === 'waiting' && states.includes(v.location),
      );
      if (!visit) return false;
      visit.state = 'inProgress';
      visit.providerId = providerId;
      visit.claimedAt = at;
      visit.version += 1;
      return true;
    },
    async release(id, providerId, at) {
      const visit = visits.find(
        (v) => v.id === id && v.state === 'inProgress' && v.providerId === providerId,
      );
      if (!visit) return undefined;
      visit.state = 'waiting';
      visit.providerId = null;
      visit.claimedAt = null;
      visit.createdAt = at;
      visit.version += 1;
      return { ...visit };
    },
    async searchPharmacies() {
      return [];
    },
  };
  /** Puts a visit straight into the table (a test's starting point). */
  function seed(visit: Partial<VisitRecord> & Pick<VisitRecord, 'accountId' | 'personId'>) {
    const record: VisitRecord = {
      id: randomUUID(),
      idempotencyKey: randomUUID(),
      state: 'waiting',
      location: 'FL',
      reason: 'soreThroat',
      providerId: null,
      ledgerId: randomUUID(),
      createdAt: now(),
      notes: '',
      pharmacy: null,
      screening: { passed: true, answers: {}, alarms: [] },
      claimedAt: null,
      endedAt: null,
      outcome: null,
      version: 0,
      ...visit,
    };
    visits.push(record);
    return record;
  }
  return { repo, visits, seed };
}
