/**
 * Uploaded files: what each purpose accepts, the upload limit's default and
 * the name a stored file is given. The server decides a file's type from its bytes (magic
 * numbers), never from its name or the Content-Type the client sent; these rules say which of
 * the detected kinds a purpose may hold.
 */

/** The kinds of file the platform can take in. */
export const fileKinds = ['jpeg', 'png', 'heic', 'pdf'] as const;
export type FileKind = (typeof fileKinds)[number];

/** What a file is for; each purpose accepts its own kinds. */
export const filePurposes = ['id-document', 'attachment', 'avatar', 'document'] as const;
export type FilePurpose = (typeof filePurposes)[number];

export const purposeAccepts: Readonly<Record<FilePurpose, readonly FileKind[]>> = {
  'id-document': ['jpeg', 'png', 'heic', 'pdf'],
  attachment: ['jpeg', 'png', 'heic', 'pdf'],
  avatar: ['jpeg', 'png', 'heic'],
  /** A patient's own document on their record: photos or PDFs. */
  document: ['jpeg', 'png', 'heic', 'pdf'],
};

/** How a kind is named to people ("Accepted: JPEG, PNG, PDF"). */
export const fileKindLabels: Readonly<Record<FileKind, string>> = {
  jpeg: 'JPEG',
  png: 'PNG',
  heic: 'HEIC',
  pdf: 'PDF',
};

/**
 * Images one account may upload in a window: each costs the server up to a second
 * of re-encoding, so past this many (stored or refused) the next are refused with 429
 * RATE_LIMITED until the window ends. PDFs are not counted (nothing decodes them).
 */
export const imageUploadLimit = { max: 30, windowSeconds: 600 } as const;

/** The upload limit when FILES_MAX_BYTES is not set: 10 MiB. */
export const defaultMaxFileBytes = 10 * 1024 * 1024;

/** Longest stem (name without extension) a stored name keeps, in characters. */
export const maxFileNameStem = 100;

/**
 * The name a stored file is shown and downloaded under: the last path segment of what the
 * client sent, without control, formatting (bidi override) or reserved characters, trimmed,
 * at most `maxFileNameStem` characters, with the extension of the type the bytes turned out
 * to be (a PDF sent as `scan.jpg` is stored as `scan.pdf`). Never empty.
 */
export function safeFileName(original: string, extension: string): string {
  const base = original.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .replace(/[\t\n\v\f\r\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim();
  const dot = cleaned.lastIndexOf('.');
  const stem = (dot > 0 ? cleaned.slice(0, dot) : cleaned).replace(/^[.\s]+|[.\s]+$/g, '');
  const short = Array.from(stem).slice(0, maxFileNameStem).join('').trim();
  return `${short || 'file'}.${extension}`;
}
