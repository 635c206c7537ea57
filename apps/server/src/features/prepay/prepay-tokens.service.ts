import { randomBytes } from 'node:crypto';
import { translate } from '@apothecall/domain/i18n/catalog';
import {
  maxOutstandingTokens,
  normalizeToken,
  tokenFromBytes,
  tokenRoom,
} from '@apothecall/domain/prepay/access-token.rules';
import {
  type AccessTokenView,
  maxBulkTokens,
  type prepayTokenAddRequestSchema,
  type prepayTokenBulkRequestSchema,
  type prepayTokenEditRequestSchema,
  type prepayTokenSendRequestSchema,
} from '@apothecall/domain/prepay/prepay.api';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { Mailer } from '../../platform/mail.service';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SmsSender } from '../../platform/sms.service';
import type { PrepayRepo, ProgramRecord, TokenRecord } from './prepay.repo';
import {
  createTokenSends,
  deliveryTarget,
  lineDelivery,
  redeemUrl,
  type Target,
} from './prepay-token-sends';

type AddTokenInput = z.output<typeof prepayTokenAddRequestSchema>;
type EditTokenInput = z.output<typeof prepayTokenEditRequestSchema>;
type SendTokenInput = z.output<typeof prepayTokenSendRequestSchema>;
type BulkTokenInput = z.output<typeof prepayTokenBulkRequestSchema>;

/** A program's access tokens, for its holder (the program service checks the holder first). */
export interface PrepayTokensService {
  tokens(actor: Actor, id: string): Promise<AccessTokenView[]>;
  addToken(actor: Actor, input: AddTokenInput): Promise<AccessTokenView>;
  editToken(actor: Actor, input: EditTokenInput): Promise<AccessTokenView>;
  sendToken(actor: Actor, input: SendTokenInput): Promise<AccessTokenView>;
  deleteToken(actor: Actor, input: { programId: string; code: string }): Promise<AccessTokenView[]>;
  bulk(
    actor: Actor,
    input: BulkTokenInput,
  ): Promise<{ tokens: AccessTokenView[]; refused: { line: number; reason: string }[] }>;
}

/** A fresh 12-character code from the token alphabet. */
export function newCode(): string {
  return tokenFromBytes(randomBytes(64));
}

export function tokenView(token: TokenRecord, publicUrl: string): AccessTokenView {
  return {
    code: token.code,
    url: redeemUrl(publicUrl, token.code),
    object: { programId: token.programId, note: token.note },
    state: token.state as AccessTokenView['state'],
    use: token.use === 'multiple' ? 'multiple' : 'single',
    multipleUseIntervalDays: token.multipleUseIntervalDays,
    claimCount: token.claimCount,
    delivery:
      token.deliveryChannel && token.deliveryTo && token.sentAt
        ? {
            channel: token.deliveryChannel === 'sms' ? 'sms' : 'email',
            to: token.deliveryTo,
            sentAt: token.sentAt.toISOString(),
          }
        : null,
    deniedAt: token.deniedAt?.toISOString() ?? null,
    createdAt: token.createdAt.toISOString(),
  };
}

/**
 * A prepay program's access tokens (cut from prepay.service.ts at its seam): add, edit, send by
 * e-mail or SMS within the send limits, delete and bulk. Every call asks `programFor` first, so
 * only the program's holder reaches its tokens.
 */
