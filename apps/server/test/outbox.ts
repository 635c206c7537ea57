import { asc, type SQL } from 'drizzle-orm';
import type { Config } from '../src/config';
import type { Database } from '../src/db/client';
import { outbox } from '../src/db/schema/platform';
import { resolveFilesKey } from '../src/platform/files/file-store-factory';
import {
  createOutboxRepo,
  type MailAttachment,
  type OutboxBodyState,
  type OutboxRepo,
  openOutboxRow,
} from '../src/platform/outbox.repo';

/** A stored outbox row with its sealed body opened (what a test reads a code or link from). */
export interface StoredMessage {
  id: number;
  channel: string;
  recipient: string;
  subject: string | null;
  /** The text; null once purged (sent or given up). */
  body: string | null;
  bodyState: OutboxBodyState;
  attachments: MailAttachment[] | null;
  headers: (typeof outbox.$inferSelect)['headers'];
  status: string;
  providerId: string | null;
  error: string | null;
  createdAt: Date;
  bodyPurgedAt: Date | null;
}

/**
 * The outbox rows matching `where` (all without), oldest first, with their bodies opened under
 * the app's key (FILES_KEY or DATA_DIR/files.key, as the server resolves it). The table holds
 * bodies sealed, so tests read codes and links through here, never from the columns.
 */
export async function outboxRows(
  t: { database: Database; config: Config },
  where?: SQL,
): Promise<StoredMessage[]> {
  const key = resolveFilesKey(t.config.files, t.config.dataDir);
  const rows = await t.database.db.select().from(outbox).where(where).orderBy(asc(outbox.id));
  return Promise.all(
    rows.map(async (row) => {
      const message = await openOutboxRow(key, row);
      return {
        id: row.id,
        channel: row.channel,
        recipient: row.recipient,
        subject: row.subject,
        body: message.text,
        bodyState: message.body,
        attachments: message.attachments ?? null,
        headers: row.headers,
        status: row.status,
        providerId: row.providerId,
        error: row.error,
        createdAt: row.createdAt,
        bodyPurgedAt: row.bodyPurgedAt,
      };
    }),
  );
}

/** The app's outbox repository (bodies sealed under its key), to write rows as the app would. */
export function outboxRepoOf(t: { database: Database; config: Config }): OutboxRepo {
  return createOutboxRepo(t.database.db, resolveFilesKey(t.config.files, t.config.dataDir));
}
