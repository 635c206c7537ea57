import type { DocumentSource as DocumentSourceKind } from '@apothecall/domain/documents/documents.schemas';
import {
  type RecordArchiveSummary,
  recordArchiveFiles,
  recordArchiveFolders,
  recordArchivePersonFolder,
} from '@apothecall/domain/documents/record-archive.api';
import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { PersonFacts } from '../accounts/accounts.port';

const fullName = (p: PersonFacts) => `${p.firstName} ${p.lastName}`.trim();

/**
 * The archive's README, line by line, in the holder's language: who is in it and in which
 * folder, how many documents of each kind, the payments and summary files, and what could not
 * be read. Written last, it knows what went in.
 */
export function readmeLines(
  lang: Lang,
  archive: {
    brandName: string;
    today: string;
    family: readonly PersonFacts[];
    counts: ReadonlyMap<string, ReadonlyMap<DocumentSourceKind, number>>;
    payments: number;
    missing: RecordArchiveSummary['missing'];
  },
): string[] {
  const { brandName, today, family, counts, payments, missing } = archive;
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(lang, key, params);
  const kindName = (source: DocumentSourceKind) =>
    t(`documents.kind.${source}` as 'documents.kind.upload');
  const holder = family[0];
  const lines = [
    t('documents.archive.readme.title', { brand: brandName }),
    t('documents.archive.readme.prepared', {
      date: today,
      holder: holder ? fullName(holder) : '',
    }),
    '',
    t('documents.archive.readme.intro'),
    '',
    t('documents.archive.readme.people'),
    ...family.map((p, i) =>
      t('documents.archive.readme.person', {
        folder: recordArchivePersonFolder(i),
        name: fullName(p),
        dob: p.dob,
        role: t(i === 0 ? 'documents.archive.readme.holder' : 'documents.archive.readme.dependent'),
      }),
    ),
  ];
  family.forEach((p, i) => {
    const folder = recordArchivePersonFolder(i);
    const byKind = counts.get(p.id);
    lines.push('', t('documents.archive.readme.kinds', { folder }));
    if (!byKind) {
      lines.push(`  ${t('documents.archive.readme.none')}`);
      return;
    }
    for (const [source, count] of byKind) {
      lines.push(
        `  ${t('documents.archive.readme.kind', {
          folder: recordArchiveFolders[source],
          kind: kindName(source),
          count,
        })}`,
      );
    }
  });
  lines.push(
    '',
    t('documents.archive.readme.payments', {
      file: recordArchiveFiles.payments,
      count: payments,
    }),
    t('documents.archive.readme.summary', { file: recordArchiveFiles.summary }),
  );
  if (missing.length > 0) {
    lines.push('', t('documents.archive.readme.missing'));
    for (const m of missing) {
      lines.push(
        `  ${t('documents.archive.readme.missingItem', {
          date: m.date,
          kind: kindName(m.source),
          description: m.description,
        })}`,
      );
    }
  }
  lines.push('', t('documents.archive.readme.help'), '');
  return lines;
}
