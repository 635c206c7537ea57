import type { BackOfficeArea } from '@apothecall/domain/backoffice/backoffice.rules';
import { translate } from '@apothecall/domain/i18n/catalog';
import { providerCredentialSchema } from '@apothecall/domain/notes/notes.schemas';
import type {
  inviteProviderRequestSchema,
  ProviderAdminView,
  ProviderPractice,
  ProviderPracticeView,
  putLicenceRequestSchema,
} from '@apothecall/domain/providers/providers.api';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { backOfficeGate } from '../../platform/back-office';
import { AppError } from '../../platform/errors';
import type { AccountsPort } from '../accounts/accounts.port';
import type { CarePort } from '../care/care.port';
import type { ProviderProfileRecord, RosterPort } from '../clinic/roster.port';
import type { RxPort } from '../rx/rx.port';

type Invite = z.output<typeof inviteProviderRequestSchema>;
type Licence = z.output<typeof putLicenceRequestSchema> & { state: string };

export interface ProvidersAdminService {
  list(actor: Actor): Promise<ProviderAdminView[]>;
  get(actor: Actor, id: string): Promise<ProviderAdminView>;
  invite(actor: Actor, input: Invite): Promise<ProviderAdminView>;
  putLicence(actor: Actor, id: string, licence: Licence): Promise<ProviderAdminView>;
  /** Enters or replaces the practice printed on the provider's notes and prescriptions. */
  putPractice(actor: Actor, id: string, practice: ProviderPractice): Promise<ProviderAdminView>;
  removeLicence(actor: Actor, id: string, state: string): Promise<ProviderAdminView>;
  deactivate(actor: Actor, id: string): Promise<{ provider: ProviderAdminView; released: number }>;
  reactivate(actor: Actor, id: string): Promise<ProviderAdminView>;
}

const area: BackOfficeArea = 'providers';

/** The practice block of a stored credential, or null when a note could not print it. */
function practiceOf(credential: Record<string, unknown> | undefined): ProviderPracticeView | null {
  const parsed = providerCredentialSchema.safeParse(credential);
  if (!parsed.success) return null;
  const { address, fax, clientNumber } = parsed.data;
  return { ...address, fax, clientNumber };
}
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The back office's providers area: the admin reads and changes, support reads
 * (backoffice.rules `mayBackOffice(role, 'providers', need)`), anyone else is refused 403 and the
 * refusal audited. A provider is an account with the provider role and a clinic profile. The
 * invitation is the staff invite every organisation uses (a login with no usable password and a
 * 7-day set-password link by e-mail); deactivating disables the login (its sessions end at once)
 * and puts its unfinished visits back in the line (on-demand visits in progress, Rx reviews
 * started), each patient told.
 */
