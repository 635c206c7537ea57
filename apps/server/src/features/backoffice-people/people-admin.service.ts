import {
  type BackOfficeArea,
  isBackOfficeRole,
} from '@apothecall/domain/backoffice/backoffice.rules';
import {
  type AccountPage,
  type PeopleAction,
  type PeopleSearchResponse,
  peopleSearchPageSize,
  readPeopleQuery,
  visitShortRef,
} from '@apothecall/domain/backoffice/people.api';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import type { AuditTrailRepo } from '../../platform/audit-trail.repo';
import { backOfficeGate } from '../../platform/back-office';
import { AppError } from '../../platform/errors';
import type { SessionListRepo } from '../../platform/sessions/session-list.repo';
import type { AccountsPort } from '../accounts/accounts.port';
import type { CarePort } from '../care/care.port';
import type { NotificationsPort } from '../notifications/notifications.port';
import type { PaymentsPort } from '../payments/payments.port';

export interface PeopleAdminService {
  search(
    actor: Actor,
    input: { query: string; page: number },
  ): Promise<Omit<PeopleSearchResponse, 'error'>>;
  account(actor: Actor, accountId: string): Promise<AccountPage>;
  act(actor: Actor, accountId: string, action: PeopleAction): Promise<void>;
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;
const notFound = () => new AppError(404, 'NOT_FOUND', 'people.notFound');

/**
 * Checks the caller's back-office access to an area: a logged-in role without it is
 * refused 403 (and the refusal audited). Shared by the people and disclosures services.
 */
export function requireBackOffice(
  deps: { accounts: Pick<AccountsPort, 'membership'>; audit: AuditService },
  actor: Actor,
  area: BackOfficeArea,
  need: 'read' | 'write',
): Promise<void> {
  return backOfficeGate({ membership: deps.accounts.membership, audit: deps.audit })(
    actor,
    area,
    need,
    `backoffice.${area}.${need}`,
  );
}

/** Sessions, visits and payments shown on an account's page (the newest). */
const sessionsShown = 50;
const visitsShown = 100;
const paymentsShown = 100;

/**
 * People and support (the back office's 'people' area): search accounts, an account's
 * page, and the operator's actions (unlock a login locked by wrong passwords, end all sessions,
 * disable and re-enable, resend the password-help link). Read for the search and the page,
 * write for the actions (backoffice.rules). Every account listed by a search, every page read
 * and every action writes an audit row naming the actor and the account: the accounting of
 * disclosures reads them. A back-office login (admin, support) is shown but not changed here.
 * Search terms are never logged or audited (they are PHI); only the kind of query is.
 */
export function createPeopleAdminService(deps: {
  accounts: AccountsPort;
  care: Pick<CarePort, 'visitsOfAccount' | 'accountsOfVisitRef'>;
  payments: Pick<PaymentsPort, 'transactionsOf'>;
  notifications: NotificationsPort;
  sessionList: SessionListRepo;
  trail: Pick<AuditTrailRepo, 'failedLoginAddresses'>;
  audit: AuditService;
  /** The login limit's window: failures older than this lock nothing. */
  loginWindowSeconds: number;
  now?: () => Date;
}): PeopleAdminService {
  const now = deps.now ?? (() => new Date());

  async function factsOf(accountId: string) {
    const facts = isUuid(accountId) ? await deps.accounts.supportFacts(accountId) : undefined;
    if (!facts) throw notFound();
    return facts;
  }

  async function placesOf(accountId: string, deviceHashes: string[]) {
    const since = new Date(now().getTime() - deps.loginWindowSeconds * 1000);
    return {
      addresses: await deps.trail.failedLoginAddresses(accountId, since),
      deviceHashes,
    };
  }

  return {
    async search(actor, input) {
      await requireBackOffice(deps, actor, 'people', 'read');
      const query = readPeopleQuery(input.query);
      const search =
        query.kind === 'dob'
          ? { dob: query.dob }
          : query.kind === 'visitRef'
            ? { text: query.text, accountIds: await deps.care.accountsOfVisitRef(query.ref) }
            : { text: query.text, digits: query.digits };
      const offset = (input.page - 1) * peopleSearchPageSize;
      const rows = await deps.accounts.searchAccounts(search, peopleSearchPageSize + 1, offset);
      const shown = rows.slice(0, peopleSearchPageSize);
      await Promise.all(
        shown.map((row) =>
          deps.audit.record(
            actor,
            'backoffice.people.search',
            { accountId: row.accountId },
            { kind: query.kind },
          ),
        ),
      );
      return {
        results: shown.map((row) => ({
          accountId: row.accountId,
          name: `${row.firstName} ${row.lastName}`.trim(),
          loginId: row.loginId,
          role: row.role,
          dob: row.dob,
          phone: row.phone,
          disabled: row.disabledAt !== null,
        })),
        page: input.page,
        hasMore: rows.length > peopleSearchPageSize,
      };
    },

    async account(actor, accountId) {
      await requireBackOffice(deps, actor, 'people', 'read');
      const facts = await factsOf(accountId);
      const [sessions, places, devices, visits, payments] = await Promise.all([
        deps.sessionList.ofAccount(facts.id, sessionsShown),
        placesOf(facts.id, facts.deviceHashes),
        deps.notifications.devicesOf(facts.id),
        deps.care.visitsOfAccount(facts.id, visitsShown),
        deps.payments.transactionsOf(facts.id),
      ]);
      const locked = await deps.accounts.loginLocked(facts.id, places);
      await deps.audit.record(actor, 'backoffice.people.read', { accountId: facts.id }, {});
      const at = now().getTime();
      return {
        account: {
          id: facts.id,
          loginId: facts.loginId,
          role: facts.role,
          language: facts.language,
          twoFactor: facts.twoFactor,
          createdAt: facts.createdAt.toISOString(),
          disabledAt: facts.disabledAt ? facts.disabledAt.toISOString() : null,
          locked,
        },
        family: facts.persons.map((p) => ({
          personId: p.id,
          relation: p.relation,
          firstName: p.firstName,
          lastName: p.lastName,
          dob: p.dob,
          gender: p.gender,
          email: p.email,
          phone: p.phone,
          state: p.state,
        })),
        sessions: sessions.map((s) => ({
          platform: s.platform,
          version: s.version,
          startedAt: s.createdAt.toISOString(),
          lastActiveAt: s.lastSeenAt.toISOString(),
          live: s.revokedAt === null && s.expiresAt.getTime() > at,
        })),
        devices: devices.map((d) => ({
          platform: d.channel,
          addedAt: d.createdAt.toISOString(),
          lastSentAt: d.lastSentAt ? d.lastSentAt.toISOString() : null,
        })),
        visits: visits.map((v) => ({
          ref: visitShortRef(v.id),
          kind: v.location,
          status: v.state,
          outcome: v.outcome,
          personId: v.personId,
          createdAt: v.createdAt.toISOString(),
          endedAt: v.endedAt ? v.endedAt.toISOString() : null,
        })),
        payments: payments.slice(0, paymentsShown).map((p) => ({
          kind: p.kind,
          amountCents: p.amount,
          at: p.date,
          status: p.transactionStatus,
          cardBrand: p.card.brand,
          cardLast4: p.card.last4,
        })),
        consents: facts.consents.map((c) => ({
          document: c.document,
          version: c.version,
          acceptedAt: c.acceptedAt.toISOString(),
        })),
      };
    },

    async act(actor, accountId, action) {
      await requireBackOffice(deps, actor, 'people', 'write');
      const facts = await factsOf(accountId);
      const subject = { accountId: facts.id };
      if (isBackOfficeRole(facts.role)) {
        await deps.audit.denied(actor, `backoffice.people.${action}`, subject, {
          reason: 'back-office-account',
        });
        throw new AppError(403, 'BACK_OFFICE_ACCOUNT', 'people.backOfficeAccount');
      }
      switch (action) {
        case 'unlock':
          await deps.accounts.unlockLogin(facts.id, await placesOf(facts.id, facts.deviceHashes));
          break;
        case 'end-sessions':
          await deps.accounts.endAllSessions(facts.id, 'back-office');
          break;
        case 'disable':
          await deps.accounts.setAccountDisabled(facts.id, { at: now(), reason: 'back-office' });
          break;
        case 'enable':
          await deps.accounts.setAccountDisabled(facts.id, null);
          break;
        case 'reset-two-factor':
          await deps.accounts.resetTwoFactor(facts.id, now());
          break;
        case 'reset-link':
          await deps.accounts.sendResetLink(facts.loginId, actor);
          break;
      }
      await deps.audit.record(actor, `backoffice.people.${action}`, subject, {});
    },
  };
}
