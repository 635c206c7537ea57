import { createHash, randomBytes } from 'node:crypto';
import { emailSchema } from '@apothecall/domain/common/common.schemas';
import { translate } from '@apothecall/domain/i18n/catalog';
import {
  maxOutstandingTokens,
  normalizeToken,
  tokenFromBytes,
  tokenRoom,
  tokenSendLimits,
} from '@apothecall/domain/prepay/access-token.rules';
import {
  type AccessTokenView,
  type AuthorizedUserView,
  maxBulkTokens,
  maxVisitsPerPurchase,
  type PrepayNotificationSettings,
  type PrepayProgramSettings,
  type PrepayProgramView,
  type PrepayPurchaseInput,
  type PrepayReferredTransaction,
  type PrepayTransaction,
  type prepayAddFundsRequestSchema,
  type prepayAuthorizedUpdateSchema,
  prepayNotificationSettingsSchema,
  type prepayTokenAddRequestSchema,
  type prepayTokenBulkRequestSchema,
  type prepayTokenEditRequestSchema,
  type prepayTokenSendRequestSchema,
  type TokenDeliveryInput,
} from '@apothecall/domain/prepay/prepay.api';
import { rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { Mailer } from '../../platform/mail.service';
import { phoneToStore, toE164 } from '../../platform/phone-numbers';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SmsSender } from '../../platform/sms.service';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { PrepayRepo, ProgramRecord, TokenRecord } from './prepay.repo';

type AddTokenInput = z.output<typeof prepayTokenAddRequestSchema>;
type EditTokenInput = z.output<typeof prepayTokenEditRequestSchema>;
type SendTokenInput = z.output<typeof prepayTokenSendRequestSchema>;
type BulkTokenInput = z.output<typeof prepayTokenBulkRequestSchema>;
type AuthorizedInput = z.output<typeof prepayAuthorizedUpdateSchema>;
type AddFundsInput = z.output<typeof prepayAddFundsRequestSchema>;