export function createProvidersAdminService(deps: {
  accounts: Pick<
    AccountsPort,
    | 'membership'
    | 'displayName'
    | 'loginId'
    | 'role'
    | 'inviteStaff'
    | 'disableStaff'
    | 'enableStaff'
  >;
  roster: Pick<
    RosterPort,
    | 'profile'
    | 'profiles'
    | 'npiOwner'
    | 'saveProfile'
    | 'licenceRecords'
    | 'saveLicence'
    | 'removeLicence'
    | 'presentNow'
  >;
  care: Pick<CarePort, 'releaseProviderVisits'>;
  rx: Pick<RxPort, 'releaseReviews'>;
  audit: AuditService;
}): ProvidersAdminService {
  const gate = backOfficeGate({ membership: deps.accounts.membership, audit: deps.audit });
  const allow = (actor: Actor, need: 'read' | 'write', action: string) =>
    gate(actor, area, need, action);

  async function view(
    profile: ProviderProfileRecord,
    present: ReadonlySet<string>,
  ): Promise<ProviderAdminView> {
    const id = profile.accountId;
    const [name, email, member, licences] = await Promise.all([
      deps.accounts.displayName(id),
      deps.accounts.loginId(id),
      deps.accounts.membership(id),
      deps.roster.licenceRecords(id),
    ]);
    return {
      id,
      name: name ?? '',
      email: email ?? '',
      npi: profile.npi,
      credentials: profile.suffix,
      dea: profile.dea ?? null,
      active: member ? !member.disabled : false,
      onDuty: present.has(id),
      licences,
      practice: practiceOf(profile.credential),
    };
  }

  /** The provider by id: an account with the provider role and a profile; else 404. */
  async function provider(id: string): Promise<ProviderAdminView> {
    const profile = uuid.test(id) ? await deps.roster.profile(id) : undefined;
    if (!profile || (await deps.accounts.role(id)) !== 'provider') {
      throw new AppError(404, 'NOT_FOUND', 'providers.notFound');
    }
    return view({ accountId: id, ...profile }, new Set(await deps.roster.presentNow()));
  }

  return {
    async list(actor) {
      await allow(actor, 'read', 'providers.list');
      const present = new Set(await deps.roster.presentNow());
      const profiles = await deps.roster.profiles();
      const views: ProviderAdminView[] = [];
      for (const profile of profiles) {
        if ((await deps.accounts.role(profile.accountId)) !== 'provider') continue;
        views.push(await view(profile, present));
      }
      await deps.audit.record(actor, 'providers.list', null, { count: views.length });
      return views.sort((a, b) => a.name.localeCompare(b.name));
    },

    async get(actor, id) {
      await allow(actor, 'read', 'providers.read');
      const found = await provider(id);
      await deps.audit.record(actor, 'providers.read', { accountId: found.id }, {});
      return found;
    },

    async invite(actor, input) {
      await allow(actor, 'write', 'providers.invite');
      // One NPI, one provider: inviting again with the same address re-sends the link.
      const owner = await deps.roster.npiOwner(input.npi);
      if (owner && (await deps.accounts.loginId(owner)) !== input.email.trim().toLowerCase()) {
        await deps.audit.denied(actor, 'providers.invite', { accountId: owner }, { reason: 'npi' });
        throw new AppError(409, 'INVITE_EXISTS', 'providers.npiTaken');
      }
      const brand = await actor.brand();
      const name = `${input.firstName.trim()} ${input.lastName.trim()}`;
      const outcome = await deps.accounts.inviteStaff(actor, {
        email: input.email,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        role: 'provider',
        organizationType: 'clinic',
        organizationId: brand.id,
        brandId: brand.id,
        language: actor.lang,
        mail: (link) => ({
          subject: translate(actor.lang, 'providers.mail.invite.subject'),
          text: translate(actor.lang, 'providers.mail.invite.body', { name, link }),
        }),
      });
      if (!outcome.ok) {
        throw new AppError(
          409,
          'INVITE_EXISTS',
          outcome.reason === 'sending' ? 'providers.inviteSending' : 'providers.inviteExists',
        );
      }
      const before = await deps.roster.profile(outcome.accountId);
      await deps.roster.saveProfile({
        accountId: outcome.accountId,
        suffix: input.credentials.trim(),
        npi: input.npi,
        dea: input.dea ?? null,
        // The printed block keeps what an earlier profile had; the NPI is the one given now.
        credential: { ...(before?.credential ?? {}), npi: input.npi },
      });
      await deps.audit.record(
        actor,
        'providers.invite',
        { accountId: outcome.accountId },
        {
          created: outcome.created,
          credentials: input.credentials.trim(),
          dea: Boolean(input.dea),
        },
      );
      return provider(outcome.accountId);
    },

    async putLicence(actor, id, licence) {
      await allow(actor, 'write', 'providers.licence');
      const found = await provider(id);
      const before = found.licences.find((l) => l.state === licence.state);
      await deps.roster.saveLicence(found.id, licence);
      await deps.audit.record(
        actor,
        'providers.licence.save',
        { accountId: found.id },
        {
          state: licence.state,
          expiresOn: licence.expiresOn,
          previousExpiresOn: before?.expiresOn ?? null,
          added: !before,
        },
      );
      return provider(found.id);
    },

    async putPractice(actor, id, practice) {
      await allow(actor, 'write', 'providers.practice');
      const found = await provider(id);
      const profile = await deps.roster.profile(found.id);
      if (!profile) throw new AppError(404, 'NOT_FOUND', 'providers.notFound');
      const { name, line1, line2, phone, fax, clientNumber } = practice;
      await deps.roster.saveProfile({
        accountId: found.id,
        suffix: profile.suffix,
        npi: profile.npi,
        dea: profile.dea ?? null,
        credential: {
          address: { name, line1, line2, phone },
          fax,
          npi: profile.npi,
          clientNumber,
        },
      });
      // The practice is the provider's business address, not a patient's: before and after are
      // kept whole, so the audit shows what changed.
      await deps.audit.record(
        actor,
        'providers.practice.save',
        { accountId: found.id },
        { before: found.practice, after: { name, line1, line2, phone, fax, clientNumber } },
      );
      return provider(found.id);
    },

    async removeLicence(actor, id, state) {
      await allow(actor, 'write', 'providers.licence');
      const found = await provider(id);
      if (!(await deps.roster.removeLicence(found.id, state))) {
        throw new AppError(404, 'NOT_FOUND', 'providers.licenceMissing', { state });
      }
      await deps.audit.record(
        actor,
        'providers.licence.remove',
        { accountId: found.id },
        { state },
      );
      return provider(found.id);
    },

    async deactivate(actor, id) {
      await allow(actor, 'write', 'providers.deactivate');
      const found = await provider(id);
      // The login first (sessions end, no new claim), then their visits go back to the line.
      await deps.accounts.disableStaff(actor, found.id, 'provider-deactivated');
      const released =
        (await deps.care.releaseProviderVisits(actor, found.id)) +
        (await deps.rx.releaseReviews(actor, found.id));
      await deps.audit.record(actor, 'providers.deactivate', { accountId: found.id }, { released });
      return { provider: await provider(found.id), released };
    },

    async reactivate(actor, id) {
      await allow(actor, 'write', 'providers.reactivate');
      const found = await provider(id);
      await deps.accounts.enableStaff(actor, found.id);
      await deps.audit.record(actor, 'providers.reactivate', { accountId: found.id }, {});
      return provider(found.id);
    },
  };
}
