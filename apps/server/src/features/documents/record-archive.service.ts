import type { Readable } from 'node:stream';
import type { DocumentSource as DocumentSourceKind } from '@apothecall/domain/documents/documents.schemas';
import {
  type RecordArchiveSummary,
  recordArchiveFileName,
  recordArchiveFiles,
  recordArchiveFolders,
  recordArchiveFormat,
  recordArchiveLimit,
  recordArchivePaymentColumns,
  recordArchivePersonFolder,
} from '@apothecall/domain/documents/record-archive.api';
import { translate } from '@apothecall/domain/i18n/catalog';
import { workspaceOf } from '@apothecall/domain/navigation/role-navigation.rules';
import type { TransactionEntry } from '@apothecall/domain/payments/payments.api';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import type { DocumentSource } from '../../platform/document-sources';
import { AppError, appErrors } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import { calendarDateIn } from '../../platform/time';
import { createZipArchive } from '../../platform/zip-archive';
import type { AccountsPort, PersonFacts } from '../accounts/accounts.port';
import type { FilesPort } from '../files/files.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { DocumentsRepo } from './documents.repo';
import { readmeLines } from './record-archive-readme';

/**
 * The patient's whole record as one ZIP (the HIPAA right of access), for the
 * signed-in account: every person of it (the holder, and the dependents the holder manages and
 * already sees in Documents, adults among them), each person's papers in `person-N/<kind>/`
 * (visit notes, prescriptions, consents, certificates and receipts rendered by the areas that
 * own them, through their document sources; uploads and pharmacy-filed files as stored),
 * `payments.csv` (the account's charges and refunds, card brand and last four only),
 * `README.txt` in the reader's language and `summary.json` (record-archive.api.ts).
 *
 * Patients only (the patient workspace's roles): staff read records through their own paths,
 * and a dependent has no session of their own (the profile switch is the holder's session), so
 * nobody else's session reaches this account's archive. Each archive reads the whole record, so
 * an account may take `recordArchiveLimit.perWindow` an hour. Audited: one `record.archive` row
 * per person included (their document count), the refusals (`denied`: role, rate limit) and a
 * failure; each paper opened is also audited by its source, as when opened from Documents.
 */
export interface RecordArchiveService {
  build(actor: Actor): Promise<{ fileName: string; body: Readable; size: number }>;
}

/** A paper to put in the archive: where from, whose, when, and how to read it. */
interface Paper {
  source: DocumentSourceKind;
  /** The source's id of the paper (a fixed order for papers of the same instant). */
  id: string;
  person: PersonFacts;
  date: string;
  at: Date;
  description: string;
  author: string;
  open: () => Promise<{ bytes: Buffer; name: string; contentType: string }>;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A file name safe in any unzip tool: no folders, no control characters, not empty. */
export function safeEntryName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^\.+/, '_')
    .trim()
    .slice(0, 120);
  return cleaned || 'document';
}

/** A CSV cell: quoted, quotes doubled, a leading formula character defused. */
function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

export function paymentsCsv(entries: readonly TransactionEntry[]): string {
  const rows = [...entries]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((tx) => [
      tx.date,
      tx.kind,
      tx.description,
      tx.invoiceNumber,
      dollars(tx.amount),
      dollars(tx.creditCents),
      tx.transactionStatus,
      tx.card.brand,
      tx.card.last4,
    ]);
  return `${[[...recordArchivePaymentColumns], ...rows]
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n')}\r\n`;
}

/** The archive's summary.json: who is in it, every document's path, the payments, the missing. */
function summaryOf(
  actor: Actor,
  generatedAt: Date,
  family: readonly PersonFacts[],
  contents: Pick<RecordArchiveSummary, 'documents' | 'missing'> & { payments: number },
): RecordArchiveSummary {
  return {
    format: recordArchiveFormat,
    generatedAt: generatedAt.toISOString(),
    lang: actor.lang,
    timeZone: actor.timeZone,
    accountId: actor.accountId,
    people: family.map((p, i) => ({
      folder: recordArchivePersonFolder(i),
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      dob: p.dob,
      holder: i === 0,
    })),
    documents: contents.documents,
    payments: { path: recordArchiveFiles.payments, count: contents.payments },
    missing: contents.missing,
  };
}

