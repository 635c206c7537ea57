import { randomBytes } from 'node:crypto';
import { hasPermission, readyRxPermission } from '@apothecall/domain/accounts/roles.rules';
import { translate } from '@apothecall/domain/i18n/catalog';
import {
  crossedLowFeeBalance,
  lowBalanceFees,
  lowFeeBalanceCents,
} from '@apothecall/domain/pharmacy/fee-account.rules';
import {
  pharmacyServedStates,
  pharmacyServesState,
} from '@apothecall/domain/pharmacy/pharmacy-dashboard.rules';
import type {
  FeeMovementKind,
  InvitePharmacistRequest,
  PharmacistView,
  PharmacyMe,
  PharmacyStatement,
  pharmacyAddFundsRequestSchema,
  RxLinkView,
  RxPharmacyChoice,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { rxLinksPageSize } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { formatUsd } from '@apothecall/domain/pricing/pricing.rules';
import type { RxLink } from '@apothecall/domain/rx/rx.schemas';
import { rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { Mailer } from '../../platform/mail.service';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmacyPort, PharmacyRole, PharmacyStaff } from './pharmacy.port';
import type {
  PharmacistGrantRecord,
  PharmacyLinkRecord,
  PharmacyOrganizationRecord,
  PharmacyRepo,
} from './pharmacy.repo';

export interface PharmacyPortalService extends Omit<PharmacyPort, 'verification'> {
  me(actor: Actor): Promise<Omit<PharmacyMe, 'error'>>;
  pharmacists(actor: Actor): Promise<PharmacistView[]>;
  invite(
    actor: Actor,
    input: InvitePharmacistRequest & { links: string[] },
  ): Promise<PharmacistView>;
  revoke(actor: Actor, grantId: string): Promise<PharmacistView>;
  links(actor: Actor): Promise<RxLinkView[]>;
  /** The links screen's page (issue 36, finding 14): newest first, matching `query`. */
  searchLinks(
    actor: Actor,
    input: { query: string; page: number },
  ): Promise<{ links: RxLinkView[]; page: number; pageSize: number; total: number }>;
  createLink(actor: Actor, input: RxLink): Promise<RxLinkView>;
  deleteLink(actor: Actor, id: string): Promise<void>;
  /** Verified pharmacies a patient in `state` may send an Rx visit to. */
  choices(state: string): Promise<RxPharmacyChoice[]>;
  /** Adds dollars to the fee account by the admin's card, once per key (admin). */
  addFunds(
    actor: Actor,
    input: z.output<typeof pharmacyAddFundsRequestSchema>,
  ): Promise<PharmacyStatement>;
  /** The fee account's balance and movements, newest first (admin). */
  statement(actor: Actor): Promise<PharmacyStatement>;
  /** Any pharmacy's fee account, as `statement` answers it (the back office's read; issue 35). */
  statementOf(organizationId: string): Promise<PharmacyStatement>;
}

const feeKinds: readonly FeeMovementKind[] = ['claimFee', 'claimFeeReversal', 'topUp'];
const feeKindOf = (kind: string): FeeMovementKind => feeKinds.find((k) => k === kind) ?? 'other';

const isPharmacyRole = (role: string): role is PharmacyRole =>
  role === 'pharmacyAdmin' || role === 'pharmacist';

/** A link code: 12 characters of base32, not guessable, fine in a URL (it names no one). */
function newLinkId(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(randomBytes(12), (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * The pharmacy portal's organisation side (issue 15): who a pharmacy's staff are, pharmacists'
 * grants (invite by e-mail with states, links, claimed-only; revoke ends their sessions), Rx
 * links, and which verified pharmacy a patient's Rx visit goes to. The visits themselves are
 * the Rx area's; it asks this service who may see what.
 */
export function createPharmacyPortalService(deps: {
  repo: PharmacyRepo;
  accounts: Pick<
    AccountsPort,
    | 'membership'
    | 'membersOf'
    | 'displayName'
    | 'inviteStaff'
    | 'disableStaff'
    | 'loginId'
    | 'holderContact'
  >;
  payments: Pick<
    PaymentsPort,
    'prepayBalance' | 'quote' | 'charge' | 'creditPrepay' | 'prepayEntries' | 'cardsOnFile'
  >;
  audit: AuditService;
  mailer: Mailer;
  publicUrl: string;
  claimFeeCents: number;
  now?: () => Date;
}): PharmacyPortalService {
  const now = deps.now ?? (() => new Date());

  async function staffOf(accountId: string): Promise<PharmacyStaff | undefined> {
    const member = await deps.accounts.membership(accountId);
    if (
      !member ||
      member.disabled ||
      member.organizationType !== 'pharmacy' ||
      !member.organizationId ||
      !isPharmacyRole(member.role)
    ) {
      return undefined;
    }
    const organization = await deps.repo.organization(member.organizationId);
    if (!organization) return undefined;
    const readyRx = hasPermission(member.permissions, readyRxPermission);
    if (member.role === 'pharmacyAdmin') {
      return { accountId, organization, role: 'pharmacyAdmin', readyRx, grant: null };
    }
    const grant = await deps.repo.grantOf(accountId);
    if (!grant || grant.revokedAt || grant.organizationId !== organization.id) return undefined;
    return { accountId, organization, role: 'pharmacist', readyRx, grant };
  }

  async function staff(actor: Actor) {
    const found = await staffOf(actor.accountId);
    if (!found) {
      // Refused by role like every other area (the API's 'Unauthorized.'), and audited.
      await deps.audit.denied(actor, 'pharmacy.staffOnly', null, { reason: 'not-pharmacy-staff' });
      throw new AppError(403, 'PHARMACY_ONLY', 'navigation.unauthorized');
    }
    return found;
  }

  async function admin(actor: Actor) {
    const found = await staff(actor);
    if (found.role !== 'pharmacyAdmin') {
      throw new AppError(403, 'PHARMACY_ADMIN_ONLY', 'pharmacy.adminOnly');
    }
    return found;
  }

  /** Links: staff with the readyrx permission (spec guard step 4: readyrx opens /links). */
  async function linkManager(actor: Actor) {
    const found = await staff(actor);
    if (!found.readyRx) {
      throw new AppError(403, 'PHARMACY_ADMIN_ONLY', 'pharmacy.adminOnly');
    }
    if (!found.organization.verifiedAt) {
      throw new AppError(403, 'PHARMACY_UNVERIFIED', 'pharmacy.unverified');
    }
    return found;
  }

  async function pharmacistView(grant: PharmacistGrantRecord): Promise<PharmacistView> {
    return {
      id: grant.id,
      email: grant.email,
      name: (await deps.accounts.displayName(grant.accountId)) ?? '',
      states: grant.states,
      links: grant.links,
      claimedOnly: grant.claimedOnly,
      invitedAt: grant.createdAt.toISOString(),
      revokedAt: grant.revokedAt ? grant.revokedAt.toISOString() : null,
    };
  }

  const linkView = (link: PharmacyLinkRecord): RxLinkView => ({
    id: link.id,
    screenId: link.screenId,
    medListId: link.medListId,
    comment: link.comment,
    url: `${deps.publicUrl}/#/rx?id=${encodeURIComponent(link.id)}&company=${encodeURIComponent(link.organizationId)}`,
    createdAt: link.createdAt.toISOString(),
  });

  const serves = (organization: PharmacyOrganizationRecord, state: string) =>
    pharmacyServesState(organization, state);

  async function resolveLink(id: string) {
    const link = await deps.repo.link(id);
    if (!link) return undefined;
    const organization = await deps.repo.organization(link.organizationId);
    if (!organization?.verifiedAt) return undefined;
    return { link, organization };
  }

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
    staffOf,
    staff,
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

    async verifiedStaff(actor) {
      const found = await staff(actor);
      if (!found.organization.verifiedAt) {
        throw new AppError(403, 'PHARMACY_UNVERIFIED', 'pharmacy.unverified');
      }
      return found;
    },

    async me(actor) {
      const found = await staff(actor);
      const o = found.organization;
      return {
        organization: {
          id: o.id,
          name: o.name,
          ncpdpId: o.ncpdpId,
          npi: o.npi,
          city: o.city,
          state: o.state,
          acceptsErx: o.acceptsErx,
          verified: o.verifiedAt !== null,
          serviceStates: pharmacyServedStates(o),
          prepayBalance: await deps.payments.prepayBalance(o.id),
          claimFee: deps.claimFeeCents,
        },
        role: found.role,
        grant: found.grant
          ? {
              states: found.grant.states,
              links: found.grant.links,
              claimedOnly: found.grant.claimedOnly,
            }
          : null,
      };
    },

    async pharmacists(actor) {
      const found = await admin(actor);
      const grants = await deps.repo.grantsOf(found.organization.id);
      return Promise.all(grants.map(pharmacistView));
    },

    async invite(actor, input) {
      const found = await admin(actor);
      const organization = found.organization;
      const own = new Set((await deps.repo.linksOf(organization.id)).map((l) => l.id));
      if (input.links.some((id) => !own.has(id))) {
        throw new AppError(400, 'VALIDATION', 'pharmacy.invite.linkUnknown', undefined, {
          field: 'links',
        });
      }
      const params = { pharmacy: organization.name };
      const outcome = await deps.accounts.inviteStaff(actor, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'pharmacist',
        organizationType: 'pharmacy',
        organizationId: organization.id,
        brandId: (await actor.brand()).id,
        language: actor.lang,
        mail: (link) => ({
          subject: translate(actor.lang, 'pharmacy.mail.invite.subject', params),
          text: translate(actor.lang, 'pharmacy.mail.invite.body', { ...params, link }),
        }),
      });
      if (!outcome.ok) {
        throw new AppError(
          409,
          'INVITE_EXISTS',
          outcome.reason === 'sending' ? 'pharmacy.invite.sending' : 'pharmacy.invite.exists',
        );
      }
      const grant = await deps.repo.saveGrant(
        {
          organizationId: organization.id,
          accountId: outcome.accountId,
          email: input.email.trim().toLowerCase(),
          states: [...new Set(input.states)].sort(),
          links: [...new Set(input.links)],
          claimedOnly: input.claimedOnly ?? false,
          invitedBy: actor.accountId,
        },
        now(),
      );
      await deps.audit.record(
        actor,
        'pharmacy.pharmacist.grant',
        { accountId: grant.accountId },
        {
          organizationId: organization.id,
          states: grant.states,
          links: grant.links.length,
          claimedOnly: grant.claimedOnly,
        },
      );
      return pharmacistView(grant);
    },

    async revoke(actor, grantId) {
      const found = await admin(actor);
      const grant = /^[0-9a-f-]{36}$/i.test(grantId) ? await deps.repo.grant(grantId) : undefined;
      if (!grant || grant.organizationId !== found.organization.id) throw appErrors.notFound();
      const revoked = (await deps.repo.revokeGrant(grant.id, now())) ?? grant;
      // The login ends with the grant: its sessions are gone before this answers.
      await deps.accounts.disableStaff(actor, grant.accountId, 'pharmacist-revoked');
      await deps.audit.record(
        actor,
        'pharmacy.pharmacist.revoke',
        { accountId: grant.accountId },
        {
          organizationId: found.organization.id,
        },
      );
      return pharmacistView(revoked);
    },

    async links(actor) {
      const found = await linkManager(actor);
      return (await deps.repo.linksOf(found.organization.id)).map(linkView);
    },

    async searchLinks(actor, input) {
      const found = await linkManager(actor);
      const words = input.query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
      const matching = (await deps.repo.linksOf(found.organization.id)).filter((link) => {
        if (words.length === 0) return true;
        const product = rxProductById(link.screenId);
        const text = [
          link.id,
          link.screenId,
          product ? translate(actor.lang, product.nameKey) : '',
          link.medListId ?? '',
          link.comment ?? '',
        ]
          .join(' ')
          .toLocaleLowerCase();
        return words.every((word) => text.includes(word));
      });
      const start = (input.page - 1) * rxLinksPageSize;
      return {
        links: matching.slice(start, start + rxLinksPageSize).map(linkView),
        page: input.page,
        pageSize: rxLinksPageSize,
        total: matching.length,
      };
    },

    async createLink(actor, input) {
      const found = await linkManager(actor);
      if (!rxProductById(input.screenId)) {
        throw new AppError(400, 'VALIDATION', 'pharmacy.link.productUnknown', undefined, {
          field: 'screenId',
        });
      }
      const link = await deps.repo.insertLink({
        id: newLinkId(),
        organizationId: found.organization.id,
        screenId: input.screenId,
        medListId: input.medListId ?? null,
        comment: input.comment ?? null,
      });
      await deps.audit.record(actor, 'pharmacy.link.create', null, {
        organizationId: found.organization.id,
        linkId: link.id,
      });
      return linkView(link);
    },

    async deleteLink(actor, id) {
      const found = await linkManager(actor);
      if (!(await deps.repo.deleteLink(found.organization.id, id, now()))) {
        throw appErrors.notFound();
      }
      await deps.audit.record(actor, 'pharmacy.link.delete', null, {
        organizationId: found.organization.id,
        linkId: id,
      });
    },

    async choices(state) {
      const found = await deps.repo.verifiedServing(state);
      return found.map((o) => ({
        id: o.id,
        name: o.name,
        address: [o.address1, o.address2].filter(Boolean).join(', '),
        city: o.city,
        state: o.state,
        phone: o.phone,
      }));
    },

    resolveLink,

    async routeFor(input) {
      if (input.linkId) {
        const resolved = await resolveLink(input.linkId);
        if (!resolved) {
          throw new AppError(400, 'PHARMACY_NOT_AVAILABLE', 'pharmacy.rx.linkUnknown', undefined, {
            field: 'linkId',
          });
        }
        if (!serves(resolved.organization, input.state)) {
          throw new AppError(400, 'PHARMACY_NOT_AVAILABLE', 'pharmacy.rx.notAvailable', {
            state: input.state,
          });
        }
        return { pharmacyId: resolved.organization.id, linkId: resolved.link.id };
      }
      if (!input.pharmacyId) return { pharmacyId: null, linkId: null };
      const organization = await deps.repo.organization(input.pharmacyId);
      if (!organization?.verifiedAt || !serves(organization, input.state)) {
        throw new AppError(400, 'PHARMACY_NOT_AVAILABLE', 'pharmacy.rx.notAvailable', {
          state: input.state,
        });
      }
      return { pharmacyId: organization.id, linkId: null };
    },

    organization: (id) => deps.repo.organization(id),

    organizations() {
      return deps.repo.organizations();
    },

    async staffAccounts(organizationId) {
      const members = await deps.accounts.membersOf(organizationId);
      const grants = await deps.repo.grantsOf(organizationId);
      const active = new Set(grants.filter((g) => !g.revokedAt).map((g) => g.accountId));
      return members
        .filter((m) => m.role === 'pharmacyAdmin' || active.has(m.accountId))
        .map((m) => m.accountId);
    },

    allLinksOf: (organizationId) => deps.repo.allLinksOf(organizationId),
  };
}
