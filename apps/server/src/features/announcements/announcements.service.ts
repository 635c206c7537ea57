import { isRxSubscriptionAdminFor } from '@apothecall/domain/accounts/roles.rules';
import type {
  AnnouncementFields,
  ManagedAnnouncement,
  ManagedAnnouncements,
  PharmacyAnnouncement,
} from '@apothecall/domain/announcements/announcements.api';
import {
  announcementFor,
  announcementStatus,
  dayAfter,
  type PharmacyPlace,
  reaches,
} from '@apothecall/domain/announcements/announcements.rules';
import { localDate, zonedToUtc } from '@apothecall/domain/dates/zones.rules';
import { isLang, type Lang } from '@apothecall/domain/i18n/i18n.rules';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, SchemaError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs/jobs';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type {
  AnnouncementRecord,
  AnnouncementsRepo,
  ManagedAnnouncementRecord,
} from './announcements.repo';

export interface AnnouncementsService {
  /** The writer's announcements (a company's, or all for the platform admin), newest first. */
  managed(actor: Actor): Promise<Omit<ManagedAnnouncements, 'error'>>;
  create(actor: Actor, input: AnnouncementFields): Promise<ManagedAnnouncement>;
  withdraw(actor: Actor, id: string): Promise<ManagedAnnouncement>;
  /** The pharmacy login's current announcements, newest first. */
  current(actor: Actor): Promise<PharmacyAnnouncement[]>;
  dismiss(actor: Actor, id: string): Promise<void>;
  /** The pharmacy logins an announcement reaches (the notice job's fan-out). */
  audience(id: string): Promise<string[]>;
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;
const notFound = () => new AppError(404, 'NOT_FOUND', 'announcements.notFound');

/** Who writes: a company's rx administrator (to its pharmacies) or the platform admin (all). */
interface Writer {
  companyId: string | null;
}

/**
 * Announcements to pharmacies. Writers: the holder of rxSubscriptionAdmin:{company}
 * whose credentials come from that company (its pharmacies: the pharmacy logins registered
 * under that brand) and the platform admin (every pharmacy); anyone else 403. A writer sees and
 * withdraws only what is theirs to write (another company's announcement is 404). Readers:
 * pharmacists and pharmacy administrators (anyone else 403 from the pharmacy port), who see what
 * reaches them (domain `reaches`), current (not withdrawn, not past its expiry) and not dismissed
 * by them. Changes are audited; announcements hold no patient information.
 */
function languageOf(row: AnnouncementRecord): Lang {
  return isLang(row.language) ? row.language : 'en';
}

export function createAnnouncementsService(deps: {
  repo: AnnouncementsRepo;
  accounts: Pick<AccountsPort, 'membership' | 'holderContact'>;
  pharmacy: Pick<PharmacyPort, 'staff' | 'organizations' | 'staffAccounts'>;
  audit: AuditService;
  /** A company's display name (its brand's name); its key when the brand is unknown. */
  companyName: (companyId: string) => Promise<string>;
  /** A new announcement's notices go out as a job (`announcements.notify`: they survive a restart). */
  jobs: Pick<Jobs, 'send'>;
  now?: () => Date;
}): AnnouncementsService {
  const now = deps.now ?? (() => new Date());

  async function writerOf(actor: Actor): Promise<Writer> {
    const member = await deps.accounts.membership(actor.accountId);
    if (member && !member.disabled) {
      if (member.role === 'admin') return { companyId: null };
      if (
        member.organizationId &&
        isRxSubscriptionAdminFor(member.permissions, member.organizationId)
      ) {
        return { companyId: member.organizationId };
      }
    }
    await deps.audit.denied(actor, 'announcements.write', null, {});
    throw new AppError(403, 'ANNOUNCEMENT_WRITERS_ONLY', 'announcements.writersOnly');
  }

  const owns = (writer: Writer, row: AnnouncementRecord) =>
    writer.companyId === null || row.companyId === writer.companyId;

  async function managedView(row: ManagedAnnouncementRecord): Promise<ManagedAnnouncement> {
    return {
      id: row.id,
      title: row.title,
      body: row.body,
      language: languageOf(row),
      translation:
        row.translationTitle && row.translationBody
          ? { title: row.translationTitle, body: row.translationBody }
          : null,
      companyId: row.companyId,
      companyName: row.companyId === null ? null : await deps.companyName(row.companyId),
      states: row.states,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
      withdrawnAt: row.withdrawnAt ? row.withdrawnAt.toISOString() : null,
      status: announcementStatus(row, now()),
      dismissals: row.dismissals,
    };
  }

  /** The reader's place: their company (brand) and their pharmacy's states. */
  async function placeOf(actor: Actor): Promise<{ place: PharmacyPlace; organizationId: string }> {
    const staff = await deps.pharmacy.staff(actor);
    const contact = await deps.accounts.holderContact(actor.accountId);
    return {
      organizationId: staff.organization.id,
      place: {
        companyId: contact?.brandId ?? '',
        state: staff.organization.state,
        serviceStates: staff.organization.serviceStates,
      },
    };
  }

  /** What reaches the caller now; `dismissed` keeps the ones they dismissed too. */
  async function visibleTo(actor: Actor, dismissed = false) {
    const { place, organizationId } = await placeOf(actor);
    const rows = await deps.repo.currentFor(
      place.companyId,
      dismissed ? null : actor.accountId,
      now(),
    );
    return {
      organizationId,
      rows: rows.filter((row) => reaches({ companyId: row.companyId, states: row.states }, place)),
    };
  }

  return {
    async managed(actor) {
      const writer = await writerOf(actor);
      const rows = await deps.repo.managed(
        writer.companyId === null ? 'all' : { companyId: writer.companyId },
      );
      return { announcements: await Promise.all(rows.map(managedView)), writer };
    },

    async create(actor, input) {
      const writer = await writerOf(actor);
      const at = now();
      let expiresAt: Date | null = null;
      if (input.expiresOn !== null) {
        if (input.expiresOn < localDate(at.getTime(), actor.timeZone)) {
          throw new SchemaError([{ path: 'expiresOn', message: 'announcements.field.expiresOn' }]);
        }
        // The last day ends at the following midnight in the writer's zone.
        expiresAt = new Date(zonedToUtc(dayAfter(input.expiresOn), '00:00', actor.timeZone));
      }
      const row = await deps.repo.insert({
        companyId: writer.companyId,
        states: [...new Set(input.states)].sort(),
        title: input.title,
        body: input.body,
        language: input.language,
        translationTitle: input.translationTitle || null,
        translationBody: input.translationBody || null,
        createdBy: actor.accountId,
        createdAt: at,
        expiresAt,
      });
      await deps.audit.record(actor, 'announcements.create', null, {
        announcementId: row.id,
        companyId: row.companyId,
        states: row.states.join(','),
      });
      await deps.jobs.send(
        'announcements.notify',
        { announcementId: row.id },
        { idempotencyKey: `announcements.notify:${row.id}` },
      );
      return managedView({ ...row, dismissals: 0 });
    },

    async withdraw(actor, id) {
      const writer = await writerOf(actor);
      const row = isUuid(id) ? await deps.repo.byId(id) : undefined;
      if (!row || !owns(writer, row)) {
        await deps.audit.denied(actor, 'announcements.withdraw', null, {
          reason: 'not-found-or-not-allowed',
          ...(isUuid(id) ? { announcementId: id } : {}),
        });
        throw notFound();
      }
      // Withdrawing twice answers the first withdrawal's record.
      const withdrawn = (await deps.repo.withdraw(row.id, actor.accountId, now())) ?? row;
      if (withdrawn !== row) {
        await deps.audit.record(actor, 'announcements.withdraw', null, {
          announcementId: row.id,
        });
      }
      return managedView({ ...withdrawn, dismissals: await deps.repo.dismissalsOf(row.id) });
    },

    async current(actor) {
      const { rows } = await visibleTo(actor);
      return rows.map((row) => ({
        id: row.id,
        ...announcementFor(
          {
            language: languageOf(row),
            title: row.title,
            body: row.body,
            translationTitle: row.translationTitle,
            translationBody: row.translationBody,
          },
          actor.lang,
        ),
        publishedAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
      }));
    },

    async dismiss(actor, id) {
      // Dismissing one already dismissed changes nothing (and is no error).
      const { rows, organizationId } = await visibleTo(actor, true);
      const row = rows.find((r) => r.id === id);
      if (!row) {
        await deps.audit.denied(actor, 'announcements.dismiss', null, {
          reason: 'not-found-or-not-shown',
          ...(isUuid(id) ? { announcementId: id } : {}),
        });
        throw notFound();
      }
      await deps.repo.dismiss(row.id, actor.accountId, now());
      await deps.audit.record(actor, 'announcements.dismiss', null, {
        announcementId: row.id,
        organizationId,
      });
    },

    async audience(id) {
      const row = await deps.repo.byId(id);
      if (!row || announcementStatus(row, now()) !== 'current') return [];
      const audience = { companyId: row.companyId, states: row.states };
      const accountIds: string[] = [];
      for (const organization of await deps.pharmacy.organizations()) {
        for (const accountId of await deps.pharmacy.staffAccounts(organization.id)) {
          const contact = await deps.accounts.holderContact(accountId);
          const place = {
            companyId: contact?.brandId ?? '',
            state: organization.state,
            serviceStates: organization.serviceStates,
          };
          if (reaches(audience, place)) accountIds.push(accountId);
        }
      }
      return accountIds;
    },
  };
}