/** A document's line in the summary: where it went in the archive, and what it is. */
function documentEntry(
  path: string,
  paper: Paper,
  opened: Awaited<ReturnType<Paper['open']>>,
): RecordArchiveSummary['documents'][number] {
  return {
    path,
    personId: paper.person.id,
    source: paper.source,
    date: paper.date,
    at: paper.at.toISOString(),
    description: paper.description,
    author: paper.author,
    contentType: opened.contentType,
    bytes: opened.bytes.byteLength,
  };
}

/** PDFs and images are compressed already: stored as they are. */
const storedAsIs = (contentType: string) =>
  contentType === 'application/pdf' || contentType.startsWith('image/');

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export function createRecordArchiveService(deps: {
  repo: Pick<DocumentsRepo, 'allForAccount' | 'papers'>;
  accounts: Pick<AccountsPort, 'family' | 'role'>;
  files: Pick<FilesPort, 'openFor'>;
  sources: readonly DocumentSource[];
  payments: Pick<PaymentsPort, 'transactionsOf'>;
  audit: AuditService;
  limiter: RateLimiter;
  /** Told (no PHI: the source and an error) when a paper cannot be read. */
  onUnreadable?: (source: DocumentSourceKind, error: unknown) => void;
  now?: () => Date;
}): RecordArchiveService {
  const now = deps.now ?? (() => new Date());
  const action = 'record.archive';

  const dayIn = (at: Date, timeZone: string) => {
    const d = calendarDateIn(at, timeZone);
    return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
  };

  async function papersOf(actor: Actor, family: PersonFacts[]): Promise<Paper[]> {
    const holder = family[0];
    if (!holder) return [];
    // Every paper ever written (the files are read on their own: the archive opens their bytes).
    const whole = {
      from: new Date(0),
      to: new Date(now().getTime() + 86_400_000),
      firstDay: '0001-01-01',
      lastDay: '9999-12-31',
    };
    const [uploads, rows] = await Promise.all([
      deps.repo.allForAccount(actor.accountId),
      deps.repo.papers(
        actor.accountId,
        deps.sources.map((s) => s.source),
        whole,
      ),
    ]);
    const listed = await Promise.all(
      deps.sources.map(async (source) => ({
        source,
        entries: await source.describe(
          rows.filter((row) => row.source === source.source),
          actor.lang,
        ),
      })),
    );
    const personOf = (id: string | null) =>
      id === null ? holder : family.find((p) => p.id === id);
    const papers: Paper[] = [];
    for (const row of uploads) {
      const person = personOf(row.personId);
      // A person no longer on the account is not in its record (as in Documents).
      if (!person) continue;
      papers.push({
        source: row.source === 'pharmacyUpload' ? 'pharmacyUpload' : 'upload',
        id: row.id,
        person,
        date: row.fdate,
        at: row.createdAt,
        description: row.fdesc,
        author: row.author,
        open: async () => {
          const opened = await deps.files.openFor(actor, row.fileId, row.accountId);
          return {
            bytes: await readAll(opened.body),
            name: opened.file.name,
            contentType: opened.file.contentType,
          };
        },
      });
    }
    for (const { source, entries } of listed) {
      for (const entry of entries) {
        const person = personOf(entry.personId);
        if (!person) continue;
        papers.push({
          source: source.source,
          id: entry.id,
          person,
          date: dayIn(entry.at, actor.timeZone),
          at: entry.at,
          description:
            entry.fdesc ||
            translate(
              actor.lang,
              `documents.desc.${source.source}` as 'documents.desc.certificate',
            ),
          author: entry.author,
          // The source checks the owner again and audits the read.
          open: () => source.open(actor, entry.id),
        });
      }
    }
    // Ties in a fixed order (they decide which file of a name gets its '(2)'): the sources'
    // papers come from one statement in no order.
    return papers.sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        a.at.getTime() - b.at.getTime() ||
        a.source.localeCompare(b.source) ||
        a.id.localeCompare(b.id),
    );
  }

  async function refuse(actor: Actor, reason: string, error: AppError): Promise<never> {
    await deps.audit.denied(actor, action, { accountId: actor.accountId }, { reason });
    throw error;
  }

  return {
    async build(actor) {
      const role = await deps.accounts.role(actor.accountId);
      if (workspaceOf(role) !== 'patient') {
        await refuse(
          actor,
          'role',
          new AppError(403, 'PATIENTS_ONLY', 'documents.archive.patientsOnly'),
        );
      }
      const used = await deps.limiter.hit(
        `record-archive:${actor.accountId}`,
        recordArchiveLimit.windowSeconds,
      );
      if (used > recordArchiveLimit.perWindow) {
        await refuse(actor, 'rateLimited', appErrors.rateLimited());
      }
      try {
        return await assemble(actor);
      } catch (error) {
        await deps.audit.failed(actor, action, { accountId: actor.accountId }, {});
        throw error;
      }
    },
  };

  async function assemble(actor: Actor) {
    const generatedAt = now();
    const today = dayIn(generatedAt, actor.timeZone);
    const [family, brand, transactions] = await Promise.all([
      deps.accounts.family(actor.accountId),
      actor.brand(),
      deps.payments.transactionsOf(actor.accountId),
    ]);
    const papers = await papersOf(actor, family);

    const zip = createZipArchive();
    const folderOf = new Map(family.map((p, i) => [p.id, recordArchivePersonFolder(i)]));
    const used = new Set<string>();
    const uniquePath = (folder: string, name: string) => {
      const dot = name.lastIndexOf('.');
      const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
      let path = `${folder}/${name}`;
      for (let n = 2; used.has(path.toLowerCase()); n += 1) path = `${folder}/${stem} (${n})${ext}`;
      used.add(path.toLowerCase());
      return path;
    };

    const documents: RecordArchiveSummary['documents'] = [];
    const missing: RecordArchiveSummary['missing'] = [];
    const counts = new Map<string, Map<DocumentSourceKind, number>>();
    for (const paper of papers) {
      const personFolder = folderOf.get(paper.person.id);
      if (!personFolder) continue;
      let opened: Awaited<ReturnType<Paper['open']>>;
      try {
        opened = await paper.open();
      } catch (error) {
        deps.onUnreadable?.(paper.source, error);
        missing.push({
          personId: paper.person.id,
          source: paper.source,
          date: paper.date,
          description: paper.description,
        });
        continue;
      }
      const path = uniquePath(
        `${personFolder}/${recordArchiveFolders[paper.source]}`,
        safeEntryName(`${paper.date} ${opened.name}`),
      );
      zip.add(path, opened.bytes, { compress: !storedAsIs(opened.contentType), at: paper.at });
      documents.push(documentEntry(path, paper, opened));
      const byKind = counts.get(paper.person.id) ?? new Map<DocumentSourceKind, number>();
      byKind.set(paper.source, (byKind.get(paper.source) ?? 0) + 1);
      counts.set(paper.person.id, byKind);
    }

    zip.add(recordArchiveFiles.payments, Buffer.from(paymentsCsv(transactions), 'utf8'), {
      at: generatedAt,
    });

    const summary = summaryOf(actor, generatedAt, family, {
      documents,
      payments: transactions.length,
      missing,
    });
    zip.add(recordArchiveFiles.summary, Buffer.from(`${JSON.stringify(summary, null, 2)}\n`), {
      at: generatedAt,
    });

    const holder = family[0];
    const lines = readmeLines(actor.lang, {
      brandName: brand.name,
      today,
      family,
      counts,
      payments: transactions.length,
      missing,
    });
    // Written last, it knows what went in and what could not.
    zip.add(recordArchiveFiles.readme, Buffer.from(lines.join('\r\n'), 'utf8'), {
      at: generatedAt,
    });
    const { body, size } = zip.finish();

    await Promise.all(
      family.map((p) =>
        deps.audit.record(
          actor,
          action,
          { accountId: actor.accountId, personId: p.id },
          {
            documents: documents.filter((d) => d.personId === p.id).length,
            missing: missing.filter((m) => m.personId === p.id).length,
            ...(p.id === holder?.id ? { payments: transactions.length } : {}),
          },
        ),
      ),
    );
    return { fileName: recordArchiveFileName(today), body, size };
  }
}
