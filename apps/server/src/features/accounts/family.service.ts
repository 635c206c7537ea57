import type { ConsentStatus } from '@apothecall/domain/accounts/accounts.api';
import type { AccountSettings, Person } from '@apothecall/domain/accounts/accounts.schemas';
import {
  acceptedVersionOf,
  consentsUpToDate,
  currentLegalVersions,
  type LegalNoticeLink,
  legalNoticeLinks,
} from '@apothecall/domain/accounts/consents.rules';
import { splitName } from '@apothecall/domain/accounts/people.rules';
import {
  createDependentSchema,
  registerProfileSchema,
} from '@apothecall/domain/accounts/profile.schemas';
import { isLang } from '@apothecall/domain/i18n/i18n.rules';
import { z } from 'zod';
import type { Actor as PlatformActor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors, parseWith } from '../../platform/errors';
import type { PasswordHasher } from '../../platform/passwords';
import { phoneToStore } from '../../platform/phone-numbers';
import type { SessionsService } from '../../platform/sessions/sessions.service';
import { calendarDateIn } from '../../platform/time';
import type { AccountsRepo, PersonRecord } from './accounts.repo';

/** A logged-in account holder acting for their family (platform/actor.ts). */
export type Actor = Pick<
  PlatformActor,
  'accountId' | 'sessionId' | 'timeZone' | 'ip' | 'requestId'
>;

export interface FamilyService {
  list(actor: Actor): Promise<Person[]>;
  /** The person, if it belongs to the actor's account; otherwise not-found. */
  person(actor: Actor, personId: string): Promise<PersonRecord>;
  addDependent(actor: Actor, input: unknown): Promise<Person>;
  setProfile(actor: Actor, input: { id: string } & Record<string, unknown>): Promise<Person>;
  settings(actor: Actor): Promise<AccountSettings>;
  /**
   * Settings belong to the account; `ptId`, when sent, must be a person of the caller's family
   * (anyone else's answers not-found, audited as denied, and changes nothing).
   */
  setSettings(
    actor: Actor,
    changes: Partial<AccountSettings>,
    ptId?: string,
  ): Promise<AccountSettings>;
  remove(actor: Actor, password: string): Promise<void>;
  consents(actor: Actor): Promise<ConsentStatus>;
  acceptConsents(
    actor: Actor,
    documents: { id: LegalNoticeLink; version: string }[],
  ): Promise<ConsentStatus>;
}

export function toPerson(p: PersonRecord): Person {
  return {
    id: p.id,
    personId: p.id,
    name: `${p.firstName} ${p.lastName}`,
    firstName: p.firstName,
    lastName: p.lastName,
    relation: p.relation,
    dob: p.dob,
    gender: p.gender,
    address: p.address ?? '',
    state: p.state ?? '',
    zipCode: p.zipCode ?? '',
    country: Number(p.country) || 1,
    phone: p.phone ?? '',
    email: p.email ?? '',
    consultLocation: p.consultLocation,
  };
}

const settingsNotFound = () => new AppError(404, 'NOT_FOUND', 'accounts.dependent.notFound');

/**
 * The family on an account (spec sections 1, 3, 6): the holder (index 0) acts for each member;
 * nobody else can read or change them, and a person of another account is "not found" rather
 * than "forbidden", so ids cannot be probed. Every read and change is audited.
 */
