import type { FilesService } from './files.service';

/**
 * What other areas (Rx visits, documents) may ask of files: store an upload for an actor's
 * account — optionally about one of its people, which the caller has checked belongs to that
 * account — open it for its owner, remove it. The bytes stay in platform/files, encrypted;
 * every call is audited here.
 */
export type FilesPort = Pick<FilesService, 'upload' | 'open' | 'openFor' | 'remove'>;

/** A file opened for reading: its record and its bytes (the caller consumes or destroys them). */
export type { OpenedFile } from './files.service';
