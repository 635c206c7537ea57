import { visitNoteSubject } from '@apothecall/domain/care/visit-note-topic.rules';
import { idSchema } from '@apothecall/domain/common/common.schemas';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import {
  type NoteSummary,
  type NotesPageInput,
  notesPageSize,
} from '@apothecall/domain/notes/notes.api';
import { type Note, providerCredentialSchema } from '@apothecall/domain/notes/notes.schemas';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError } from '../../platform/errors';
import { instantAt, zoneFormat } from '../../platform/time';
import type { AccountsPort, PersonFacts } from '../accounts/accounts.port';
import type { NoteRecord, NoteSummaryRecord, NotesRepo } from './notes.repo';

/**
 * Who reads notes; a note's date and time are shown in the actor's time zone, a visit note's
 * subject in the actor's language.
 */
type NotesActor = Pick<Actor, 'accountId' | 'timeZone' | 'lang' | 'ip' | 'requestId'>;

/** A note ready to print: the note and who it is about. */
export interface PrintableNote {
  note: Note;
  patient: { name: string; dob: string };
}

export interface NotesService {
  /** POST /notes: every note of one person, newest first. */
  list(actor: NotesActor, uid: string): Promise<NoteSummary[]>;
  /** POST /full-notes: one page between two days of the requester's calendar, newest first. */
  page(
    actor: NotesActor,
    request: NotesPageInput,
  ): Promise<{ notes: NoteSummary[]; nextEndDate: string | null }>;
  /** GET /notes/{id}. */
  read(actor: NotesActor, id: string): Promise<Note>;
  /** GET /notes/{id}/pdf: the note and its patient's name and date of birth. */
  printable(actor: NotesActor, id: string): Promise<PrintableNote>;
}

/**
 * A note's subject in the reader's language: a visit note's is written from its topic (care
 * reason, completed or not) in that language; any other note's is its stored text. The one
 * place Notes, Home, the PDF and the documents list take it from.
 */
export function noteSubject(row: Pick<NoteSummaryRecord, 'topic' | 'subject'>, lang: Lang): string {
  return row.topic ? visitNoteSubject(lang, row.topic) : row.subject;
}

const notFound = () => new AppError(404, 'NOT_FOUND', 'notes.notFound');
const patientNotFound = () => new AppError(404, 'NOT_FOUND', 'notes.patientNotFound');

const dateTimeParts: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** What en-US writes for those options: MM/DD/YYYY, HH:MM:SS. */
const dateTimeText = /^(\d{2})\/(\d{2})\/(\d{1,4}), (\d{2}):(\d{2}):(\d{2})$/;

