import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase } from '../../test/harness';
import type { Database } from '../db/client';
import { outbox } from '../db/schema/platform';
import { generateFilesKey } from './files/file-crypto';
import { createOutboxRepo } from './outbox.repo';

/**
 * The outbox keeps what a message says sealed: never in clear in any
 * column, opened only with the key it was sealed under and only on the row it was written for,
 * and gone once the message is sent or given up.
 */
describe.each(databaseKinds)('outbox bodies at rest on %s', (kind) => {
  let database: Database;
  let dispose: () => Promise<void>;
  const key = generateFilesKey();
  const link = 'https://app.example.test/#/resetpw/Zq3kV9xYpL2mN8rT4wB6cD1fG5hJ7sA0';
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(kind));
  });
  afterAll(async () => {
    await dispose?.();
  });

  const rawRow = async (id: number) => {
    const result = await database.db.execute(
      sql`select o::text as row from outbox o where o.id = ${id}`,
    );
    return (result as unknown as { rows: { row: string }[] }).rows[0]?.row ?? '';
  };

  it('stores text and attachments sealed, with the key id, and opens them with that key', async () => {
    const repo = createOutboxRepo(database.db, key);
    const id = await repo.insert({
      channel: 'email',
      to: 'nora@example.test',
      subject: 'Reset your password',
      body: `Open ${link}`,
      attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: 'MEET-LINK-42' }],
      status: 'outbox',
    });
    const raw = await rawRow(id);
    expect(raw).toContain('nora@example.test');
    expect(raw).toContain('Reset your password');
    expect(raw).toContain(key.id);
    expect(raw).not.toContain('Zq3kV9xYpL2mN8rT4wB6cD1fG5hJ7sA0');
    expect(raw).not.toContain('resetpw');
    expect(raw).not.toContain('MEET-LINK-42');
    expect(await repo.find(id)).toMatchObject({
      to: 'nora@example.test',
      text: `Open ${link}`,
      body: 'sealed',
      attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: 'MEET-LINK-42' }],
    });
  });

  it('does not open under another key, nor once the recipient is changed', async () => {
    const repo = createOutboxRepo(database.db, key);
    const id = await repo.insert({ channel: 'sms', to: '+13055550142', body: link, status: 'x' });
    expect(await createOutboxRepo(database.db, generateFilesKey()).find(id)).toMatchObject({
      text: null,
      body: 'other-key',
    });
    await database.db.update(outbox).set({ recipient: '+13055550199' }).where(eq(outbox.id, id));
    expect(await repo.find(id)).toMatchObject({ text: null, body: 'damaged' });
  });

  it('purges the body when the message is sent, and when asked (given up)', async () => {
    const repo = createOutboxRepo(database.db, key);
    const sent = await repo.insert({ channel: 'sms', to: '+1305', body: link, status: 'sending' });
    const failed = await repo.insert({
      channel: 'sms',
      to: '+1305',
      body: link,
      status: 'sending',
    });
    await repo.setStatus(sent, 'sent', { providerId: 'SM1' });
    await repo.setStatus(failed, 'failed', { error: 'refused' });
    expect(await repo.find(failed)).toMatchObject({ status: 'failed', body: 'sealed', text: link });
    await repo.purgeBody(failed);
    for (const id of [sent, failed]) {
      expect(await repo.find(id)).toMatchObject({ text: null, body: 'purged' });
      const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
      expect(row).toMatchObject({ bodySealed: null, bodyKeyId: null });
      expect(row?.bodyPurgedAt).toBeInstanceOf(Date);
    }
    expect(await repo.find(sent)).toMatchObject({ status: 'sent', to: '+1305' });
  });
});
