import type { BackOfficeAccess } from '@apothecall/domain/backoffice/backoffice.rules';
import type {
  PharmacyDetail,
  PharmacySummary,
  RegistryRow,
} from '@apothecall/domain/backoffice/pharmacies.api';
import {
  compareWithRegistry,
  isNcpdpQuery,
  matchesRegistry,
  maxRegistryResults,
  pharmacyKeyOf,
} from '@apothecall/domain/backoffice/pharmacies.rules';
import { translate } from '@apothecall/domain/i18n/catalog';
import { checkAgainstRegistry } from '@apothecall/domain/pharmacy/ncpdp.rules';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { backOfficeGate } from '../../platform/back-office';
import { AppError, appErrors } from '../../platform/errors';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmaciesAdminRepo } from './pharmacies-admin.repo';
import type { PharmacyOrganizationRecord } from './pharmacy.port';
import type { PharmacyPortalService } from './pharmacy-portal.service';

/** How many fee-account movements the pharmacy's page shows. */
export const feeEntriesShown = 20;

export interface PharmaciesAdminService {
  searchRegistry(actor: Actor, query: string): Promise<RegistryRow[]>;
  onboard(actor: Actor, ncpdpId: string): Promise<PharmacyDetail>;
  list(actor: Actor): Promise<PharmacySummary[]>;
  /** How many pharmacies await verification (the admin's Home; only who may verify). */
  unverifiedCount(actor: Actor): Promise<number>;
  detail(actor: Actor, id: string): Promise<PharmacyDetail>;
  setVerified(
    actor: Actor,
    id: string,
    action: 'verify' | 'unverify',
    reason: string,
  ): Promise<PharmacyDetail>;
  inviteAdmin(
    actor: Actor,
    id: string,
    input: { name: string; email: string },
  ): Promise<PharmacyDetail>;
  /** Gives a claim fee back to the pharmacy's fee account, once, with a reason. */
  refundFee(actor: Actor, id: string, entryId: string, reason: string): Promise<PharmacyDetail>;
}

/** 'Ana María López' -> Ana María / López; one word is a first name. */
function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  if (words.length === 1) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) ?? '' };
}

/**
 * The back office's pharmacies area: the operator searches the NCPDP registry and
 * onboards a pharmacy from its row (unverified, held for the operator), reads every pharmacy
 * with its details against the registry, verifies it (only when the registry confirms its
 * address, phone and fax: spec section 2) or unverifies it, each with a reason, and invites its
 * administrator with a set-your-password link (the pharmacist invite's mechanism). Every call
 * checks the caller's back-office access to 'pharmacies' (read, or write for a change); every
 * change is audited. An unverified pharmacy's staff are refused at once: the portal reads
 * `verifiedAt` on every call.
 */