export interface PrepayService {
  pricing(
    actor: Actor,
    id: string,
  ): Promise<{ visitPrice: number; minVisits: number; maxVisits: number }>;
  list(actor: Actor): Promise<PrepayProgramView[]>;
  get(actor: Actor, id: string): Promise<PrepayProgramView>;
  purchase(actor: Actor, input: PrepayPurchaseInput): Promise<PrepayProgramView>;
  addFunds(actor: Actor, input: AddFundsInput): Promise<PrepayProgramView>;
  update(actor: Actor, id: string, settings: PrepayProgramSettings): Promise<PrepayProgramView>;
  authorized(actor: Actor, id: string): Promise<AuthorizedUserView[]>;
  setAuthorized(actor: Actor, id: string, input: AuthorizedInput): Promise<AuthorizedUserView[]>;
  transactions(actor: Actor, id: string): Promise<PrepayTransaction[]>;
  referred(actor: Actor, id: string): Promise<PrepayReferredTransaction[]>;
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

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** A fresh 12-character code from the token alphabet. */
export function newCode(): string {
  return tokenFromBytes(randomBytes(64));
}

export function redeemUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/#/redeem/${code}`;
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

/** The notification settings as stored (validated on the way in; defaults if ever unreadable). */
export function notificationsOf(
  program: Pick<ProgramRecord, 'notifications'>,
): PrepayNotificationSettings {
  const parsed = prepayNotificationSettingsSchema.safeParse(program.notifications);
  if (parsed.success) return parsed.data;
  const off = { email: false, sms: false };
  return {
    email: null,
    phone: null,
    lowBalance: off,
    prepayClaimed: off,
    prepayRx: off,
    prepayRxDenied: off,
  };
}

/** Where a token goes, checked: an e-mail address, or a phone number in E.164. */
type Target = TokenDeliveryInput;

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
function deliveryTarget(delivery: TokenDeliveryInput): Target {
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
function lineDelivery(line: string): Target | undefined {
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
 * The program holder's side of prepay (issue 16): buying a program (a bank of visits paid by
 * card through the payments port), its settings, authorized users, transactions, and its access
 * tokens (add, edit, send by e-mail or SMS, delete, bulk). Only the holder manages a program;
 * an authorized user may read it; anyone else gets 404.
 */
export function createPrepayService(deps: {
  repo: PrepayRepo;
  accounts: Pick<AccountsPort, 'membership' | 'loginId'>;
  payments: Pick<PaymentsPort, 'quote' | 'charge'>;
  pharmacy: Pick<PharmacyPort, 'organization' | 'verification'>;
  audit: AuditService;
  mailer: Mailer;
  sms: SmsSender;
  /** Counts token sends (issue 32): per recipient, per program per hour and per day. */
  limiter: Pick<RateLimiter, 'hit' | 'peek'>;
  publicUrl: string;
  visitPriceCents: number;
  now?: () => Date;
}): PrepayService {
  const now = deps.now ?? (() => new Date());

  async function emailOf(accountId: string) {
    return ((await deps.accounts.loginId(accountId)) ?? '').toLowerCase();
  }

  /** The caller's program: as holder, or (read) as an authorized user. Else 404. */
  async function programFor(actor: Actor, id: string, access: 'manage' | 'read') {
    const program = isUuid(id) ? await deps.repo.program(id) : undefined;
    if (program && program.ownerAccountId === actor.accountId) return program;
    if (program && access === 'read') {
      const email = await emailOf(actor.accountId);
      const users = await deps.repo.users(program.id);
      if (users.some((u) => u.email === email)) return program;
    }
    await deps.audit.denied(actor, `prepay.program.${access}`, null, {
      reason: 'not-found-or-not-allowed',
      ...(isUuid(id) ? { programId: id } : {}),
    });
    throw appErrors.notFound();
  }

  async function pharmaciesNamed(ids: readonly string[]) {
    const found = await Promise.all(ids.map((id) => deps.pharmacy.organization(id)));
    return found.flatMap((o) => (o ? [{ id: o.id, name: o.name }] : []));
  }

  async function views(
    actor: Actor,
    programs: readonly ProgramRecord[],
  ): Promise<PrepayProgramView[]> {
    const used = await deps.repo.visitsUsed(programs.map((p) => p.id));
    const email = await emailOf(actor.accountId);
    return Promise.all(
      programs.map(async (p) => {
        const owner = p.ownerAccountId === actor.accountId;
        const users = owner ? [] : await deps.repo.users(p.id);
        const pharmacy = p.organizationId
          ? await deps.pharmacy.organization(p.organizationId)
          : undefined;
        return {
          id: p.id,
          code: p.code,
          owner,
          authorized: !owner && users.some((u) => u.email === email),
          name: p.name,
          description: p.description,
          balance: p.balance,
          visitCount: p.visitCount,
          visitsUsed: used.get(p.id) ?? 0,
          rewardAmt: p.rewardAmtCents,
          programAmt: p.programAmtCents,
          patientAmt: p.patientAmtCents,
          priceMsg: p.priceMsg,
          visitType: 'rx' as const,
          perAccountLimit: p.perAccountLimit,
          reuseIntervalDays: p.reuseIntervalDays,
          lowBalanceLimit: p.lowBalanceLimit,
          reasonRestriction: p.reasonRestriction,
          pharmacyRestriction: p.pharmacyRestriction,
          checkoutMessage: p.checkoutMessage,
          notifications: notificationsOf(p),
          pharmacy: pharmacy ? { id: pharmacy.id, name: pharmacy.name } : null,
          pharmacies: await pharmaciesNamed(p.pharmacyRestriction),
          createdAt: p.createdAt.toISOString(),
        };
      }),
    );
  }

  async function view(actor: Actor, program: ProgramRecord) {
    const [one] = await views(actor, [program]);
    if (!one) throw appErrors.notFound();
    return one;
  }

  /** Charges the holder's card for `visits` visits, once per key (the payments ledger's). */
  async function chargeVisits(
    actor: Actor,
    input: { visits: number; payProfileID: string | null; key: string; description: string },
  ) {
    const amount = input.visits * deps.visitPriceCents;
    const item = `prepay:${input.key}`;
    const quote = await deps.payments.quote(actor.accountId, item, amount);
    return deps.payments.charge(
      actor.accountId,
      {
        priceToken: quote.priceToken,
        paymentProfileId: input.payProfileID,
        idempotencyKey: item,
        description: input.description,
      },
      actor,
      item,
    );
  }

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
   * A new unused token, within the program's bound (twice its visits left, issue 32): a 409
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

  async function checkRestrictions(settings: PrepayProgramSettings) {
    for (const productId of settings.reasonRestriction) {
      if (!rxProductById(productId)) {
        throw new AppError(400, 'PREPAY_PROGRAM_NOT_UPDATED', 'prepay.restriction.unknownProduct', {
          productId,
        });
      }
    }
    for (const id of settings.pharmacyRestriction) {
      const verification = await deps.pharmacy.verification(id);
      if (!verification?.verified) {
        throw new AppError(400, 'PREPAY_PROGRAM_NOT_UPDATED', 'prepay.restriction.unknownPharmacy');
      }
    }
  }

  return {
    async pricing(actor, id) {
      if (id !== 'new') await programFor(actor, id, 'manage');
      return { visitPrice: deps.visitPriceCents, minVisits: 1, maxVisits: maxVisitsPerPurchase };
    },

    async list(actor) {
      const programs = await deps.repo.programsOf(actor.accountId, await emailOf(actor.accountId));
      return views(actor, programs);
    },

    async get(actor, id) {
      return view(actor, await programFor(actor, id, 'read'));
    },

    async purchase(actor, input) {
      const emails = [...new Set(input.authorizedUsers.map((e) => e.toLowerCase()))];
      const membership = await deps.accounts.membership(actor.accountId);
      const organizationId =
        membership?.organizationType === 'pharmacy' ? membership.organizationId : null;
      const organization = organizationId
        ? await deps.pharmacy.organization(organizationId)
        : undefined;
      const verified = organizationId
        ? (await deps.pharmacy.verification(organizationId))?.verified
        : false;
      const charge = await chargeVisits(actor, {
        visits: input.visitCount,
        payProfileID: input.payProfileID,
        key: `purchase:${actor.accountId}:${input.idempotencyKey}`,
        description: `Prepay program: ${input.visitCount} visits`,
      });
      const email = organization?.notifyEmail ?? (await emailOf(actor.accountId));
      const on = { email: true, sms: false };
      let program: ProgramRecord | undefined;
      for (let attempt = 0; attempt < 5 && !program; attempt += 1) {
        const code = newCode();
        if (await deps.repo.token(code)) continue;
        try {
          program = await deps.repo.createProgram(
            {
              ownerAccountId: actor.accountId,
              organizationId,
              brandId: (await actor.brand()).id,
              code,
              purchaseKey: input.idempotencyKey,
              name: input.name,
              programAmtCents: deps.visitPriceCents,
              lowBalanceLimit: input.lowBalanceLimit,
              // A pharmacy's program sends its patients' prescriptions to the pharmacy.
              pharmacyRestriction: organization && verified ? [organization.id] : [],
              notifications: {
                email: email || null,
                phone: organization?.notifyPhone ?? null,
                lowBalance: on,
                prepayClaimed: { email: false, sms: false },
                prepayRx: on,
                prepayRxDenied: on,
              } satisfies PrepayNotificationSettings,
            },
            { visits: input.visitCount, amountCents: charge.amount, chargeId: charge.id },
          );
        } catch (error) {
          // A program code taken at the same moment: draw another.
          if (attempt === 4) throw error;
        }
      }
      if (!program)
        throw new AppError(409, 'PREPAY_PROGRAM_NOT_UPDATED', 'prepay.programNotUpdated');
      if (emails.length > 0 && (await deps.repo.users(program.id)).length === 0) {
        await deps.repo.setUsers(
          program.id,
          emails.map((e) => ({ email: e, visitLimit: 0 })),
        );
      }
      await deps.audit.record(
        actor,
        'prepay.program.purchase',
        { accountId: actor.accountId },
        {
          programId: program.id,
          visits: input.visitCount,
          chargeId: charge.id,
        },
      );
      return view(actor, program);
    },

    async addFunds(actor, input) {
      const program = await programFor(actor, input.programId, 'manage');
      const key = `funds:${program.id}:${input.idempotencyKey}`;
      const charge = await chargeVisits(actor, {
        visits: input.visits,
        payProfileID: input.payProfileID,
        key,
        description: `Prepay program: ${input.visits} visits added`,
      });
      const updated = await deps.repo.addVisits(program.id, {
        visits: input.visits,
        amountCents: charge.amount,
        chargeId: charge.id,
        key,
      });
      if (!updated) throw appErrors.notFound();
      await deps.audit.record(
        actor,
        'prepay.program.addFunds',
        { accountId: actor.accountId },
        {
          programId: program.id,
          visits: input.visits,
          chargeId: charge.id,
        },
      );
      return view(actor, updated);
    },

    async update(actor, id, settings) {
      const program = await programFor(actor, id, 'manage');
      const notifyPhone = settings.notifications.phone;
      const notifications: PrepayNotificationSettings = {
        ...settings.notifications,
        // The number texts go to, as stored: E.164 (a 400 on the field when it is no number).
        phone: notifyPhone === null ? null : phoneToStore(notifyPhone, 'notifications.phone'),
      };
      await checkRestrictions(settings);
      const updated = await deps.repo.updateSettings(
        program.id,
        {
          name: settings.name,
          description: settings.description,
          rewardAmtCents: settings.rewardAmt,
          patientAmtCents: settings.patientAmt,
          priceMsg: settings.priceMsg,
          visitType: settings.visitType,
          perAccountLimit: settings.perAccountLimit,
          reuseIntervalDays: settings.reuseIntervalDays,
          lowBalanceLimit: settings.lowBalanceLimit,
          reasonRestriction: [...new Set(settings.reasonRestriction)],
          pharmacyRestriction: [...new Set(settings.pharmacyRestriction)],
          checkoutMessage: settings.checkoutMessage,
          notifications,
        },
        now(),
      );
      if (!updated)
        throw new AppError(409, 'PREPAY_PROGRAM_NOT_UPDATED', 'prepay.programNotUpdated');
      await deps.audit.record(
        actor,
        'prepay.program.update',
        { accountId: actor.accountId },
        {
          programId: program.id,
        },
      );
      return view(actor, updated);
    },

    async authorized(actor, id) {
      const program = await programFor(actor, id, 'manage');
      const [users, used] = await Promise.all([
        deps.repo.users(program.id),
        deps.repo.visitsByEmail(program.id),
      ]);
      return users.map((u) => ({
        email: u.email,
        visitLimit: u.visitLimit,
        visitsUsed: used.get(u.email) ?? 0,
      }));
    },

    async setAuthorized(actor, id, input) {
      const program = await programFor(actor, id, 'manage');
      const seen = new Set<string>();
      for (const user of input.allowedUsers) {
        const email = user.email.toLowerCase();
        if (seen.has(email)) {
          throw new AppError(400, 'PREPAY_USERS_NOT_UPDATED', 'prepay.users.duplicate', { email });
        }
        seen.add(email);
      }
      await deps.repo.setUsers(
        program.id,
        input.allowedUsers.map((u) => ({ email: u.email.toLowerCase(), visitLimit: u.visitLimit })),
      );
      await deps.audit.record(
        actor,
        'prepay.program.authorized',
        { accountId: actor.accountId },
        {
          programId: program.id,
          users: input.allowedUsers.length,
        },
      );
      return this.authorized(actor, id);
    },

    async transactions(actor, id) {
      const program = await programFor(actor, id, 'manage');
      return (await deps.repo.entries(program.id, 500)).map((e) => ({
        id: e.id,
        date: e.createdAt.toISOString(),
        kind: e.kind as PrepayTransaction['kind'],
        visits: e.visits,
        amount: e.amountCents,
        transId: e.chargeId,
      }));
    },

    async referred(actor, id) {
      const program = await programFor(actor, id, 'manage');
      return (await deps.repo.redemptions(program.id, 500)).map((r) => ({
        id: r.id,
        date: r.createdAt.toISOString(),
        token: r.tokenCode,
        state: r.state as PrepayReferredTransaction['state'],
        productId: r.productId,
        settledAt: r.settledAt?.toISOString() ?? null,
      }));
    },

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
