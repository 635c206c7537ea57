import { licenceDay } from '@apothecall/domain/clinic/licences.rules';
import { addDays } from '@apothecall/domain/dates/zones.rules';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, demo, startTestApp, type TestApp } from '../../../test/harness';
import { outboxRows } from '../../../test/outbox';
import { accounts } from '../../db/schema/accounts';
import { providerLicenses } from '../../db/schema/clinic';
import { outbox } from '../../db/schema/platform';

const dayMs = 86_400_000;

/**
 * The daily licence-expiry reminder on both databases, with the app's movable clock:
 * a provider is e-mailed when a licence expires within 30 days in its state, in their language,
 * once per licence and expiry (a second run the same day or the next sends nothing more); a
 * licence 31 days away waits a day.
 */
describe.each(databaseKinds)('Licence reminders on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const idOf = async (loginId: string) =>
    (
      await t.database.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.loginId, loginId))
    )[0]?.id ?? '';

  const expire = async (accountId: string, state: string, days: number) => {
    const on = addDays(licenceDay(state, Date.now()), days);
    await t.database.db
      .update(providerLicenses)
      .set({ expiresOn: on })
      .where(and(eq(providerLicenses.accountId, accountId), eq(providerLicenses.state, state)));
    return on;
  };

  /** Runs the job once through the queue and waits until it has completed. */
  const runJob = async () => {
    const id = await t.jobs.send('providers.licenceReminders', {});
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await t.database.raw.query(`select state from pgboss.job where id = $1`, [
        id,
      ]);
      const state = (rows[0] as { state?: string } | undefined)?.state;
      if (state === 'completed') return;
      if (state === 'failed' || Date.now() > deadline) throw new Error(`job ${state ?? 'missing'}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const mailsTo = (loginId: string) =>
    outboxRows(t, and(eq(outbox.recipient, loginId), like(outbox.subject, '%licen%')));

  it('e-mails 30 days before expiry, once per licence and expiry, in the provider language', async () => {
    const grace = await idOf(demo.provider2);
    const samuel = await idOf(demo.provider);
    await t.database.db.update(accounts).set({ language: 'es' }).where(eq(accounts.id, samuel));
    const graceOn = await expire(grace, 'FL', 30);
    await expire(samuel, 'TX', 31);
    await expire(samuel, 'FL', 200);

    await runJob();
    const first = await mailsTo(demo.provider2);
    expect(first).toHaveLength(1);
    expect(first[0]?.subject).toMatch(/^Your FL licence expires on /);
    expect(first[0]?.body).toContain('FL-DEMO-2');
    expect(first[0]?.body).toContain('Hello Grace Lin');
    expect(await mailsTo(demo.provider)).toHaveLength(0);

    // Again the same day: nothing more.
    await runJob();
    expect(await mailsTo(demo.provider2)).toHaveLength(1);

    // The next day: Samuel's TX licence is 30 days away (in Spanish); Grace gets nothing more.
    t.advance(dayMs);
    await runJob();
    expect(await mailsTo(demo.provider2)).toHaveLength(1);
    const spanish = await mailsTo(demo.provider);
    expect(spanish).toHaveLength(1);
    expect(spanish[0]?.subject).toMatch(/^Su licencia de TX vence el /);
    expect(spanish[0]?.body).toContain('Hola Samuel Okafor');

    // Renewed with a new date (30 days from the app's today): reminded again, once.
    await t.database.db
      .update(providerLicenses)
      .set({ expiresOn: addDays(graceOn, 1) })
      .where(and(eq(providerLicenses.accountId, grace), eq(providerLicenses.state, 'FL')));
    await runJob();
    await runJob();
    expect(await mailsTo(demo.provider2)).toHaveLength(2);
  });
});
