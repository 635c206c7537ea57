import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, demo, startTestApp, type TestApp } from '../../../test/harness';
import { createAccountsRepo } from './accounts.repo';

/** The hot reads of the accounts area: one statement, and never the password hash. */
describe.each(databaseKinds)('accounts repo reads on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads the password hash only for a login or a password check', async () => {
    const repo = createAccountsRepo(t.database.db);
    const forLogin = await repo.findForLogin(demo.patient);
    if (!forLogin) throw new Error('no demo patient');
    expect(forLogin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await repo.passwordHashOf(forLogin.id)).toBe(forLogin.passwordHash);
    expect(await repo.findById(forLogin.id)).not.toHaveProperty('passwordHash');
    expect(await repo.findByLoginId(demo.patient)).not.toHaveProperty('passwordHash');
    const profile = await repo.profileOf(forLogin.id);
    expect(profile?.account).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(profile)).not.toContain('$argon2id$');
  });

  it('reads the account with its persons, holder first, in one call', async () => {
    const repo = createAccountsRepo(t.database.db);
    const account = await repo.findByLoginId(demo.patient);
    if (!account) throw new Error('no demo patient');
    const profile = await repo.profileOf(account.id);
    expect(profile?.account).toEqual(account);
    expect(profile?.persons).toEqual(await repo.listPersons(account.id));
    expect(profile?.persons[0]?.relation).toBe('self');
    expect(await repo.profileOf('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
