import { randomUUID } from 'node:crypto';
import { currentLegalVersions } from '@apothecall/domain/accounts/consents.rules';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import { accountsRepoOf, aHolder, anAccount, plainHasher } from '../../../test/fakes-accounts';
import { AppError, SchemaError } from '../../platform/errors';
import type { PersonRecord } from './accounts.repo';
import { createFamilyService } from './family.service';

/**
 * The family on an account, on fakes: the holder reads and changes its own people only (anyone
 * else's is not found, audited as denied, and nothing is written); a dependent takes the
 * holder's address; removal asks for the password and ends every session; stale consents are
 * refused.
 */
function setUp() {
  const clock = fakeClock();
  const account = anAccount({ language: 'xx', twoFactor: 'weird' });
  const holder: PersonRecord = {
    ...aHolder(account),
    address: '1 Main St',
    state: 'FL',
    zipCode: '33101',
    phone: '+13055550100',
  };
  const stranger: PersonRecord = { ...aHolder(anAccount()), id: randomUUID() };
  const persons = [holder, stranger];
  const writes: string[] = [];
  const consents: { document: string; version: string; acceptedAt: Date }[] = [];
  const audit = recordingAudit();
  const revokedAccounts: string[] = [];
  const repo = accountsRepoOf({
    findById: async (id) => (id === account.id ? account : undefined),
    listPersons: async (accountId) => persons.filter((p) => p.accountId === accountId),
    findPerson: async (id) => {
      writes.push(`find ${id}`);
      return persons.find((p) => p.id === id);
    },
    insertPerson: async (accountId, person) => {
      const created = {
        ...person,
        id: randomUUID(),
        accountId,
        consultLocation: null,
        validAsyncState: false,
      };
      persons.push(created);
      writes.push(`insert ${created.id}`);
      return created;
    },
    setSettings: async (id, settings) => {
      writes.push(`settings ${id} ${JSON.stringify(settings)}`);
    },
    passwordHashOf: async (id) => (id === account.id ? account.passwordHash : undefined),
    disable: async (id, reason) => {
      writes.push(`disable ${id} ${reason}`);
    },
    listConsents: async () => consents,
    addConsents: async (_id, documents, _ip, at) => {
      for (const d of documents) consents.push({ ...d, acceptedAt: at });
    },
  });
  const family = createFamilyService({
    repo,
    hasher: plainHasher as never,
    sessions: {
      revokeAllForAccount: async (id: string, reason: string) => {
        revokedAccounts.push(`${id} ${reason}`);
        return 1;
      },
    } as never,
    audit,
    minDependentAge: 0,
    minRegistrationAge: 18,
    now: clock.now,
  });
  const actor = fakeActor(account.id);
  return { family, actor, account, holder, stranger, writes, consents, audit, revokedAccounts };
}

const notFound = { status: 404, code: 'NOT_FOUND' };

