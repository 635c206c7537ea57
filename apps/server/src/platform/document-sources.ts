import type { DocumentSource as DocumentSourceKind } from '@apothecall/domain/documents/documents.schemas';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { Actor } from './actor';

/**
 * The seam between the documents area and the areas whose papers it lists: each
 * area that writes something a patient keeps (visit notes, prescriptions, consents, receipts,
 * certificates) offers a `DocumentSource` on its port; the documents area lists them beside the
 * patient's uploads and opens them through it. Sources read their own tables only.
 */
export interface DocumentEntry {
  /** The source's own id of the paper (a note's, a visit's, a transaction's). */
  id: string;
  accountId: string;
  /** The family member it is about; null: the account holder (a payment's receipt). */
  personId: string | null;
  /** The instant the paper was written; its day in the reader's zone is the document's fdate. */
  at: Date;
  /** A MIME type. */
  ftype: string;
  fdesc: string;
  author: string;
  /** Who filed it, when not the brand (a pharmacy's in-store assessment: the pharmacy). */
  filer?: string;
}

export interface OpenedDocument {
  bytes: Buffer;
  /** The name it downloads under (no person's name in it). */
  name: string;
  contentType: string;
}

export interface DocumentSource {
  readonly source: DocumentSourceKind;
  /**
   * Papers a pharmacy filed for the patient (an in-store assessment): listed with the
   * pharmacy uploads too (/get-patient-pharmacy-upload), beside the month's documents.
   */
  readonly pharmacyFiled?: boolean;
  /** The account's papers written in [from, to), described in `lang`. */
  list(accountId: string, range: { from: Date; to: Date }, lang: Lang): Promise<DocumentEntry[]>;
  /**
   * One paper for its owner: the source checks that the actor's account owns it (anyone else:
   * not found) and audits the read.
   */
  open(actor: Actor, id: string): Promise<OpenedDocument>;
}
