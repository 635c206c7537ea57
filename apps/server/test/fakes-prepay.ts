import { randomUUID } from 'node:crypto';
import type {
  PrepayRepo,
  ProgramRecord,
  ProgramUserRecord,
  RedemptionRecord,
  TokenRecord,
} from '../src/features/prepay/prepay.repo';
import { only } from './fakes';

/**
 * In-memory fakes of the prepay area's tables for its services' unit tests: a program and a
 * token as the repo returns them, and a repo that answers only the methods a test hands it.
 */

/** A program row as the repo returns it: 10 visits, no restrictions, its holder `owner`. */
export function aProgram(owner: string, overrides: Partial<ProgramRecord> = {}): ProgramRecord {
  const at = new Date('2026-03-01T12:00:00.000Z');
  return {
    id: randomUUID(),
    ownerAccountId: owner,
    organizationId: null,
    brandId: 'apothecall',
    code: 'PROGRAMCODE1',
    purchaseKey: randomUUID(),
    name: 'Sunrise visits',
    description: '',
    balance: 10,
    visitCount: 10,
    rewardAmtCents: 0,
    programAmtCents: 2500,
    patientAmtCents: 0,
    priceMsg: '',
    visitType: 'rx',
    perAccountLimit: 0,
    reuseIntervalDays: 0,
    lowBalanceLimit: 0,
    lowBalanceNoticed: false,
    reasonRestriction: [],
    pharmacyRestriction: [],
    checkoutMessage: '',
    notifications: {},
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** An unused single-use token of the program. */
export function aToken(programId: string, overrides: Partial<TokenRecord> = {}): TokenRecord {
  return {
    id: randomUUID(),
    programId,
    code: 'TOKENCODE234',
    state: 'unclaimed',
    use: 'single',
    multipleUseIntervalDays: 0,
    note: '',
    deliveryChannel: null,
    deliveryTo: null,
    sentAt: null,
    claimCount: 0,
    firstClaimedAt: null,
    deniedAt: null,
    deletedAt: null,
    createdAt: new Date('2026-03-01T12:00:00.000Z'),
    ...overrides,
  };
}

/** A repo answering only the given methods: any other call fails the test by name. */
export function prepayRepoOf(methods: Partial<PrepayRepo>): PrepayRepo {
  return only<PrepayRepo>(methods, 'prepay repo');
}

/**
 * The redemptions' side of the repo in memory, with the real one's guarantees: a visit's
 * earlier redemption is answered as it is (replayed), `decide` sees the snapshot and may refuse,
 * else the token is claimed, the balance drops by one and the redemption is kept.
 */
export function memoryRedemptions(
  programs: ProgramRecord[],
  tokens: TokenRecord[],
  users: ProgramUserRecord[] = [],
) {
  const redemptions: RedemptionRecord[] = [];
  const live = (r: RedemptionRecord) => r.state === 'claimed' || r.state === 'claimedWithRx';
  const repo: Pick<PrepayRepo, 'redeem' | 'settle' | 'redemptionsByVisitRefs'> = {
    async redeem(input, decide) {
      const program = programs.find((p) => p.id === input.programId);
      if (!program) throw new Error('prepay program vanished');
      const earlier = redemptions.find((r) => r.visitRef === input.visitRef);
      const noticed = program.lowBalanceNoticed;
      if (earlier) {
        const balance = program.balance;
        return {
          ok: true,
          redemption: earlier,
          balanceBefore: balance,
          balanceAfter: balance,
          lowBalanceNoticed: noticed,
          replayed: true,
        };
      }
      const token = tokens.find((t) => t.id === input.tokenId);
      const mine = redemptions.filter((r) => r.programId === program.id && live(r));
      const refusal = decide({
        program: { ...program },
        token: token ? { ...token } : undefined,
        users: users.filter((u) => u.programId === program.id),
        accountVisitsUsed: mine.filter((r) => r.accountId === input.accountId).length,
        userVisitsUsed: mine.filter((r) => r.email === input.email.toLowerCase()).length,
        lastDeniedAt: null,
      });
      if (refusal !== null) return { ok: false, refusal };
      if (token) {
        token.state = 'claimed';
        token.claimCount += 1;
      }
      const redemption: RedemptionRecord = {
        id: randomUUID(),
        programId: program.id,
        tokenId: token?.id ?? null,
        visitRef: input.visitRef,
        accountId: input.accountId,
        personId: input.personId,
        email: input.email.toLowerCase(),
        productId: input.productId,
        state: 'claimed',
        createdAt: input.at,
        settledAt: null,
      };
      redemptions.push(redemption);
      const before = program.balance;
      program.balance = Math.max(0, before - 1);
      return {
        ok: true,
        redemption,
        balanceBefore: before,
        balanceAfter: program.balance,
        lowBalanceNoticed: noticed,
        replayed: false,
      };
    },
    async settle(visitRef, to, at) {
      const redemption = redemptions.find((r) => r.visitRef === visitRef);
      const program = programs.find((p) => p.id === redemption?.programId);
      if (!redemption || !program) return undefined;
      const from = to === 'denied' ? ['claimed', 'claimedWithRx'] : ['claimed'];
      const before = program.balance;
      if (!from.includes(redemption.state)) {
        return { redemption, credited: false, balanceBefore: before, balanceAfter: before };
      }
      redemption.state = to;
      redemption.settledAt = at;
      if (to === 'claimedWithRx') {
        return { redemption, credited: false, balanceBefore: before, balanceAfter: before };
      }
      program.balance += 1;
      return { redemption, credited: true, balanceBefore: before, balanceAfter: program.balance };
    },
    async redemptionsByVisitRefs(refs) {
      return redemptions
        .filter((r) => refs.includes(r.visitRef))
        .map((r) => ({
          ...r,
          tokenCode: tokens.find((t) => t.id === r.tokenId)?.code ?? null,
          programName: programs.find((p) => p.id === r.programId)?.name ?? '',
        }));
    },
  };
  return { repo, redemptions };
}
