import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type DocumentSource as DocumentSourceKind,
  type DocumentUploadFields,
  type DocumentView,
  documentSources,
  type MonthString,
} from '@apothecall/domain/documents/documents.schemas';
import { translate } from '@apothecall/domain/i18n/catalog';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import type { DocumentEntry, DocumentSource, PaperRow } from '../../platform/document-sources';
import { AppError } from '../../platform/errors';
import { calendarDateIn, instantAt } from '../../platform/time';
import type { AccountsPort, PersonFacts } from '../accounts/accounts.port';
import type { FilesPort } from '../files/files.port';
import type { DocumentRecord, DocumentsRepo } from './documents.repo';

/**
 * A patient's documents: the family's uploads (kept here, bytes in files) and every
 * paper the product wrote for them (visit notes, prescriptions, consents, receipts, Covid
 * certificates), which stay in their own areas and are listed through `DocumentSource`s. Lists
 * are by month, in the reader's time zone. A document opens with the token its list gave; only
 * the account it belongs to can open it (anyone else: not found). Every list, read, upload and
 * removal is audited.
 */
export interface DocumentsService {
  month(
    actor: Actor,
    month?: MonthString,
  ): Promise<{ month: MonthString; documents: DocumentView[] }>;
  /** What a pharmacy filed for the family this month (in-store and pharmacist-consult links). */
  pharmacyUploads(actor: Actor): Promise<{ month: MonthString; documents: DocumentView[] }>;
  data(actor: Actor, token: string): Promise<{ data: string; name: string; contentType: string }>;
  upload(
    actor: Actor,
    fields: DocumentUploadFields,
    file: { fileName: string; bytes: Buffer },
  ): Promise<DocumentView>;
  remove(actor: Actor, token: string): Promise<void>;
}

const notFound = () => new AppError(404, 'NOT_FOUND', 'documents.notFound');

/** The token a list gives: which source and which of its papers (ownership is checked on use). */
export function documentToken(source: DocumentSourceKind, id: string): string {
  return Buffer.from(`${source}:${id}`, 'utf8').toString('base64url');
}

