import {
  type AuthorizedUserView,
  maxVisitsPerPurchase,
  type PrepayNotificationSettings,
  type PrepayProgramSettings,
  type PrepayProgramView,
  type PrepayPurchaseInput,
  type PrepayReferredTransaction,
  type PrepayTransaction,
  type prepayAddFundsRequestSchema,
  type prepayAuthorizedUpdateSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { Mailer } from '../../platform/mail.service';
import { phoneToStore } from '../../platform/phone-numbers';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SmsSender } from '../../platform/sms.service';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { PrepayRepo, ProgramRecord } from './prepay.repo';
import { createProgramViews } from './prepay-program-views';

import {
  createPrepayTokensService,
  newCode,
  type PrepayTokensService,
} from './prepay-tokens.service';

// The notice job reads a program's notification settings from here.
export { notificationsOf } from './prepay-program-views';

type AuthorizedInput = z.output<typeof prepayAuthorizedUpdateSchema>;
type AddFundsInput = z.output<typeof prepayAddFundsRequestSchema>;

/** The program holder's calls: the program's own, and its tokens' (prepay-tokens.service.ts). */
export interface PrepayService extends PrepayTokensService {
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
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * The program holder's side of prepay: buying a program (a bank of visits paid by
 * card through the payments port), its settings, authorized users and transactions; its access
 * tokens are prepay-tokens.service.ts's, reached through this service's holder check. Only the
 * holder manages a program; an authorized user may read it; anyone else gets 404.
 */
export function createPrepayService(deps: {
  repo: PrepayRepo;
  accounts: Pick<AccountsPort, 'membership' | 'loginId'>;
  payments: Pick<PaymentsPort, 'quote' | 'charge'>;
  pharmacy: Pick<PharmacyPort, 'organization' | 'verification'>;
  audit: AuditService;
  mailer: Mailer;
  sms: SmsSender;
  /** Counts token sends: per recipient, per program per hour and per day. */
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

  const { views, view } = createProgramViews({
    repo: deps.repo,
    pharmacy: deps.pharmacy,
    emailOf,
  });

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

  const tokens = createPrepayTokensService({
    repo: deps.repo,
    audit: deps.audit,
    mailer: deps.mailer,
    sms: deps.sms,
    limiter: deps.limiter,
    publicUrl: deps.publicUrl,
    programFor,
    now,
  });

  return {
    ...tokens,
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
  };
}
