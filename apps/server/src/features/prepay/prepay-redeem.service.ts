import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import {
  type AccessToken,
  type AccessTokenState,
  canClaimToken,
  canUseProgram,
  dayMs,
  limitRefusalMessages,
  normalizeToken,
  shouldNotifyLowBalance,
  tokenRefusalMessages,
} from '@apothecall/domain/prepay/access-token.rules';
import type { PrepayOffer, VisitPrepay } from '@apothecall/domain/prepay/prepay.api';
import type { Caller } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs/jobs';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { PrepayPort, PrepayVisit } from './prepay.port';
import type { PrepayRepo, ProgramRecord, RedemptionSnapshot, TokenRecord } from './prepay.repo';
import type { PrepayNoticeKind } from './prepay-notice.job';

/** A refusal as the API answers it. */
interface Refusal {
  status: 404 | 409;
  code: 'NOT_FOUND' | 'PREPAY_TOKEN_REFUSED' | 'PREPAY_LIMIT_REACHED' | 'PREPAY_RESTRICTED';
  key: MessageKey;
  params?: Record<string, string | number>;
}

const unknownCode: Refusal = { status: 404, code: 'NOT_FOUND', key: 'prepay.code.unknown' };

export function tokenRule(token: TokenRecord): AccessToken {
  return {
    state: token.state as AccessTokenState,
    use: token.use === 'multiple' ? 'multiple' : 'single',
    multipleUseIntervalDays: token.multipleUseIntervalDays,
    firstClaimedAt: token.firstClaimedAt?.getTime(),
    deniedAt: token.deniedAt?.getTime(),
    claimCount: token.claimCount,
  };
}

function dateIn(lang: string, timeZone: string, at: number): string {
  try {
    return new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', {
      dateStyle: 'long',
      timeZone,
    }).format(at);
  } catch {
    return new Date(at).toISOString().slice(0, 10);
  }
}

/**
 * Whether one more visit may be taken from the program, on the snapshot read under its lock.
 * The order: who may use it at all (404 for anyone else, so programs cannot be probed), the
 * token's own state, the program's restrictions, the patient's reuse interval after a denial,
 * then the per-user, per-account and balance limits (domain `canUseProgram`).
 */
export function decideRedemption(
  snapshot: RedemptionSnapshot,
  visit: Pick<PrepayVisit, 'email' | 'productId' | 'pharmacyId'>,
  at: Date,
  where: { lang: string; timeZone: string; pharmacyNames: readonly string[] },
): Refusal | null {
  const { program, token, users } = snapshot;
  const email = visit.email.toLowerCase();
  const authorizedOnly = users.length > 0;
  if (authorizedOnly && !users.some((u) => u.email === email)) return unknownCode;
  // A program code is an authorized user's: a program without them has tokens only.
  if (!token && !authorizedOnly) return unknownCode;
  const now = at.getTime();
  if (token) {
    const check = canClaimToken(tokenRule(token), now, program.reuseIntervalDays);
    if (!check.ok) {
      const reusable = (token.deniedAt?.getTime() ?? now) + program.reuseIntervalDays * dayMs;
      return {
        status: 409,
        code: 'PREPAY_TOKEN_REFUSED',
        key: tokenRefusalMessages[check.reason],
        params: { date: dateIn(where.lang, where.timeZone, reusable) },
      };
    }
  }
  if (program.visitType !== 'rx') {
    return { status: 409, code: 'PREPAY_RESTRICTED', key: 'prepay.restricted.visitType' };
  }
  if (
    program.reasonRestriction.length > 0 &&
    !program.reasonRestriction.includes(visit.productId)
  ) {
    return { status: 409, code: 'PREPAY_RESTRICTED', key: 'prepay.restricted.treatment' };
  }
  if (
    program.pharmacyRestriction.length > 0 &&
    !(visit.pharmacyId && program.pharmacyRestriction.includes(visit.pharmacyId))
  ) {
    return {
      status: 409,
      code: 'PREPAY_RESTRICTED',
      key: 'prepay.restricted.pharmacy',
      params: { pharmacies: where.pharmacyNames.join(', ') },
    };
  }
  if (snapshot.lastDeniedAt && program.reuseIntervalDays > 0) {
    const reusable = snapshot.lastDeniedAt.getTime() + program.reuseIntervalDays * dayMs;
    if (now < reusable) {
      return {
        status: 409,
        code: 'PREPAY_TOKEN_REFUSED',
        key: 'prepay.token.reuseNotYet',
        params: { date: dateIn(where.lang, where.timeZone, reusable) },
      };
    }
  }
  const limits = canUseProgram({
    limits: {
      perAccountLimit: program.perAccountLimit,
      lowBalanceLimit: program.lowBalanceLimit,
      allowedUsers: users.map((u) => ({ email: u.email, visitLimit: u.visitLimit })),
    },
    balance: program.balance,
    visitCost: 1,
    userEmail: email,
    userVisitsUsed: snapshot.userVisitsUsed,
    accountVisitsUsed: snapshot.accountVisitsUsed,
  });
  if (!limits.ok) {
    if (limits.reason === 'notAuthorized') return unknownCode;
    return { status: 409, code: 'PREPAY_LIMIT_REACHED', key: limitRefusalMessages[limits.reason] };
  }
  return null;
}

const refused = (r: Refusal) => new AppError(r.status, r.code, r.key, r.params);

/** The patient's side of prepay: the port's calls, and the redeem screen's offer. */
export interface PrepayRedeemService extends PrepayPort {
  /** What a token offers (the redeem screen; logged in or not). */
  offer(caller: Caller, code: string): Promise<PrepayOffer>;
}

