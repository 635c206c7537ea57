import { createHash } from 'node:crypto';
import { emailSchema } from '@apothecall/domain/common/common.schemas';
import { translate } from '@apothecall/domain/i18n/catalog';
import { tokenSendLimits } from '@apothecall/domain/prepay/access-token.rules';
import type { TokenDeliveryInput } from '@apothecall/domain/prepay/prepay.api';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail.service';
import { toE164 } from '../../platform/phone-numbers';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SmsSender } from '../../platform/sms.service';
import type { PrepayRepo, ProgramRecord, TokenRecord } from './prepay.repo';

export function redeemUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/#/redeem/${code}`;
}

/** Where a token goes, checked: an e-mail address, or a phone number in E.164. */
export type Target = TokenDeliveryInput;

/** An e-mail address as checked, or a phone number in E.164; undefined when invalid. */
function targetOf(delivery: TokenDeliveryInput): Target | undefined {
  if (delivery.channel === 'email') {
    const email = emailSchema.safeParse(delivery.to);
    return email.success ? { channel: 'email', to: email.data } : undefined;
  }
  const phone = toE164(delivery.to);
  return phone ? { channel: 'sms', to: phone } : undefined;
}

/** Where a token goes, or a 400 on the field (before anything is written). */
export function deliveryTarget(delivery: TokenDeliveryInput): Target {
  const target = targetOf(delivery);
  if (!target) {
    throw new AppError(
      400,
      'VALIDATION',
      delivery.channel === 'email'
        ? 'prepay.delivery.invalidEmail'
        : 'prepay.delivery.invalidPhone',
      undefined,
      { field: 'delivery.to' },
    );
  }
  return target;
}

/** A pasted line: an e-mail address or a phone number (E.164), or neither. */
export function lineDelivery(line: string): Target | undefined {
  return targetOf({ channel: line.includes('@') ? 'email' : 'sms', to: line });
}

/** The limiter's key for one recipient: a hash, so no address or number is kept in Redis. */
function recipientKey(target: Target): string {
  const digest = createHash('sha256').update(`${target.channel}:${target.to.toLowerCase()}`);
  return `prepay-send-to:${digest.digest('hex').slice(0, 32)}`;
}

const tooManyForRecipient = () =>
  new AppError(429, 'RATE_LIMITED', 'prepay.send.recipientLimit', {
    max: tokenSendLimits.perRecipient.max,
  });
const tooManyForProgram = () =>
  new AppError(429, 'RATE_LIMITED', 'prepay.send.programLimit', {
    perHour: tokenSendLimits.perProgramHour.max,
    perDay: tokenSendLimits.perProgramDay.max,
  });

/**
 * Sending a program's access tokens by e-mail or SMS within the send limits: a look
 * at the limits before a token is made, the count of a send, and the message itself.
 */
export function createTokenSends(deps: {
  repo: Pick<PrepayRepo, 'markSent'>;
  mailer: Pick<Mailer, 'send'>;
  sms: Pick<SmsSender, 'send'>;
  limiter: Pick<RateLimiter, 'hit' | 'peek'>;
  publicUrl: string;
  now: () => Date;
}) {
  const { now } = deps;

  const sendCounters = (programId: string, target: Target) =>
    [
      {
        key: recipientKey(target),
        limit: tokenSendLimits.perRecipient,
        refuse: tooManyForRecipient,
      },
      {
        key: `prepay-send-hour:${programId}`,
        limit: tokenSendLimits.perProgramHour,
        refuse: tooManyForProgram,
      },
      {
        key: `prepay-send-day:${programId}`,
        limit: tokenSendLimits.perProgramDay,
        refuse: tooManyForProgram,
      },
    ] as const;

  /**
   * The send limits' refusal as things stand, without counting (a look before a token is
   * made, so a refused send usually changes nothing); undefined when a send may go.
   */
  async function sendRefusal(programId: string, target: Target) {
    for (const counter of sendCounters(programId, target)) {
      if ((await deps.limiter.peek(counter.key)) >= counter.limit.max) return counter.refuse();
    }
    return undefined;
  }

  /**
   * Counts one send against each limit (the limiter's count is atomic, so of N parallel sends
   * only as many as the limit allows pass); the refusal when one is over, else undefined.
   */
  async function countSend(programId: string, target: Target) {
    let refusal: AppError | undefined;
    for (const counter of sendCounters(programId, target)) {
      const used = await deps.limiter.hit(counter.key, counter.limit.windowSeconds);
      if (used > counter.limit.max) refusal ??= counter.refuse();
    }
    return refusal;
  }

  async function sendTo(
    program: ProgramRecord,
    token: TokenRecord,
    target: Target,
    lang: 'en' | 'es',
  ) {
    const { to } = target;
    const params = {
      name: program.name,
      code: token.code,
      link: redeemUrl(deps.publicUrl, token.code),
    };
    try {
      if (target.channel === 'email') {
        await deps.mailer.send({
          to,
          subject: translate(lang, 'prepay.token.message.subject', params),
          text: translate(lang, 'prepay.token.message', params),
        });
      } else {
        await deps.sms.send(to, translate(lang, 'prepay.token.message', params));
      }
    } catch {
      throw new AppError(502, 'PREPAY_TOKEN_NOT_SENT', 'prepay.tokenNotSent');
    }
    const sent = await deps.repo.markSent(token.id, { channel: target.channel, to }, now());
    return sent ?? token;
  }

  return { sendRefusal, countSend, sendTo };
}
