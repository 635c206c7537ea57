import { dayAfter } from '@apothecall/domain/announcements/announcements.rules';
import {
  type DisclosureRow,
  type DisclosuresResponse,
  maxDisclosureRows,
} from '@apothecall/domain/backoffice/disclosures.api';
import { zonedToUtc } from '@apothecall/domain/dates/zones.rules';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import type { AuditTrailRepo } from '../../platform/audit-trail.repo';
import { AppError } from '../../platform/errors';
import type { AccountsPort } from '../accounts/accounts.port';
import { requireBackOffice } from './people-admin.service';

export interface DisclosuresFilter {
  accountId?: string | undefined;
  personId?: string | undefined;
  actor?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface DisclosuresService {
  /** The rows about the record; `exported` audits it as the CSV download. */
  list(
    actor: Actor,
    filter: DisclosuresFilter,
    exported?: boolean,
  ): Promise<Omit<DisclosuresResponse, 'error'>>;
}

/** The CSV of an accounting (RFC 4180: every cell quoted, CRLF lines). */
export function disclosuresCsv(rows: readonly DisclosureRow[]): string {
  const cell = (value: string | null) => `"${(value ?? '').replace(/"/g, '""')}"`;
  const lines = [
    ['at', 'actor_name', 'actor_role', 'actor_account_id', 'action', 'outcome', 'ip', 'person_id'],
    ...rows.map((r) => [
      r.at,
      r.actorName,
      r.actorRole,
      r.actorAccountId,
      r.action,
      r.outcome,
      r.ip,
      r.personId,
    ]),
  ];
  return `${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}

/**
 * The accounting of disclosures (HIPAA §164.528): every audit row about a patient's
 * record — rows naming the account or one of its people — newest first, with the actor's name
 * and role, the action, the outcome and the address; filtered by actor and by days (in the
 * caller's time zone). Read access to 'disclosures' (admin, support). Each list and each export
 * is itself audited against that record.
 */
export function createDisclosuresService(deps: {
  accounts: AccountsPort;
  trail: Pick<AuditTrailRepo, 'about'>;
  audit: AuditService;
}): DisclosuresService {
  const notFound = () => new AppError(404, 'NOT_FOUND', 'people.notFound');

  return {
    async list(actor, filter, exported = false) {
      await requireBackOffice(deps, actor, 'disclosures', 'read');
      let accountId = filter.accountId;
      if (filter.personId) {
        const person = await deps.accounts.person(filter.personId);
        if (!person || (accountId && person.accountId !== accountId)) throw notFound();
        accountId = person.accountId;
      }
      const family = accountId ? await deps.accounts.family(accountId) : [];
      const name = accountId ? await deps.accounts.displayName(accountId) : undefined;
      if (!accountId || name === undefined) throw notFound();
      const rows = await deps.trail.about(
        {
          accountId,
          personIds: family.map((p) => p.id),
          actorAccountId: filter.actor,
          from: filter.from
            ? new Date(zonedToUtc(filter.from, '00:00', actor.timeZone))
            : undefined,
          to: filter.to
            ? new Date(zonedToUtc(dayAfter(filter.to), '00:00', actor.timeZone))
            : undefined,
        },
        maxDisclosureRows + 1,
      );
      const shown = rows.slice(0, maxDisclosureRows);
      const actors = [
        ...new Set(shown.flatMap((r) => (r.actorAccountId ? [r.actorAccountId] : []))),
      ];
      const who = new Map(
        await Promise.all(
          actors.map(
            async (id) =>
              [
                id,
                { name: await deps.accounts.displayName(id), role: await deps.accounts.role(id) },
              ] as const,
          ),
        ),
      );
      await deps.audit.record(
        actor,
        exported ? 'backoffice.disclosures.export' : 'backoffice.disclosures.read',
        { accountId },
        { rows: shown.length },
      );
      return {
        accountId,
        name,
        truncated: rows.length > maxDisclosureRows,
        rows: shown.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          actorAccountId: r.actorAccountId,
          actorName: r.actorAccountId ? (who.get(r.actorAccountId)?.name ?? null) : null,
          actorRole: r.actorAccountId ? (who.get(r.actorAccountId)?.role ?? null) : null,
          action: r.action,
          outcome: r.outcome,
          ip: r.ip,
          personId: r.subjectPersonId,
        })),
      };
    },
  };
}
