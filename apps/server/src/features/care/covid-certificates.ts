import { randomInt } from 'node:crypto';
import {
  type CertificateVerification,
  type CovidTest,
  covidTestResults,
  covidTestTypes,
  initialsOf,
  maxCovidTestAgeDays,
  verificationIdAlphabet,
  verificationIdLength,
  verificationIdSchema,
} from '@apothecall/domain/care/covid-certificates.api';
import type { CalendarDate } from '@apothecall/domain/dates/dates.rules';
import { translate } from '@apothecall/domain/i18n/catalog';
import type { Actor, Caller } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import type { DocumentSource, PapersQuery } from '../../platform/document-sources';
import { AppError, appErrors, SchemaError } from '../../platform/errors';
import type { AccountsPort } from '../accounts/accounts.port';
import { renderCovidCertificatePdf } from './covid-certificate-pdf';
import type { NewCovidCertificate, VisitRecordsRepo } from './visit-records.repo';

/**
 * Covid test certificates. A completed Covid certification visit issues one, in the
 * transaction that ends the visit (clinic.service.ts); the patient finds it among their
 * documents (this file's DocumentSource) and anyone holding its verification id can check it
 * on the brand's public page, which shows initials, the day, the test and the result only.
 */

/** A new random verification id: 10 characters of Crockford base32 (50 bits). */
export function newVerificationId(): string {
  let id = '';
  for (let i = 0; i < verificationIdLength; i += 1) {
    id += verificationIdAlphabet[randomInt(verificationIdAlphabet.length)];
  }
  return id;
}

const dayMs = 24 * 60 * 60 * 1000;
const dayNumber = (d: CalendarDate) => Date.UTC(d.year, d.month - 1, d.day) / dayMs;
const isoDay = (d: CalendarDate) =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/**
 * The certificate a completed Covid certification visit issues. The test is required and must
 * be from the visit's day or the `maxCovidTestAgeDays` before it (the provider's calendar).
 */
export function newCovidCertificate(input: {
  test: CovidTest | null;
  visitDay: CalendarDate;
  accountId: string;
  personId: string;
  providerId: string;
  providerName: string;
  providerCredential: Record<string, unknown>;
}): NewCovidCertificate {
  const test = input.test;
  if (!test) {
    throw new SchemaError([{ path: 'covidTest', message: 'certificates.testRequired' }]);
  }
  const [y = 0, m = 1, d = 1] = test.testedOn.split('-').map(Number);
  const tested = dayNumber({ year: y, month: m, day: d });
  const visit = dayNumber(input.visitDay);
  if (tested > visit) {
    throw new SchemaError([{ path: 'covidTest.testedOn', message: 'certificates.testedOnFuture' }]);
  }
  if (tested < visit - maxCovidTestAgeDays) {
    throw new SchemaError([
      {
        path: 'covidTest.testedOn',
        message: 'certificates.testedOnTooOld',
        params: { days: maxCovidTestAgeDays },
      },
    ]);
  }
  return {
    verificationId: newVerificationId(),
    accountId: input.accountId,
    personId: input.personId,
    testType: test.testType,
    result: test.result,
    testedOn: test.testedOn,
    providerId: input.providerId,
    providerName: input.providerName,
    providerCredential: input.providerCredential,
  };
}

export interface CovidCertificatesService {
  /** The public check: initials, day, test, result; an unknown id is not found. */
  verify(caller: Caller, verificationId: string): Promise<CertificateVerification>;
  /** The family's certificates on their documents. */
  documents: DocumentSource;
}

export function createCovidCertificatesService(deps: {
  records: Pick<VisitRecordsRepo, 'certificateByVerificationId' | 'certificate'>;
  /** The family's certificates of a month (visit-records.repo.ts `certificatePapers`). */
  papers: PapersQuery;
  accounts: Pick<AccountsPort, 'person'>;
  audit: AuditService;
  /** The public verification page, without the id: `${publicUrl}/#/test`. */
  verifyPage: string;
}): CovidCertificatesService {
  const testType = (value: string) => covidTestTypes.find((t) => t === value) ?? 'antigen';
  const result = (value: string) => covidTestResults.find((r) => r === value) ?? 'negative';
  const notFound = () => new AppError(404, 'CERTIFICATE_NOT_FOUND', 'certificates.notFound');

  return {
    async verify(caller, verificationId) {
      const id = verificationIdSchema.safeParse(verificationId);
      const row = id.success ? await deps.records.certificateByVerificationId(id.data) : undefined;
      const person = row ? await deps.accounts.person(row.personId) : undefined;
      if (!row || !person) throw notFound();
      // A public read of a patient's record (initials, day, result): audited, no account.
      await deps.audit.record(
        { ...caller, accountId: null },
        'certificate.verify',
        { accountId: row.accountId, personId: row.personId },
        { certificateId: row.id },
      );
      return {
        verificationId: row.verificationId,
        initials: initialsOf(person.firstName, person.lastName),
        testedOn: row.testedOn,
        testType: testType(row.testType),
        result: result(row.result),
        issuedAt: row.issuedAt.toISOString(),
      };
    },
    documents: {
      source: 'certificate',
      papers: deps.papers,
      describe(rows, lang) {
        return rows.map((row) => {
          const data = row.data as { verificationId: string; providerName: string };
          return {
            id: row.id,
            personId: row.personId,
            at: row.at,
            ftype: 'application/pdf',
            fdesc: translate(lang, 'documents.desc.certificateWithId', { id: data.verificationId }),
            author: data.providerName,
          };
        });
      },
      async open(actor: Actor, id) {
        const row = /^[0-9a-f-]{36}$/.test(id) ? await deps.records.certificate(id) : undefined;
        if (!row || row.accountId !== actor.accountId) {
          await deps.audit.denied(actor, 'certificate.read', null, {
            certificateId: row?.id ?? null,
          });
          throw appErrors.notFound();
        }
        const person = await deps.accounts.person(row.personId);
        if (!person) throw appErrors.notFound();
        await deps.audit.record(
          actor,
          'certificate.read',
          { accountId: row.accountId, personId: row.personId },
          { certificateId: row.id },
        );
        const npi = row.providerCredential.npi;
        const bytes = await renderCovidCertificatePdf({
          brandName: (await actor.brand()).name,
          lang: actor.lang,
          patient: { name: `${person.firstName} ${person.lastName}`.trim(), dob: person.dob },
          testType: testType(row.testType),
          result: result(row.result),
          testedOn: row.testedOn,
          provider: {
            name: row.providerName,
            credential: typeof npi === 'string' ? `NPI ${npi}` : '',
          },
          issuedOn: isoDay({
            year: row.issuedAt.getUTCFullYear(),
            month: row.issuedAt.getUTCMonth() + 1,
            day: row.issuedAt.getUTCDate(),
          }),
          verificationId: row.verificationId,
          verifyUrl: `${deps.verifyPage}?id=${row.verificationId}`,
        });
        return {
          bytes,
          name: `covid-certificate-${row.testedOn}.pdf`,
          contentType: 'application/pdf',
        };
      },
    },
  };
}
