import { hasPermission, readyRxPermission } from '@apothecall/domain/accounts/roles.rules';
import { translate } from '@apothecall/domain/i18n/catalog';
import { pharmacyServedStates } from '@apothecall/domain/pharmacy/pharmacy-dashboard.rules';
import type {
  InvitePharmacistRequest,
  PharmacistView,
  PharmacyMe,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { Mailer } from '../../platform/mail.service';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmacyPort, PharmacyRole, PharmacyStaff } from './pharmacy.port';
import type { PharmacistGrantRecord, PharmacyRepo } from './pharmacy.repo';
import { createPharmacyFeesService, type PharmacyFeesService } from './pharmacy-fees.service';
import { createPharmacyLinksService, type PharmacyLinksService } from './pharmacy-links.service';

export interface PharmacyPortalService
  extends Omit<PharmacyPort, 'verification'>,
    PharmacyLinksService,
    PharmacyFeesService {
  me(actor: Actor): Promise<Omit<PharmacyMe, 'error'>>;
  pharmacists(actor: Actor): Promise<PharmacistView[]>;
  invite(
    actor: Actor,
    input: InvitePharmacistRequest & { links: string[] },
  ): Promise<PharmacistView>;
  revoke(actor: Actor, grantId: string): Promise<PharmacistView>;
}

const isPharmacyRole = (role: string): role is PharmacyRole =>
  role === 'pharmacyAdmin' || role === 'pharmacist';

/**
 * The pharmacy portal's organisation side: who a pharmacy's staff are, pharmacists'
 * grants (invite by e-mail with states, links, claimed-only; revoke ends their sessions), Rx
 * links, and which verified pharmacy a patient's Rx visit goes to. The visits themselves are
 * the Rx area's; it asks this service who may see what. The Rx links and routing are
 * pharmacy-links.service.ts's and the fee account pharmacy-fees.service.ts's, each behind this
 * service's staff checks.
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
    // The organisation and the account's grant in one read (an admin's grant goes unused).
    const found = await deps.repo.organizationAndGrant(member.organizationId, accountId);
    if (!found) return undefined;
    const { organization, grant } = found;
    const readyRx = hasPermission(member.permissions, readyRxPermission);
    if (member.role === 'pharmacyAdmin') {
      return { accountId, organization, role: 'pharmacyAdmin', readyRx, grant: null };
    }
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

  const fees = createPharmacyFeesService({ ...deps, admin });
  const links = createPharmacyLinksService({ ...deps, linkManager, now });

  return {
    ...fees,
    ...links,
    staffOf,
    staff,

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

    organization: (id) => deps.repo.organization(id),
    organizationsIn: (ids) => deps.repo.organizationsIn(ids),

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
  };
}