describe('family service', () => {
  it('lists the family and audits the read with its size', async () => {
    const { family, actor, holder, audit } = setUp();
    const list = await family.list(actor);
    expect(list).toEqual([expect.objectContaining({ id: holder.id, name: 'Nora Quinn' })]);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        outcome: 'success',
        action: 'family.read',
        subject: { accountId: actor.accountId, personId: holder.id },
        detail: { count: 1 },
      }),
    ]);
  });

  it("answers another account's person, or a malformed id, as not found, audited as denied", async () => {
    const { family, actor, stranger, writes, audit } = setUp();
    await expect(family.person(actor, stranger.id)).rejects.toMatchObject(notFound);
    await expect(family.person(actor, 'not-a-uuid')).rejects.toMatchObject(notFound);
    // The malformed id never reaches the table.
    expect(writes).toEqual([`find ${stranger.id}`]);
    expect(audit.rows.map((r) => [r.outcome, r.action, r.detail])).toEqual([
      ['denied', 'person.access', { reason: 'not-in-family' }],
      ['denied', 'person.access', { reason: 'not-in-family' }],
    ]);
  });

  it("adds a dependent with the holder's address and phone, audited", async () => {
    const { family, actor, audit } = setUp();
    const added = await family.addDependent(actor, {
      name: 'Theo Quinn',
      dob: '06-01-2015',
      gender: 'M',
      relation: 'son',
    });
    expect(added).toMatchObject({
      firstName: 'Theo',
      lastName: 'Quinn',
      relation: 'son',
      address: '1 Main St',
      state: 'FL',
      zipCode: '33101',
      phone: '+13055550100',
    });
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'dependent.add',
        subject: { accountId: actor.accountId, personId: added.id },
        detail: { relation: 'son' },
      }),
    ]);
  });

  it('refuses a dependent without a name or birth date, storing nothing', async () => {
    const { family, actor, writes, audit } = setUp();
    await expect(
      family.addDependent(actor, { gender: 'M', relation: 'son' }),
    ).rejects.toBeInstanceOf(SchemaError);
    expect(writes).toEqual([]);
    expect(audit.rows).toEqual([]);
  });

  it('reads settings with unknown values as their defaults', async () => {
    const { family, actor } = setUp();
    expect(await family.settings(actor)).toEqual({
      notifications: true,
      language: 'en',
      twoFactor: 'off',
      autoLogoff: true,
    });
  });

  it("changes settings for the family, and none for another account's person", async () => {
    const { family, actor, holder, stranger, writes, audit } = setUp();
    await family.setSettings(actor, { notifications: false }, holder.id);
    await expect(family.setSettings(actor, { language: 'es' }, stranger.id)).rejects.toMatchObject(
      notFound,
    );
    expect(writes.filter((w) => w.startsWith('settings'))).toEqual([
      `settings ${actor.accountId} {"notifications":false}`,
    ]);
    expect(audit.rows.map((r) => [r.outcome, r.action])).toEqual([
      ['success', 'settings.update'],
      ['denied', 'person.access'],
    ]);
  });

  it('removes the account only with its password, ending every session', async () => {
    const { family, actor, writes, audit, revokedAccounts } = setUp();
    const wrong = family.remove(actor, 'Wrong-Pass');
    await expect(wrong).rejects.toBeInstanceOf(AppError);
    await expect(wrong).rejects.toMatchObject({ status: 400, code: 'WRONG_PASSWORD' });
    expect(writes).toEqual([]);
    expect(revokedAccounts).toEqual([]);

    await family.remove(actor, 'Right-Pass-42');
    expect(writes).toEqual([`disable ${actor.accountId} removed-by-user`]);
    expect(revokedAccounts).toEqual([`${actor.accountId} account-removed`]);
    expect(audit.rows.map((r) => r.action)).toEqual(['account.remove']);
  });

  it('refuses an outdated consent version and records the current ones', async () => {
    const { family, actor, consents, audit } = setUp();
    expect((await family.consents(actor)).upToDate).toBe(false);
    await expect(
      family.acceptConsents(actor, [{ id: 'terms', version: '2020-01-01' }]),
    ).rejects.toMatchObject({ status: 409, code: 'CONSENT_OUTDATED' });
    expect(consents).toEqual([]);

    const status = await family.acceptConsents(actor, [
      { id: 'consentToTreat', version: currentLegalVersions.consentToTreat },
      { id: 'terms', version: currentLegalVersions.terms },
    ]);
    expect(status.upToDate).toBe(true);
    expect(status.documents.map((d) => d.acceptedVersion)).toEqual([
      currentLegalVersions.consentToTreat,
      currentLegalVersions.terms,
    ]);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'consent.accept',
        detail: {
          documents: [
            `consentToTreat@${currentLegalVersions.consentToTreat}`,
            `terms@${currentLegalVersions.terms}`,
          ],
        },
      }),
    ]);
  });
});
