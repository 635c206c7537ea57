import type { VisitNoteTopic } from '@apothecall/domain/care/visit-note-topic.rules';
import type { Db } from '../../db/client';
import type { DocumentSource } from '../../platform/document-sources';

/** The note a provider writes when a visit ends. */
export interface VisitNoteDraft {
  accountId: string;
  personId: string;
  visitId: string;
  providerId: string;
  /** The provider's display name with suffix, as printed. */
  providerName: string;
  author: string;
  subject: string;
  topic: VisitNoteTopic;
  body: string;
  providerCredential: Record<string, unknown>;
  at: Date;
}

/**
 * What other areas may ask of notes. The end of a visit writes its note in the same transaction
 * as the visit's outcome (no outcome without its note, no note without its outcome), so the
 * writer takes the caller's transaction handle; the SQL stays in the notes repo.
 */
export interface NotesPort {
  writeVisitNote(tx: Db, note: VisitNoteDraft): Promise<string>;
  /** The family's visit notes as documents, printed as PDFs when opened. */
  documents: DocumentSource;
}