/**
 * The patient's side of prepay, which the Rx area reaches through the prepay port: a
 * code (an access token, or an authorized user's program code) prices a visit at 0 (priceType
 * prepay), the redemption takes one visit from the program in one locked transaction (so 20
 * concurrent redemptions of a single-use token make one visit), and the visit's outcome settles
 * it: a prescription, or a denial that credits the visit back and starts the patient's reuse
 * interval. The program's holder is told by jobs (low balance once per crossing, claimed, rx,
 * denied).
 */
export function createPrepayRedeemService(deps: {
  repo: PrepayRepo;
  pharmacy: Pick<PharmacyPort, 'organization'>;
  /** The holder's notices go out as jobs (`prepay.notice`), one per kind and redemption. */
  jobs: Pick<Jobs, 'send'>;
  now?: () => Date;
}): PrepayRedeemService {
  const now = deps.now ?? (() => new Date());

  async function notify(kind: PrepayNoticeKind, programId: string, ref: string) {
    await deps.jobs.send(
      'prepay.notice',
      { programId, kind },
      { idempotencyKey: `prepay.notice:${kind}:${ref}` },
    );
  }

  async function pharmaciesOf(program: ProgramRecord) {
    const found = await Promise.all(
      program.pharmacyRestriction.map((id) => deps.pharmacy.organization(id)),
    );
    return found.flatMap((o) => (o ? [{ id: o.id, name: o.name }] : []));
  }

  async function offerOf(program: ProgramRecord, kind: 'token' | 'program'): Promise<PrepayOffer> {
    return {
      programName: program.name,
      kind,
      checkoutMessage: program.checkoutMessage,
      priceMsg: program.priceMsg,
      patientAmt: program.patientAmtCents,
      productIds: program.reasonRestriction,
      pharmacies: await pharmaciesOf(program),
    };
  }

  /** The token or program a code names (tokens first; the two never share a code). */
  async function resolve(code: string) {
    const clean = normalizeToken(code);
    const token = await deps.repo.token(clean);
    if (token) {
      const program = await deps.repo.program(token.programId);
      if (program) return { program, token, kind: 'token' as const };
    }
    const program = await deps.repo.programByCode(clean);
    if (program) return { program, token: undefined, kind: 'program' as const };
    throw refused(unknownCode);
  }

  async function attempt(caller: Caller, code: string, visit: PrepayVisit, write: boolean) {
    const found = await resolve(code);
    const pharmacies = await pharmaciesOf(found.program);
    const at = now();
    const preview = { status: 409, code: 'NOT_FOUND', key: 'prepay.code.unknown' } as const;
    const outcome = await deps.repo.redeem(
      {
        programId: found.program.id,
        tokenId: found.token?.id ?? null,
        visitRef: visit.ref,
        accountId: visit.accountId,
        personId: visit.personId,
        email: visit.email,
        productId: visit.productId,
        at,
      },
      (snapshot) => {
        const refusal = decideRedemption(snapshot, visit, at, {
          lang: caller.lang,
          timeZone: caller.timeZone,
          pharmacyNames: pharmacies.map((p) => p.name),
        });
        // A quote reads under the same lock and writes nothing: it "refuses" with a marker.
        return refusal ?? (write ? null : preview);
      },
    );
    if (!outcome.ok) {
      if (outcome.refusal === preview) return { found, outcome: undefined };
      throw refused(outcome.refusal);
    }
    return { found, outcome };
  }

  return {
    async offer(_caller, code) {
      const found = await resolve(code);
      // Program codes are for authorized users at checkout: the public check knows tokens only.
      if (!found.token) throw refused(unknownCode);
      const check = canClaimToken(
        tokenRule(found.token),
        now().getTime(),
        found.program.reuseIntervalDays,
      );
      if (!check.ok && check.reason !== 'reuseNotYet') {
        throw new AppError(409, 'PREPAY_TOKEN_REFUSED', tokenRefusalMessages[check.reason], {
          date: '',
        });
      }
      return offerOf(found.program, 'token');
    },

    async quote(caller, code, visit) {
      const { found } = await attempt(caller, code, visit, false);
      return offerOf(found.program, found.kind);
    },

    async redeem(caller, code, visit) {
      const { found, outcome } = await attempt(caller, code, visit, true);
      if (!outcome) throw refused(unknownCode);
      if (!outcome.replayed) {
        const id = outcome.redemption.id;
        await notify('prepayClaimed', found.program.id, id);
        if (
          shouldNotifyLowBalance(
            outcome.balanceBefore,
            outcome.balanceAfter,
            found.program.lowBalanceLimit,
            outcome.lowBalanceNoticed,
          )
        ) {
          await notify('lowBalance', found.program.id, id);
        }
      }
      return {
        redemptionId: outcome.redemption.id,
        offer: await offerOf(found.program, found.kind),
      };
    },

    async settle(visitRef, outcome) {
      const settled = await deps.repo.settle(visitRef, outcome, now());
      if (!settled || settled.redemption.state !== outcome) return;
      const { id, programId } = settled.redemption;
      if (outcome === 'claimedWithRx') await notify('prepayRx', programId, id);
      if (outcome === 'denied') await notify('prepayRxDenied', programId, id);
    },

    async visitPrepay(refs) {
      const rows = await deps.repo.redemptionsByVisitRefs(refs);
      return new Map(
        rows.map((r) => [
          r.visitRef,
          {
            programName: r.programName,
            token: r.tokenCode,
            state: r.state as VisitPrepay['state'],
          },
        ]),
      );
    },
  };
}
