import type { Readable } from 'node:stream';
import type { StoredFile } from '@apothecall/domain/files/files.api';
import type { FilePurpose } from '@apothecall/domain/files/files.rules';
import type { RequestOrigin } from '../../platform/actor';

/**
 * What other areas (Rx visits, documents) may ask of files: store an upload for an actor's
 * account — optionally about one of its people, which the caller has checked belongs to that
 * account — open it for its owner, remove it. The bytes stay in platform/files, encrypted;
 * every call is audited here. The port declares its own types; the service implements it.
 */
export interface FilesActor extends RequestOrigin {
  accountId: string;
}

export interface UploadInput {
  purpose: FilePurpose;
  /** The name the client gave; only a sanitised form is kept. */
  fileName: string;
  /** The whole upload (the HTTP layer bounds it by the configured maximum). */
  bytes: Buffer;
  /**
   * The family member the file is about. Only for in-process callers (Rx visits, documents)
   * that have already checked the person belongs to the actor's account; the HTTP route does
   * not take it.
   */
  personId?: string | undefined;
  /**
   * False for the pharmacy inboxes' mail attachments: they come from many senders, bounded by
   * the SMTP server, and are not counted against the mailbox account's image limit.
   */
  limited?: boolean;
}

export interface OpenedFile {
  file: StoredFile;
  /** The plaintext, first segment already authenticated. The caller must consume or destroy it. */
  body: Readable;
}

export interface FilesPort {
  /** Inspects, sanitises and stores an upload; a refusal stores nothing. */
  upload(actor: FilesActor, input: UploadInput): Promise<StoredFile>;
  /** The file and its bytes, for its owner only (anyone else: not found). */
  open(actor: FilesActor, id: string): Promise<OpenedFile>;
  /**
   * The file and its bytes for someone the owning area has let see it (a prescriber reviewing
   * the patient's visit): only a file of `ownerAccountId`, else not found. Audited as the
   * caller's read of the owner's record.
   */
  openFor(actor: FilesActor, id: string, ownerAccountId: string): Promise<OpenedFile>;
  /** Removes the file (its row is kept, marked removed; its bytes are deleted). */
  remove(actor: FilesActor, id: string): Promise<void>;
}
