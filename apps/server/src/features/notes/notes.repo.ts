import type { VisitNoteTopic } from '@apothecall/domain/care/visit-note-topic.rules';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type PapersQuery, paperColumns, papersOfAccountIn } from '../../db/document-papers';
import { notes } from '../../db/schema/notes';
import type { VisitNoteDraft } from './notes.port';

/** A note as the list shows it: no body, no credential block. */
export interface NoteSummaryRecord {
  id: string;
  accountId: string;
  personId: string;
  providerId: string | null;
  providerName: string;
  subject: string;
  topic: VisitNoteTopic | null;
  createdAt: Date;
}

export interface NoteRecord extends NoteSummaryRecord {
  author: string;
  body: string;
  providerCredential: Record<string, unknown>;
}

export interface NotesRepo {
  /**
   * A person's notes, newest first (ties by id, so pages are stable), optionally only those
   * written in [from, before).
   */
  listForPerson(
    personId: string,
    options?: { from?: Date; before?: Date; limit?: number },
  ): Promise<NoteSummaryRecord[]>;
  note(id: string): Promise<NoteRecord | undefined>;
  /** Writes a visit's note through the given handle: the transaction that ends the visit. */
  insertVisitNote(tx: Db, note: VisitNoteDraft): Promise<string>;
}

const summaryColumns = {
  id: notes.id,
  accountId: notes.accountId,
  personId: notes.personId,
  providerId: notes.providerId,
  providerName: notes.providerName,
  subject: notes.subject,
  topic: notes.topic,
  createdAt: notes.createdAt,
};

export function createNotesRepo(db: Db): NotesRepo {
  // The whole list of a person's notes (the notes screen): prepared once, named.
  const ofPerson = db
    .select(summaryColumns)
    .from(notes)
    .where(eq(notes.personId, sql.placeholder('personId')))
    .orderBy(desc(notes.createdAt), desc(notes.id))
    .prepare('notes_of_person');
  return {
    async listForPerson(personId, options = {}) {
      if (
        options.from === undefined &&
        options.before === undefined &&
        options.limit === undefined
      ) {
        return ofPerson.execute({ personId });
      }
      const query = db
        .select(summaryColumns)
        .from(notes)
        .where(
          and(
            eq(notes.personId, personId),
            options.from ? gte(notes.createdAt, options.from) : undefined,
            options.before ? lt(notes.createdAt, options.before) : undefined,
          ),
        )
        .orderBy(desc(notes.createdAt), desc(notes.id));
      return options.limit === undefined ? query : query.limit(options.limit);
    },

    async note(id) {
      const [row] = await db
        .select({
          ...summaryColumns,
          author: notes.author,
          body: notes.body,
          providerCredential: notes.providerCredential,
        })
        .from(notes)
        .where(eq(notes.id, id))
        .limit(1);
      return row;
    },

    async insertVisitNote(tx, note) {
      const { at, ...values } = note;
      const [row] = await tx
        .insert(notes)
        .values({ ...values, createdAt: at })
        .returning({ id: notes.id });
      if (!row) throw new Error('note not written');
      return row.id;
    },
  };
}

/** The family's notes written in [from, to), for its documents (`PapersQuery`). */
export function notePapers(db: Db): PapersQuery {
  return db
    .select(
      paperColumns('visitNote', {
        id: notes.id,
        personId: notes.personId,
        at: notes.createdAt,
        data: sql`jsonb_build_object('subject', ${notes.subject}, 'topic', ${notes.topic}, 'providerName', ${notes.providerName})`,
      }),
    )
    .from(notes)
    .where(papersOfAccountIn(notes.accountId, notes.createdAt))
    .$dynamic();
}