export function createPharmaciesAdminService(deps: {
  repo: PharmaciesAdminRepo;
  organization: (id: string) => Promise<PharmacyOrganizationRecord | undefined>;
  portal: Pick<PharmacyPortalService, 'statementOf'>;
  payments: Pick<PaymentsPort, 'prepayEntries' | 'creditPrepay'>;
  accounts: Pick<
    AccountsPort,
    'membership' | 'membersOf' | 'displayName' | 'loginId' | 'inviteStaff'
  >;
  audit: AuditService;
  now?: () => Date;
}): PharmaciesAdminService {
  const now = deps.now ?? (() => new Date());

  const gate = backOfficeGate({ membership: deps.accounts.membership, audit: deps.audit });
  const allow = (actor: Actor, need: Exclude<BackOfficeAccess, 'none'>) =>
    gate(actor, 'pharmacies', need);

  async function organizationOf(id: string): Promise<PharmacyOrganizationRecord> {
    const found = await deps.organization(id);
    if (!found) throw appErrors.notFound();
    return found;
  }

  async function adminsOf(organizationId: string) {
    const members = await deps.accounts.membersOf(organizationId);
    const admins = [];
    for (const m of members.filter((m) => m.role === 'pharmacyAdmin')) {
      admins.push({
        name: (await deps.accounts.displayName(m.accountId)) ?? '',
        email: (await deps.accounts.loginId(m.accountId)) ?? '',
      });
    }
    return admins;
  }

  async function detailOf(o: PharmacyOrganizationRecord): Promise<PharmacyDetail> {
    const entry = await deps.repo.registryEntry(o.ncpdpId);
    const events = await deps.repo.events(o.id);
    const names = new Map<string, string>();
    for (const e of events) {
      if (e.actorAccountId && !names.has(e.actorAccountId)) {
        names.set(e.actorAccountId, (await deps.accounts.displayName(e.actorAccountId)) ?? '');
      }
    }
    const statement = await deps.portal.statementOf(o.id);
    return {
      id: o.id,
      name: o.name,
      ncpdpId: o.ncpdpId,
      npi: o.npi,
      address1: o.address1,
      address2: o.address2,
      city: o.city,
      state: o.state,
      zip: o.zip,
      phone: o.phone,
      fax: o.fax,
      serviceStates: o.serviceStates,
      verified: o.verifiedAt !== null,
      verifiedAt: o.verifiedAt ? o.verifiedAt.toISOString() : null,
      listed: entry !== undefined,
      comparison: compareWithRegistry(o, entry),
      history: events.map((e) => ({
        action: e.action,
        reason: e.reason,
        by: e.actorAccountId ? (names.get(e.actorAccountId) ?? '') : '',
        at: e.createdAt.toISOString(),
      })),
      admins: await adminsOf(o.id),
      fees: {
        balance: statement.balance,
        claimFee: statement.claimFee,
        entries: statement.entries.slice(0, feeEntriesShown),
      },
    };
  }

  return {
    async searchRegistry(actor, query) {
      await allow(actor, 'read');
      const q = query.trim();
      const rows = await deps.repo.searchRegistry(
        isNcpdpQuery(q) ? { ncpdpPrefix: q } : { name: q },
        maxRegistryResults,
      );
      const onboarded = await deps.repo.organizationsByNcpdp(rows.map((r) => r.ncpdpId));
      return rows.map((r) => ({
        ...r,
        onboardedAs: onboarded.find((o) => o.ncpdpId === r.ncpdpId)?.id ?? null,
      }));
    },

    async onboard(actor, ncpdpId) {
      await allow(actor, 'write');
      const entry = await deps.repo.registryEntry(ncpdpId);
      if (!entry) {
        throw new AppError(
          400,
          'VALIDATION',
          'backoffice.pharmacies.notInRegistry',
          { ncpdpId },
          {
            field: 'ncpdpId',
          },
        );
      }
      const duplicate = async () => {
        const [existing] = await deps.repo.organizationsByNcpdp([ncpdpId]);
        return new AppError(
          409,
          'PHARMACY_ALREADY_ONBOARDED',
          'backoffice.pharmacies.alreadyOnboarded',
          {
            ncpdpId,
            name: existing?.name ?? entry.name,
          },
        );
      };
      if ((await deps.repo.organizationsByNcpdp([ncpdpId])).length > 0) throw await duplicate();
      const check = checkAgainstRegistry(entry, entry);
      const created = await deps.repo.onboard(
        {
          id: pharmacyKeyOf(entry.name, entry.ncpdpId),
          name: entry.name,
          ncpdpId: entry.ncpdpId,
          npi: entry.npi,
          address1: entry.address1,
          address2: entry.address2,
          city: entry.city,
          state: entry.state,
          zip: entry.zip,
          phone: entry.phone,
          fax: entry.fax,
          serviceStates: entry.state ? [entry.state] : [],
          verifiedAt: null,
          mismatches: [...check.mismatches],
        },
        { reason: '', actorAccountId: actor.accountId, at: now() },
      );
      // Onboarded at the same moment by another request (a double click): the same answer.
      if (!created) throw await duplicate();
      await deps.audit.record(actor, 'backoffice.pharmacy.onboard', null, {
        organizationId: created.id,
        ncpdpId,
      });
      return detailOf(created);
    },

    async unverifiedCount(actor) {
      await allow(actor, 'write');
      return (await deps.repo.organizations()).filter((o) => o.verifiedAt === null).length;
    },

    async list(actor) {
      await allow(actor, 'read');
      const organizations = await deps.repo.organizations();
      const rows: PharmacySummary[] = [];
      for (const o of organizations) {
        rows.push({
          id: o.id,
          name: o.name,
          ncpdpId: o.ncpdpId,
          state: o.state,
          verified: o.verifiedAt !== null,
          admin: (await adminsOf(o.id))[0] ?? null,
        });
      }
      return rows;
    },

    async detail(actor, id) {
      await allow(actor, 'read');
      return detailOf(await organizationOf(id));
    },

    async setVerified(actor, id, action, reason) {
      await allow(actor, 'write');
      const organization = await organizationOf(id);
      const verified = organization.verifiedAt !== null;
      if ((action === 'verify') === verified) {
        throw new AppError(
          409,
          'PHARMACY_VERIFICATION_UNCHANGED',
          verified
            ? 'backoffice.pharmacies.alreadyVerified'
            : 'backoffice.pharmacies.alreadyUnverified',
        );
      }
      const entry = await deps.repo.registryEntry(organization.ncpdpId);
      const comparison = compareWithRegistry(organization, entry);
      if (action === 'verify' && !matchesRegistry(comparison)) {
        const fields = comparison
          .filter((c) => c.result !== 'same')
          .map((c) => translate(actor.lang, `backoffice.pharmacies.compare.${c.field}`))
          .join(', ');
        throw new AppError(
          409,
          'PHARMACY_REGISTRY_DIFFERS',
          'backoffice.pharmacies.registryDiffers',
          {
            fields,
          },
        );
      }
      await deps.repo.decide(organization.id, {
        action,
        reason,
        actorAccountId: actor.accountId,
        at: now(),
        mismatches: checkAgainstRegistry(organization, entry).mismatches,
      });
      await deps.audit.record(actor, `backoffice.pharmacy.${action}`, null, {
        organizationId: organization.id,
        reason,
      });
      return detailOf(await organizationOf(id));
    },

    async inviteAdmin(actor, id, input) {
      await allow(actor, 'write');
      const organization = await organizationOf(id);
      const params = { pharmacy: organization.name, ncpdpId: organization.ncpdpId };
      const outcome = await deps.accounts.inviteStaff(actor, {
        email: input.email,
        ...splitName(input.name),
        role: 'pharmacyAdmin',
        organizationType: 'pharmacy',
        organizationId: organization.id,
        brandId: (await actor.brand()).id,
        language: actor.lang,
        mail: (link) => ({
          subject: translate(actor.lang, 'backoffice.pharmacies.mail.invite.subject', params),
          text: translate(actor.lang, 'backoffice.pharmacies.mail.invite.body', {
            ...params,
            link,
          }),
        }),
      });
      if (!outcome.ok) {
        throw new AppError(
          409,
          'INVITE_EXISTS',
          outcome.reason === 'sending'
            ? 'pharmacy.invite.sending'
            : 'backoffice.pharmacies.inviteExists',
        );
      }
      await deps.audit.record(
        actor,
        'backoffice.pharmacy.admin.invite',
        { accountId: outcome.accountId },
        { organizationId: organization.id, created: outcome.created },
      );
      return detailOf(organization);
    },

    async refundFee(actor, id, entryId, reason) {
      await allow(actor, 'write');
      const organization = await organizationOf(id);
      const entries = await deps.payments.prepayEntries(organization.id, 500);
      const fee = entries.find((e) => e.id === entryId && e.kind === 'claimFee');
      if (!fee?.relatedId) {
        throw new AppError(404, 'NOT_FOUND', 'backoffice.pharmacies.feeNotFound');
      }
      // Each claim fee of the visit may be given back once (by the claim that lost a race, or
      // here): as many reversals as fees means nothing is left to give back.
      const ofVisit = entries.filter((e) => e.relatedId === fee.relatedId);
      const fees = ofVisit.filter((e) => e.kind === 'claimFee').length;
      const reversals = ofVisit.filter((e) => e.kind === 'claimFeeReversal').length;
      if (reversals >= fees) {
        throw new AppError(409, 'PHARMACY_FEE_NOT_REFUNDABLE', 'backoffice.pharmacies.feeRefunded');
      }
      const credit = await deps.payments.creditPrepay({
        prepayAccountId: organization.id,
        amountCents: Math.abs(fee.amountCents),
        // Once per fee entry, even when two operators click at once.
        idempotencyKey: `backoffice-refund:${fee.id}`,
        kind: 'claimFeeReversal',
        relatedId: fee.relatedId,
        description: 'Claim fee given back by the back office',
      });
      await deps.audit.record(actor, 'backoffice.pharmacy.fee.refund', null, {
        organizationId: organization.id,
        feeEntryId: fee.id,
        reversalEntryId: credit.entryId,
        amountCents: Math.abs(fee.amountCents),
        reason,
      });
      return detailOf(organization);
    },
  };
}
