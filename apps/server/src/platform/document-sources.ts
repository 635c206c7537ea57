import type { DocumentSource as DocumentSourceKind } from '@apothecall/domain/documents/documents.schemas';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { PapersQuery } from '../db/document-papers';
import type { Actor } from './actor';

export type { PapersQuery } from '../db/document-papers';

/**
 * The seam between the documents area and the areas whose papers it lists: each
 * area that writes something a patient keeps (visit notes, prescriptions, consents, receipts,
 * certificates) offers a `DocumentSource` on its port; the documents area lists them beside the
 * patient's uploads and opens them through it.
 *
 * Each source writes the select of its papers on its own tables (`papers`, in `paperColumns`) and
 * says what its rows are (`describe`); the documents area reads every source's select and its own
 * uploads in ONE statement (`union all`, prepared once). A month of documents used to be one
 * statement per source, 13 in all, and each statement's round trip and driver work was most of
 * the read's cost (docs/performance.md). Only the area that owns a table writes SQL about it.
 */
export interface DocumentEntry {
  /** The source's own id of the paper (a note's, a visit's, a transaction's). */
  id: string;
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

/** A row of a source's `papers` select, as the documents area reads it back. */
export interface PaperRow {
  source: DocumentSourceKind;
  /** The source's own id of the paper. */
  id: string;
  /** The family member it is about; null: the account holder. */
  personId: string | null;
  /** The instant the paper was written. */
  at: Date;
  /** What the source needs to describe the paper (its own columns, as JSON). */
  data: Record<string, unknown>;
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
  /** The account's papers written in [from, to) (see `PapersQuery`). */
  readonly papers: PapersQuery;
  /**
   * The rows of `papers` (this source's only) as documents described in `lang`: a row may be left
   * out (a visit whose consents record nothing); the order does not matter.
   */
  describe(rows: PaperRow[], lang: Lang): DocumentEntry[] | Promise<DocumentEntry[]>;
  /**
   * One paper for its owner: the source checks that the actor's account owns it (anyone else:
   * not found) and audits the read.
   */
  open(actor: Actor, id: string): Promise<OpenedDocument>;
}