/** The calendar day (YYYY-MM-DD) and wall-clock time (HH:MM:SS) of an instant in a zone. */
export function localDateTime(instant: Date, timeZone: string): { date: string; time: string } {
  const format = zoneFormat(dateTimeParts, timeZone);
  // The text read back is four times quicker than its parts (a list formats every row).
  const m = dateTimeText.exec(format.format(instant));
  if (m) {
    const [, month, day, year = '', hour, minute, second] = m;
    return {
      date: `${year.padStart(4, '0')}-${month}-${day}`,
      time: `${hour}:${minute}:${second}`,
    };
  }
  const parts = format.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}:${get('second')}`,
  };
}

/** YYYY-MM-DD moved by whole days. */
export function addDays(isoDate: string, days: number): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The days a note can fall on: wider than any record, inside what Date and PostgreSQL hold. */
const firstNoteDay = '1900-01-01';
const lastNoteDay = '2999-12-31';
const latest = (a: string, b: string) => (a > b ? a : b);
const earliest = (a: string, b: string) => (a < b ? a : b);

/** The instant a calendar day starts in a time zone. */
function startOfDay(isoDate: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return instantAt({ year, month, day }, { hour: 0, minute: 0 }, timeZone);
}

/**
 * Visit notes on a person's record (spec: Note; section 7 /notes, /full-notes, /notes/{id};
 * section 9: paged by date, the end date follows the last note).
 *
 * Who may read: the holder account that owns the person's record (the holder acts for every
 * family member), and, for a single note, the provider who wrote it. Anyone else is answered
 * "not found" (never "forbidden", so ids cannot be probed) and the attempt is audited as
 * denied. Every read — list, page, note and PDF — writes an audit row.
 */
export function createNotesService(deps: {
  repo: NotesRepo;
  accounts: Pick<AccountsPort, 'person'>;
  audit: AuditService;
  /** Notes per /full-notes page (domain notesPageSize). */
  pageSize?: number;
  /** The most notes one day may put on a page when that day alone holds more than a page. */
  dayCap?: number;
}): NotesService {
  const pageSize = deps.pageSize ?? notesPageSize;
  const dayCap = deps.dayCap ?? 500;

  const denied = (actor: NotesActor, what: 'list' | 'page' | 'read' | 'pdf', target: string) =>
    deps.audit.denied(actor, 'notes.access', null, {
      what,
      reason: 'not-found-or-not-allowed',
      // Only a well-formed id is kept: it names what was asked for, junk says nothing.
      ...(isId(target) ? { target } : {}),
    });

  const granted = (
    actor: NotesActor,
    action: string,
    subject: { accountId: string; personId: string },
    detail: Record<string, unknown>,
  ) => deps.audit.record(actor, action, subject, detail);

  /** The person, when the actor's account holds their record. */
  async function ownPerson(
    actor: NotesActor,
    uid: string,
    what: 'list' | 'page',
  ): Promise<PersonFacts> {
    const person = isId(uid) ? await deps.accounts.person(uid) : undefined;
    if (!person || person.accountId !== actor.accountId) {
      await denied(actor, what, uid);
      throw patientNotFound();
    }
    return person;
  }

  /** The note, when the actor holds the record or wrote it. */
  async function readable(
    actor: NotesActor,
    id: string,
    what: 'read' | 'pdf',
  ): Promise<{ note: NoteRecord; patient: PersonFacts }> {
    const note = isId(id) ? await deps.repo.note(id) : undefined;
    const patient = note ? await deps.accounts.person(note.personId) : undefined;
    if (
      !note ||
      !patient ||
      (note.accountId !== actor.accountId && note.providerId !== actor.accountId)
    ) {
      await denied(actor, what, id);
      throw notFound();
    }
    return { note, patient };
  }

  const summary = (
    row: NoteSummaryRecord,
    reader: Pick<NotesActor, 'timeZone' | 'lang'>,
  ): NoteSummary => ({
    id: row.id,
    ...localDateTime(row.createdAt, reader.timeZone),
    provider: row.providerName,
    subject: noteSubject(row, reader.lang),
    ptId: row.personId,
  });

  const whole = (row: NoteRecord, reader: Pick<NotesActor, 'timeZone' | 'lang'>): Note => ({
    ...summary(row, reader),
    body: row.body,
    author: row.author,
    providerCredential: providerCredentialSchema.parse(row.providerCredential),
  });

  const dayOf = (row: NoteSummaryRecord, timeZone: string) =>
    localDateTime(row.createdAt, timeZone).date;

  return {
    async list(actor, uid) {
      const person = await ownPerson(actor, uid, 'list');
      const rows = await deps.repo.listForPerson(person.id);
      await granted(
        actor,
        'notes.list',
        { accountId: person.accountId, personId: person.id },
        { count: rows.length },
      );
      return rows.map((row) => summary(row, actor));
    },

    async page(actor, request) {
      const person = await ownPerson(actor, request.uid, 'page');
      const zone = actor.timeZone;
      // The calendar's ends (0001-01-01, 9999-12-31) are valid dates but not instants the
      // database or Date.UTC handle; no note lies outside these years anyway.
      const from = startOfDay(latest(request.startDate, firstNoteDay), zone);
      const before = startOfDay(addDays(earliest(request.endDate, lastNoteDay), 1), zone);
      const rows = await deps.repo.listForPerson(person.id, { from, before, limit: pageSize + 1 });
      let shown = rows;
      let nextEndDate: string | null = null;
      const firstLeftOut = rows[pageSize];
      if (firstLeftOut) {
        // A page holds whole days, so the next page (ending the day before the oldest note
        // shown) starts exactly where this one stops and never skips a note.
        const cutDay = dayOf(firstLeftOut, zone);
        shown = rows.slice(0, pageSize).filter((row) => dayOf(row, zone) !== cutDay);
        if (shown.length === 0) {
          // One day holds more than a page: that whole day is the page.
          const dayStart = startOfDay(cutDay, zone);
          const dayEnd = startOfDay(addDays(cutDay, 1), zone);
          shown = await deps.repo.listForPerson(person.id, {
            from: new Date(Math.max(dayStart.getTime(), from.getTime())),
            before: new Date(Math.min(dayEnd.getTime(), before.getTime())),
            limit: dayCap,
          });
        }
        const oldest = shown.at(-1);
        const oldestDay = oldest ? dayOf(oldest, zone) : cutDay;
        nextEndDate = oldestDay > request.startDate ? addDays(oldestDay, -1) : null;
      }
      await granted(
        actor,
        'notes.page',
        { accountId: person.accountId, personId: person.id },
        { count: shown.length },
      );
      return { notes: shown.map((row) => summary(row, actor)), nextEndDate };
    },

    async read(actor, id) {
      const { note, patient } = await readable(actor, id, 'read');
      await granted(
        actor,
        'note.read',
        { accountId: patient.accountId, personId: patient.id },
        { noteId: note.id },
      );
      return whole(note, actor);
    },

    async printable(actor, id) {
      const { note, patient } = await readable(actor, id, 'pdf');
      await granted(
        actor,
        'note.pdf',
        { accountId: patient.accountId, personId: patient.id },
        { noteId: note.id },
      );
      return {
        note: whole(note, actor),
        patient: { name: `${patient.firstName} ${patient.lastName}`.trim(), dob: patient.dob },
      };
    },
  };
}

function isId(value: string): boolean {
  return idSchema.safeParse(value).success;
}