export function createPrepayTokensService(deps: {
  repo: Pick<
    PrepayRepo,
    'programByCode' | 'tokens' | 'token' | 'insertToken' | 'editToken' | 'deleteToken' | 'markSent'
  >;
  audit: AuditService;
  mailer: Pick<Mailer, 'send'>;
  sms: Pick<SmsSender, 'send'>;
  /** Counts token sends: per recipient, per program per hour and per day. */
  limiter: Pick<RateLimiter, 'hit' | 'peek'>;
  publicUrl: string;
  /** The caller's program as its holder, else a 404 (the program service's check). */
  programFor: (actor: Actor, id: string, access: 'manage') => Promise<ProgramRecord>;
  now: () => Date;
}): PrepayTokensService {
  const { now, programFor } = deps;
  const { sendRefusal, countSend, sendTo } = createTokenSends(deps);

  async function liveToken(
    program: ProgramRecord,
    code: string,
    failure: 'tokenDelete' | 'tokenSend' | 'tokenEdit',
  ) {
    const token = await deps.repo.token(normalizeToken(code));
    if (!token || token.programId !== program.id) {
      if (failure === 'tokenDelete')
        throw new AppError(404, 'PREPAY_TOKEN_NOT_DELETED', 'prepay.tokenNotDeleted');
      if (failure === 'tokenSend')
        throw new AppError(404, 'PREPAY_TOKEN_NOT_SENT', 'prepay.tokenNotSent');
      throw appErrors.notFound();
    }
    return token;
  }

  /**
   * A new unused token, within the program's bound (twice its visits left): a 409
   * saying how many more can be made when the program already holds that many.
   */
  async function createToken(
    program: ProgramRecord,
    input: Pick<AddTokenInput, 'use' | 'multipleUseIntervalDays' | 'note'>,
  ): Promise<TokenRecord> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const code = newCode();
      // Program codes and token codes share the space: neither may shadow the other.
      if (await deps.repo.programByCode(code)) continue;
      const inserted = await deps.repo.insertToken(
        {
          programId: program.id,
          code,
          use: input.use,
          multipleUseIntervalDays: input.use === 'multiple' ? input.multipleUseIntervalDays : 0,
          note: input.note,
        },
        maxOutstandingTokens,
      );
      if (inserted.ok) return inserted.token;
      if (inserted.reason === 'full') {
        throw new AppError(409, 'PREPAY_TOKEN_NOT_ADDED', 'prepay.tokens.full', {
          max: maxOutstandingTokens(inserted.balance),
          room: tokenRoom(inserted.balance, inserted.outstanding),
        });
      }
    }
    throw new AppError(409, 'PREPAY_TOKEN_NOT_ADDED', 'prepay.tokenNotAdded');
  }

  /**
   * A new token to be sent at once, within the send limits: looked at first (a refusal then
   * makes nothing), counted once the token exists; a send refused by the count (parallel sends)
   * takes its token back. The refusal (409 full, 429 limit) is thrown.
   */
  async function createToSend(
    program: ProgramRecord,
    input: Pick<AddTokenInput, 'use' | 'multipleUseIntervalDays' | 'note'>,
    target: Target,
  ): Promise<TokenRecord> {
    const early = await sendRefusal(program.id, target);
    if (early) throw early;
    const token = await createToken(program, input);
    const late = await countSend(program.id, target);
    if (late) {
      await deps.repo.deleteToken(token.id, now());
      throw late;
    }
    return token;
  }

  return {
    async tokens(actor, id) {
      const program = await programFor(actor, id, 'manage');
      return (await deps.repo.tokens(program.id)).map((t) => tokenView(t, deps.publicUrl));
    },

    async addToken(actor, input) {
      const program = await programFor(actor, input.programId, 'manage');
      // The address is checked before anything is written: a bad one changes nothing.
      const target = input.delivery ? deliveryTarget(input.delivery) : undefined;
      const token = target
        ? await createToSend(program, input, target)
        : await createToken(program, input);
      await deps.audit.record(
        actor,
        'prepay.token.add',
        { accountId: actor.accountId },
        {
          programId: program.id,
          tokenId: token.id,
        },
      );
      const sent = target ? await sendTo(program, token, target, actor.lang) : token;
      return tokenView(sent, deps.publicUrl);
    },

    async editToken(actor, input) {
      const program = await programFor(actor, input.programId, 'manage');
      const token = await liveToken(program, input.code, 'tokenEdit');
      const edited = await deps.repo.editToken(token.id, {
        use: input.use,
        multipleUseIntervalDays: input.use === 'multiple' ? input.multipleUseIntervalDays : 0,
        note: input.note,
      });
      if (!edited) throw new AppError(409, 'PREPAY_TOKEN_REFUSED', 'prepay.token.notUnused');
      await deps.audit.record(
        actor,
        'prepay.token.edit',
        { accountId: actor.accountId },
        {
          programId: program.id,
          tokenId: token.id,
        },
      );
      return tokenView(edited, deps.publicUrl);
    },

    async sendToken(actor, input) {
      const program = await programFor(actor, input.programId, 'manage');
      const token = await liveToken(program, input.code, 'tokenSend');
      const target = deliveryTarget(input.delivery);
      const refusal = await countSend(program.id, target);
      if (refusal) throw refusal;
      const sent = await sendTo(program, token, target, actor.lang);
      await deps.audit.record(
        actor,
        'prepay.token.send',
        { accountId: actor.accountId },
        {
          programId: program.id,
          tokenId: token.id,
          channel: input.delivery.channel,
        },
      );
      return tokenView(sent, deps.publicUrl);
    },

    async deleteToken(actor, input) {
      const program = await programFor(actor, input.programId, 'manage');
      const token = await liveToken(program, input.code, 'tokenDelete');
      if (!(await deps.repo.deleteToken(token.id, now()))) {
        throw new AppError(409, 'PREPAY_TOKEN_NOT_DELETED', 'prepay.tokenNotDeleted');
      }
      await deps.audit.record(
        actor,
        'prepay.token.delete',
        { accountId: actor.accountId },
        {
          programId: program.id,
          tokenId: token.id,
        },
      );
      return (await deps.repo.tokens(program.id)).map((t) => tokenView(t, deps.publicUrl));
    },

    async bulk(actor, input) {
      const program = await programFor(actor, input.programId, 'manage');
      const lines = input.list
        .split(/\r?\n/)
        .map((line, index) => ({ line: index + 1, text: line.trim() }));
      const filled = lines.filter((l) => l.text !== '');
      if (filled.length > maxBulkTokens) {
        throw new AppError(400, 'PREPAY_TOKEN_NOT_ADDED', 'prepay.bulk.tooMany', {
          max: maxBulkTokens,
        });
      }
      if (filled.length === 0) {
        throw new AppError(400, 'VALIDATION', 'common.required', undefined, { field: 'list' });
      }
      const refused: { line: number; reason: string }[] = [];
      const tokens: AccessTokenView[] = [];
      const seen = new Set<string>();
      // Each line is one add: within the program's unused-token bound and the send limits;
      // a line refused by either is reported, and the lines after it are still tried.
      const reasonOf = (error: unknown) => {
        if (error instanceof AppError && (error.status === 409 || error.status === 429)) {
          return translate(actor.lang, error.keyIn(actor.lang), error.params);
        }
        throw error;
      };
      // Once the program holds all the unused tokens it may, the lines after are refused alike.
      let full: string | undefined;
      for (const { line, text } of filled) {
        const delivery = lineDelivery(text);
        if (!delivery) {
          refused.push({ line, reason: translate(actor.lang, 'prepay.bulk.invalidLine') });
          continue;
        }
        // One recipient is one line, however the number or address was written.
        const key = `${delivery.channel}:${delivery.to.toLowerCase()}`;
        if (seen.has(key)) {
          refused.push({ line, reason: translate(actor.lang, 'prepay.bulk.duplicate') });
          continue;
        }
        seen.add(key);
        if (full) {
          refused.push({ line, reason: full });
          continue;
        }
        let token: TokenRecord;
        try {
          token = await createToSend(program, input, delivery);
        } catch (error) {
          const reason = reasonOf(error);
          if (error instanceof AppError && error.messageKey === 'prepay.tokens.full') full = reason;
          refused.push({ line, reason });
          continue;
        }
        try {
          tokens.push(
            tokenView(await sendTo(program, token, delivery, actor.lang), deps.publicUrl),
          );
        } catch {
          tokens.push(tokenView(token, deps.publicUrl));
          refused.push({ line, reason: translate(actor.lang, 'prepay.tokenNotSent') });
        }
      }
      await deps.audit.record(
        actor,
        'prepay.token.bulk',
        { accountId: actor.accountId },
        {
          programId: program.id,
          created: tokens.length,
          refused: refused.length,
        },
      );
      return { tokens, refused };
    },
  };
}
