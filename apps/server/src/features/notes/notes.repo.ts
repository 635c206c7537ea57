import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { persons } from '../../db/schema/accounts';
import { notes } from '../../db/schema/care';

/** A note as the list shows it: no body, no credential block. */
export interface NoteSummaryRecord {
  id: string;
  accountId: string;
  personId: string;
  providerId: string | null;
  providerName: string;
  subject: string;
  createdAt: Date;
}

export interface NoteRecord extends NoteSummaryRecord {
  author: string;
  body: string;
  providerCredential: Record<string, unknown>;
}

/** The patient a note is about: who owns the record, and what a printed note shows. */
export interface NotePatient {
  id: string;
  accountId: string;
  firstName: string;
  lastName: string;
  dob: string;
}

export interface NotesRepo {
  person(personId: string): Promise<NotePatient | undefined>;
  /**
   * A person's notes, newest first (ties by id, so pages are stable), optionally only those
   * written in [from, before).
   */
  listForPerson(
    personId: string,
    options?: { from?: Date; before?: Date; limit?: number },
  ): Promise<NoteSummaryRecord[]>;
  /** One note with its patient. */
  note(id: string): Promise<{ note: NoteRecord; patient: NotePatient } | undefined>;
}

const summaryColumns = {
  id: notes.id,
  accountId: notes.accountId,
  personId: notes.personId,
  providerId: notes.providerId,
  providerName: notes.providerName,
  subject: notes.subject,
  createdAt: notes.createdAt,
};

const patientColumns = {
  id: persons.id,
  accountId: persons.accountId,
  firstName: persons.firstName,
  lastName: persons.lastName,
  dob: persons.dob,
};

export function createNotesRepo(db: Db): NotesRepo {
  return {
    async person(personId) {
      const [row] = await db
        .select(patientColumns)
        .from(persons)
        .where(eq(persons.id, personId))
        .limit(1);
      return row;
    },

    async listForPerson(personId, options = {}) {
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
          note: {
            ...summaryColumns,
            author: notes.author,
            body: notes.body,
            providerCredential: notes.providerCredential,
          },
          patient: patientColumns,
        })
        .from(notes)
        .innerJoin(persons, eq(persons.id, notes.personId))
        .where(eq(notes.id, id))
        .limit(1);
      return row;
    },
  };
}