export function readDocumentToken(
  token: string,
): { source: DocumentSourceKind; id: string } | undefined {
  const [source, id, ...rest] = Buffer.from(token, 'base64url').toString('utf8').split(':');
  if (!source || !id || rest.length > 0 || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const known = documentSources.find((s) => s === source);
  return known ? { source: known, id } : undefined;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The month's first and last day and the instants it starts and ends in a time zone. */
export function monthRange(month: MonthString, timeZone: string) {
  const [year = 1970, m = 1] = month.split('-').map(Number);
  const next = m === 12 ? { year: year + 1, month: 1 } : { year, month: m + 1 };
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return {
    firstDay: `${month}-01`,
    lastDay: `${month}-${pad(lastDay)}`,
    from: instantAt({ year, month: m, day: 1 }, { hour: 0, minute: 0 }, timeZone),
    to: instantAt({ ...next, day: 1 }, { hour: 0, minute: 0 }, timeZone),
  };
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export function createDocumentsService(deps: {
  repo: DocumentsRepo;
  accounts: Pick<AccountsPort, 'family' | 'displayName'>;
  files: FilesPort;
  /** The papers other areas wrote, by source. */
  sources: readonly DocumentSource[];
  audit: AuditService;
  now?: () => Date;
}): DocumentsService {
  const now = deps.now ?? (() => new Date());
  const sourceOf = new Map(deps.sources.map((s) => [s.source, s]));

  const dayIn = (at: Date, timeZone: string) => {
    const d = calendarDateIn(at, timeZone);
    return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
  };
  const currentMonth = (actor: Actor): MonthString => dayIn(now(), actor.timeZone).slice(0, 7);

  const fullName = (p: PersonFacts) => `${p.firstName} ${p.lastName}`.trim();

  type FileFacts = Pick<
    DocumentRecord,
    | 'id'
    | 'accountId'
    | 'personId'
    | 'fdate'
    | 'ftype'
    | 'fdesc'
    | 'author'
    | 'filer'
    | 'createdAt'
    | 'source'
  >;

  /** A file as read among the papers (documents.repo.ts `papers`). */
  const fileOfPaper = (row: PaperRow, accountId: string): FileFacts => {
    const data = row.data as Pick<DocumentRecord, 'fdate' | 'ftype' | 'fdesc' | 'author' | 'filer'>;
    return {
      ...data,
      id: row.id,
      accountId,
      personId: row.personId ?? '',
      createdAt: row.at,
      source: row.source,
    };
  };

  function viewOfUpload(row: FileFacts, family: PersonFacts[]): DocumentView | undefined {
    const holder = family[0];
    const patient = family.find((p) => p.id === row.personId);
    if (!holder || !patient) return undefined;
    const source: DocumentSourceKind =
      row.source === 'pharmacyUpload' ? 'pharmacyUpload' : 'upload';
    return {
      id: row.id,
      owner: row.accountId,
      ownerName: fullName(holder),
      patient: patient.id,
      patientName: fullName(patient),
      fdate: row.fdate,
      ftype: row.ftype,
      fdesc: row.fdesc,
      author: row.author,
      filer: row.filer,
      fileDate: row.createdAt.toISOString(),
      source,
      token: documentToken(source, row.id),
      removable: source === 'upload',
    };
  }

  function viewOfEntry(
    source: DocumentSourceKind,
    entry: DocumentEntry,
    family: PersonFacts[],
    actor: Actor,
    brandName: string,
  ): DocumentView | undefined {
    const holder = family[0];
    const patient = entry.personId ? family.find((p) => p.id === entry.personId) : holder;
    if (!holder || !patient) return undefined;
    return {
      id: entry.id,
      owner: actor.accountId,
      ownerName: fullName(holder),
      patient: patient.id,
      patientName: fullName(patient),
      fdate: dayIn(entry.at, actor.timeZone),
      ftype: entry.ftype,
      fdesc:
        entry.fdesc ||
        translate(actor.lang, `documents.desc.${source}` as 'documents.desc.certificate'),
      author: entry.author,
      filer: entry.filer ?? brandName,
      fileDate: entry.at.toISOString(),
      source,
      token: documentToken(source, entry.id),
      removable: false,
    };
  }

  // Ties (the same instant) in a fixed order: the papers come from one statement in no order.
  const newestFirst = (a: DocumentView, b: DocumentView) =>
    b.fdate.localeCompare(a.fdate) ||
    b.fileDate.localeCompare(a.fileDate) ||
    a.source.localeCompare(b.source) ||
    a.id.localeCompare(b.id);

  async function ownUpload(actor: Actor, id: string): Promise<DocumentRecord> {
    const row = await deps.repo.byId(id);
    if (!row || row.accountId !== actor.accountId) {
      await deps.audit.denied(actor, 'document.read', null, { documentId: id });
      throw notFound();
    }
    return row;
  }

  const isFile = (source: DocumentSourceKind) => source === 'upload' || source === 'pharmacyUpload';

  /** The account's papers of these sources in the range (one statement), as views, newest first. */
  async function viewsOf(
    actor: Actor,
    wanted: readonly DocumentSourceKind[],
    range: ReturnType<typeof monthRange>,
  ): Promise<DocumentView[]> {
    const [family, rows, brand] = await Promise.all([
      deps.accounts.family(actor.accountId),
      deps.repo.papers(actor.accountId, wanted, range),
      actor.brand(),
    ]);
    const bySource = new Map<DocumentSourceKind, PaperRow[]>();
    for (const row of rows) {
      const papers = bySource.get(row.source);
      if (papers) papers.push(row);
      else bySource.set(row.source, [row]);
    }
    const views = await Promise.all(
      [...bySource].map(async ([source, papers]) => {
        if (isFile(source)) {
          return papers.flatMap(
            (row) => viewOfUpload(fileOfPaper(row, actor.accountId), family) ?? [],
          );
        }
        const entries = (await sourceOf.get(source)?.describe(papers, actor.lang)) ?? [];
        return entries.flatMap((e) => viewOfEntry(source, e, family, actor, brand.name) ?? []);
      }),
    );
    return views.flat().sort(newestFirst);
  }

  const everySource: DocumentSourceKind[] = [
    'upload',
    'pharmacyUpload',
    ...deps.sources.map((s) => s.source),
  ];
  // What pharmacies filed: their uploads, and what they filed through their own area (in-store
  // assessments), not as files.
  const pharmacyFiled: DocumentSourceKind[] = [
    'pharmacyUpload',
    ...deps.sources.filter((s) => s.pharmacyFiled).map((s) => s.source),
  ];

  return {
    async month(actor, month) {
      const listed = month ?? currentMonth(actor);
      const documents = await viewsOf(actor, everySource, monthRange(listed, actor.timeZone));
      await deps.audit.record(
        actor,
        'documents.list',
        { accountId: actor.accountId },
        { month: listed, count: documents.length },
      );
      return { month: listed, documents };
    },

    async pharmacyUploads(actor) {
      const listed = currentMonth(actor);
      const documents = await viewsOf(actor, pharmacyFiled, monthRange(listed, actor.timeZone));
      await deps.audit.record(
        actor,
        'documents.pharmacyUploads',
        { accountId: actor.accountId },
        { month: listed, count: documents.length },
      );
      return { month: listed, documents };
    },

    async data(actor, token) {
      const ref = readDocumentToken(token);
      if (!ref) throw notFound();
      if (ref.source === 'upload' || ref.source === 'pharmacyUpload') {
        const row = await ownUpload(actor, ref.id);
        const opened = await deps.files.openFor(actor, row.fileId, row.accountId);
        const bytes = await readAll(opened.body);
        await deps.audit.record(
          actor,
          'document.read',
          { accountId: row.accountId, personId: row.personId },
          { documentId: row.id },
        );
        return {
          data: bytes.toString('base64'),
          name: opened.file.name,
          contentType: opened.file.contentType,
        };
      }
      const source = sourceOf.get(ref.source);
      if (!source) throw notFound();
      // The source checks the owner and audits the read.
      const opened = await source.open(actor, ref.id);
      return {
        data: opened.bytes.toString('base64'),
        name: opened.name,
        contentType: opened.contentType,
      };
    },

    async upload(actor, fields, file) {
      const family = await deps.accounts.family(actor.accountId);
      const patient = family.find((p) => p.id === fields.patient);
      if (!patient) {
        await deps.audit.denied(actor, 'document.upload', null, { personId: fields.patient });
        throw new AppError(404, 'NOT_FOUND', 'documents.notFound');
      }
      const stored = await deps.files.upload(actor, {
        purpose: 'document',
        fileName: file.fileName,
        bytes: file.bytes,
        personId: patient.id,
      });
      const filer = (await deps.accounts.displayName(actor.accountId)) ?? '';
      // A file no document points to is not kept: when the row cannot be written, it goes.
      const row = await deps.repo
        .insert({
          id: randomUUID(),
          accountId: actor.accountId,
          personId: patient.id,
          fileId: stored.id,
          source: 'upload',
          fdate: fields.fdate ?? dayIn(now(), actor.timeZone),
          ftype: stored.contentType,
          fdesc: fields.fdesc,
          author: '',
          filer,
          filerAccountId: actor.accountId,
        })
        .catch(async (error: unknown) => {
          await deps.files.remove(actor, stored.id).catch(() => undefined);
          throw error;
        });
      await deps.audit.record(
        actor,
        'document.upload',
        { accountId: actor.accountId, personId: patient.id },
        { documentId: row.id, fileId: stored.id },
      );
      const view = viewOfUpload(row, family);
      if (!view) throw new Error('uploaded document has no family member');
      return view;
    },

    async remove(actor, token) {
      const ref = readDocumentToken(token);
      if (!ref) throw notFound();
      if (ref.source !== 'upload') {
        throw new AppError(400, 'DOCUMENT_NOT_REMOVABLE', 'documents.notRemovable');
      }
      const row = await ownUpload(actor, ref.id);
      if (row.source !== 'upload') {
        throw new AppError(400, 'DOCUMENT_NOT_REMOVABLE', 'documents.notRemovable');
      }
      if (await deps.repo.markRemoved(row.id, now())) {
        await deps.files.remove(actor, row.fileId);
      }
      await deps.audit.record(
        actor,
        'document.remove',
        { accountId: row.accountId, personId: row.personId },
        { documentId: row.id },
      );
    },
  };
}