export function createFamilyService(deps: {
  repo: AccountsRepo;
  hasher: PasswordHasher;
  sessions: SessionsService;
  audit: AuditService;
  minDependentAge: number;
  minRegistrationAge: number;
  now?: () => Date;
}): FamilyService {
  const now = deps.now ?? (() => new Date());

  const audit = (
    actor: Actor,
    action: string,
    subjectPersonId: string | null,
    detail?: Record<string, unknown>,
  ) =>
    deps.audit.record(
      actor,
      action,
      { accountId: actor.accountId, personId: subjectPersonId },
      detail,
    );

  async function ownPerson(actor: Actor, personId: string): Promise<PersonRecord> {
    const found = z.uuid().safeParse(personId).success
      ? await deps.repo.findPerson(personId)
      : undefined;
    if (!found || found.accountId !== actor.accountId) {
      await deps.audit.denied(actor, 'person.access', null, { reason: 'not-in-family' });
      throw settingsNotFound();
    }
    return found;
  }

  async function status(accountId: string): Promise<ConsentStatus> {
    const accepted = await deps.repo.listConsents(accountId);
    return {
      error: false,
      documents: legalNoticeLinks.map((id) => {
        const acceptedVersion = acceptedVersionOf(accepted, id);
        const at = accepted
          .filter((a) => a.document === id && a.version === acceptedVersion)
          .at(-1)?.acceptedAt;
        return {
          id,
          version: currentLegalVersions[id],
          url: null,
          acceptedVersion,
          acceptedAt: at ? at.toISOString() : null,
        };
      }),
      upToDate: consentsUpToDate(accepted),
    };
  }

  return {
    async list(actor) {
      const persons = await deps.repo.listPersons(actor.accountId);
      await audit(actor, 'family.read', persons[0]?.id ?? null, { count: persons.length });
      return persons.map(toPerson);
    },

    async person(actor, personId) {
      return ownPerson(actor, personId);
    },

    async addDependent(actor, input) {
      const today = calendarDateIn(now(), actor.timeZone);
      const dependent = parseWith(
        createDependentSchema({ today, minDependentAge: deps.minDependentAge }),
        input,
        'profile',
      );
      const phone = dependent.phone ? phoneToStore(dependent.phone, 'profile.phone') : undefined;
      const [holder] = await deps.repo.listPersons(actor.accountId);
      const [firstName = '', lastName = ''] = splitName(dependent.name);
      const created = await deps.repo.insertPerson(actor.accountId, {
        relation: dependent.relation,
        firstName,
        lastName,
        dob: dependent.dob,
        gender: dependent.gender,
        email: dependent.email ?? null,
        phone: phone ?? holder?.phone ?? null,
        address: dependent.address ?? holder?.address ?? null,
        state: dependent.state ?? holder?.state ?? null,
        zipCode: dependent.zipCode ?? holder?.zipCode ?? null,
        country: String(dependent.country),
      });
      await audit(actor, 'dependent.add', created.id, { relation: created.relation });
      return toPerson(created);
    },

    async setProfile(actor, input) {
      const existing = await ownPerson(actor, input.id);
      const today = calendarDateIn(now(), actor.timeZone);
      const current = toPerson(existing);
      const merged = {
        ...current,
        ...input,
        relation: existing.relation === 'self' ? undefined : (input.relation ?? current.relation),
      };
      const changes =
        existing.relation === 'self'
          ? parseWith(
              registerProfileSchema({ today, minRegistrationAge: deps.minRegistrationAge }),
              merged,
              'profile',
            )
          : parseWith(
              createDependentSchema({ today, minDependentAge: deps.minDependentAge }),
              merged,
              'profile',
            );
      const phone = changes.phone ? phoneToStore(changes.phone, 'profile.phone') : undefined;
      const [firstName = '', lastName = ''] = splitName(changes.name);
      const updated = await deps.repo.updatePerson(existing.id, {
        firstName,
        lastName,
        dob: changes.dob,
        gender: changes.gender,
        ...('relation' in changes && changes.relation ? { relation: changes.relation } : {}),
        email: changes.email ?? existing.email,
        phone: phone ?? existing.phone,
        address: changes.address ?? existing.address,
        state: changes.state ?? existing.state,
        zipCode: changes.zipCode ?? existing.zipCode,
        country: String(changes.country),
      });
      await audit(actor, 'profile.update', updated.id, {
        fields: Object.keys(input).filter((k) => k !== 'id'),
      });
      return toPerson(updated);
    },

    async settings(actor) {
      const account = await deps.repo.findById(actor.accountId);
      if (!account) throw appErrors.notFound();
      return {
        notifications: account.notifications,
        language: isLang(account.language) ? account.language : 'en',
        twoFactor:
          account.twoFactor === 'email' || account.twoFactor === 'sms' ? account.twoFactor : 'off',
        autoLogoff: account.autoLogoff,
      };
    },

    async setSettings(actor, changes, ptId) {
      if (ptId !== undefined) await ownPerson(actor, ptId);
      await deps.repo.setSettings(actor.accountId, changes);
      await audit(actor, 'settings.update', null, { fields: Object.keys(changes) });
      return this.settings(actor);
    },

    async remove(actor, password) {
      const passwordHash = await deps.repo.passwordHashOf(actor.accountId);
      if (passwordHash === undefined) throw appErrors.notFound();
      if (!(await deps.hasher.verify(passwordHash, password))) throw appErrors.wrongPassword();
      await deps.repo.disable(actor.accountId, 'removed-by-user', now());
      await deps.sessions.revokeAllForAccount(actor.accountId, 'account-removed');
      await audit(actor, 'account.remove', actor.accountId);
    },

    async consents(actor) {
      return status(actor.accountId);
    },

    async acceptConsents(actor, documents) {
      const stale = documents.find((d) => d.version !== currentLegalVersions[d.id]);
      if (stale) throw new AppError(409, 'CONSENT_OUTDATED', 'accounts.consents.required');
      await deps.repo.addConsents(
        actor.accountId,
        documents.map((d) => ({ document: d.id, version: d.version })),
        actor.ip,
        now(),
      );
      await audit(actor, 'consent.accept', actor.accountId, {
        documents: documents.map((d) => `${d.id}@${d.version}`),
      });
      return status(actor.accountId);
    },
  };
}
