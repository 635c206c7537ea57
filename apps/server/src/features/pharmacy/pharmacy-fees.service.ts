import { translate } from '@apothecall/domain/i18n/catalog';
import {
  crossedLowFeeBalance,
  lowBalanceFees,
  lowFeeBalanceCents,
} from '@apothecall/domain/pharmacy/fee-account.rules';
import type {
  FeeMovementKind,
  PharmacyStatement,
  pharmacyAddFundsRequestSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { formatUsd } from '@apothecall/domain/pricing/pricing.rules';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import type { Mailer } from '../../platform/mail.service';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmacyPort, PharmacyStaff } from './pharmacy.port';
import type { PharmacyRepo } from './pharmacy.repo';

/** A pharmacy's fee account: the claim fees it pays from, and the funds its admin adds. */
export interface PharmacyFeesService extends Pick<PharmacyPort, 'feeTaken'> {
  /** Adds dollars to the fee account by the admin's card, once per key (admin). */
  addFunds(
    actor: Actor,
    input: z.output<typeof pharmacyAddFundsRequestSchema>,
  ): Promise<PharmacyStatement>;
  /** The fee account's balance and movements, newest first (admin). */
  statement(actor: Actor): Promise<PharmacyStatement>;
  /** Any pharmacy's fee account, as `statement` answers it (the back office's read). */
  statementOf(organizationId: string): Promise<PharmacyStatement>;
}

const feeKinds: readonly FeeMovementKind[] = ['claimFee', 'claimFeeReversal', 'topUp'];
const feeKindOf = (kind: string): FeeMovementKind => feeKinds.find((k) => k === kind) ?? 'other';

/**
 * The pharmacy's fee account: a prepay account in payments holding the dollars its
 * claim fees are taken from. The admin (`admin`, the portal's check) adds funds by card and
 * reads the statement; the admins are e-mailed when a fee takes the balance under the low mark.
 */
export function createPharmacyFeesService(deps: {
  repo: Pick<PharmacyRepo, 'organization'>;
  accounts: Pick<AccountsPort, 'membersOf' | 'loginId' | 'holderContact'>;
  payments: Pick<
    PaymentsPort,
    'prepayBalance' | 'quote' | 'charge' | 'creditPrepay' | 'prepayEntries' | 'cardsOnFile'
  >;
  audit: AuditService;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  claimFeeCents: number;
  /** The caller as the pharmacy's admin, else a 403 (the portal's check). */
  admin: (actor: Actor) => Promise<PharmacyStaff>;
}): PharmacyFeesService {
  const { admin } = deps;

  async function statementOf(organizationId: string): Promise<PharmacyStatement> {
    const balance = await deps.payments.prepayBalance(organizationId);
    const entries = await deps.payments.prepayEntries(organizationId, 500);
    // Newest first: each movement left the balance the ones after it started from.
    let after = balance;
    return {
      balance,
      claimFee: deps.claimFeeCents,
      lowBalanceAt: lowFeeBalanceCents(deps.claimFeeCents),
      entries: entries.map((e) => {
        const kind = feeKindOf(e.kind);
        const row = {
          id: e.id,
          kind,
          amount: e.amountCents,
          visitId: kind === 'claimFee' || kind === 'claimFeeReversal' ? e.relatedId : null,
          chargeId: kind === 'topUp' ? e.relatedId : null,
          at: e.createdAt.toISOString(),
          balanceAfter: after,
        };
        after -= e.amountCents;
        return row;
      }),
    };
  }

  return {
    statementOf,

    async addFunds(actor, input) {
      const found = await admin(actor);
      const organization = found.organization;
      const cents = input.amount * 100;
      const item = `pharmacy-funds:${organization.id}:${input.idempotencyKey}`;
      // No card named: the admin's first valid card on file (as a prepay renewal picks one).
      const card =
        input.payProfileID ??
        (await deps.payments.cardsOnFile(actor.accountId)).find((c) => c.valid)?.profileId ??
        null;
      const quote = await deps.payments.quote(actor.accountId, item, cents);
      const charge = await deps.payments.charge(
        actor.accountId,
        {
          priceToken: quote.priceToken,
          paymentProfileId: card,
          idempotencyKey: item,
          description: `Pharmacy fee account: ${formatUsd(cents)} added`,
        },
        actor,
        item,
      );
      // Credited once per charge: a retried or concurrent top-up with the key finds it.
      const credit = await deps.payments.creditPrepay({
        prepayAccountId: organization.id,
        amountCents: charge.amount,
        idempotencyKey: `topUp:${charge.id}`,
        kind: 'topUp',
        relatedId: charge.id,
        description: 'Funds added by card',
      });
      await deps.audit.record(actor, 'pharmacy.funds.add', null, {
        organizationId: organization.id,
        amountCents: charge.amount,
        chargeId: charge.id,
        prepayEntryId: credit.entryId,
      });
      return statementOf(organization.id);
    },

    async statement(actor) {
      const found = await admin(actor);
      return statementOf(found.organization.id);
    },

    async feeTaken(organizationId, balanceAfter, feeCents) {
      if (!crossedLowFeeBalance(balanceAfter + feeCents, balanceAfter, feeCents)) return;
      const organization = await deps.repo.organization(organizationId);
      if (!organization) return;
      const members = await deps.accounts.membersOf(organizationId);
      for (const member of members.filter((m) => m.role === 'pharmacyAdmin')) {
        const to = await deps.accounts.loginId(member.accountId);
        if (!to) continue;
        const contact = await deps.accounts.holderContact(member.accountId);
        const lang = contact?.language === 'es' ? 'es' : 'en';
        const params = {
          pharmacy: organization.name,
          balance: formatUsd(balanceAfter),
          count: lowBalanceFees,
          fee: formatUsd(feeCents),
          link: `${deps.publicUrl}/#/pharmacists`,
        };
        await deps.mailer.send({
          to,
          subject: translate(lang, 'pharmacy.mail.lowBalance.subject', params),
          text: translate(lang, 'pharmacy.mail.lowBalance.body', params),
        });
      }
    },
  };
}
