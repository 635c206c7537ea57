import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { providerCredentialSchema } from '@apothecall/domain/notes/notes.schemas';
import { rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import type { DocumentSource, PapersQuery } from '../../platform/document-sources';
import { appErrors } from '../../platform/errors';
import type { AccountsPort } from '../accounts/accounts.port';
import type { RosterPort } from '../clinic/roster.port';
import type { RxRepo } from './rx.repo';
import type { RxService } from './rx.service';
import { renderConsentPdf } from './rx-consent-pdf';
import type { RxPharmacyService } from './rx-pharmacy.service';
import { renderPrescriptionPdf } from './rx-prescription-pdf';
import type { RxReviewService } from './rx-review.service';

/** The consents a visit recorded (id, version, when), as stored by the evaluation. */
const consentRecordsSchema = z.array(
  z.object({ id: z.string(), versionDate: z.string(), acceptedAt: z.string() }),
);
const consentRecords = (stored: unknown) => {
  const parsed = consentRecordsSchema.safeParse(stored);
  return parsed.success ? parsed.data : [];
};

const productName = (lang: Lang, productId: string) => {
  const product = rxProductById(productId);
  return product ? translate(lang, product.nameKey) : productId;
};

export interface RxDocumentsService {
  /** The prescription's PDF for the visit's patient, its prescriber or the claiming pharmacy. */
  prescriptionPdf(
    actor: Actor,
    visitId: string,
    who: 'patient' | 'prescriber' | 'pharmacy',
  ): Promise<Buffer>;
  /** The consents the patient signed, as a PDF, for the patient or the prescriber. */
  consentPdf(actor: Actor, visitId: string, who: 'patient' | 'prescriber'): Promise<Buffer>;
  /** Prescriptions as the patient's documents, dated when first written. */
  prescriptions: DocumentSource;
  /** Signed consents as the patient's documents, dated with their visit. */
  consents: DocumentSource;
}

/**
 * The Rx area's papers: the
 * prescription and consent PDFs, each read audited, and the two document sources the documents
 * area lists. Who may read a visit is the visit services' answer (the patient's own visit, the
 * prescriber's review, the pharmacy's claim); this service asks them, then prints.
 */
export function createRxDocumentsService(deps: {
  repo: Pick<RxRepo, 'prescriptionsOf'>;
  /** The family's prescriptions and consents of a month (rx-records.repo.ts). */
  papers: { prescriptions: PapersQuery; consents: PapersQuery };
  rx: Pick<RxService, 'ownVisit'>;
  review: Pick<RxReviewService, 'visitFor'>;
  pharmacy: Pick<RxPharmacyService, 'visitForPdf'>;
  accounts: Pick<AccountsPort, 'person' | 'postalAddress' | 'displayName'>;
  roster: Pick<RosterPort, 'profile'>;
  audit: Pick<AuditService, 'record'>;
}): RxDocumentsService {
  const { repo, accounts, audit } = deps;

  async function prescriptionPdf(
    actor: Actor,
    visitId: string,
    who: 'patient' | 'prescriber' | 'pharmacy',
  ) {
    const claim = who === 'pharmacy' ? await deps.pharmacy.visitForPdf(actor, visitId) : undefined;
    const visit = claim
      ? claim.visit
      : who === 'patient'
        ? await deps.rx.ownVisit(actor, visitId)
        : await deps.review.visitFor(actor, visitId);
    const prescriptions = await repo.prescriptionsOf([visit.id]);
    const [first] = prescriptions;
    if (visit.status !== 'rxed' || !first) throw appErrors.notFound();
    const [person, address, name, profile] = await Promise.all([
      accounts.person(visit.personId),
      accounts.postalAddress(visit.personId),
      accounts.displayName(first.prescriberId),
      deps.roster.profile(first.prescriberId),
    ]);
    if (!person) throw appErrors.notFound();
    const credential = providerCredentialSchema.safeParse(profile?.credential);
    await audit.record(
      actor,
      'rx.prescription.pdf',
      { accountId: visit.accountId, personId: visit.personId },
      { visitId: visit.id },
    );
    return renderPrescriptionPdf({
      brandName: (await actor.brand()).name,
      lang: actor.lang,
      timeZone: actor.timeZone,
      visitId: visit.id,
      prescriber: {
        name: profile?.suffix ? `${name ?? ''}, ${profile.suffix}` : (name ?? ''),
        credential: credential.success ? credential.data : undefined,
      },
      patient: {
        name: `${person.firstName} ${person.lastName}`,
        dob: person.dob,
        gender: person.gender,
        phone: person.phone,
        address,
      },
      prescriptions,
      writtenAt: first.createdAt,
      ...(claim
        ? {
            claimedBy: {
              name: claim.staff.organization.name,
              ncpdpId: claim.staff.organization.ncpdpId,
              at: claim.visit.updatedAt,
            },
          }
        : {}),
    });
  }

  async function consentPdf(actor: Actor, visitId: string, who: 'patient' | 'prescriber') {
    const visit =
      who === 'patient'
        ? await deps.rx.ownVisit(actor, visitId)
        : await deps.review.visitFor(actor, visitId);
    const person = await accounts.person(visit.personId);
    if (!person) throw appErrors.notFound();
    await audit.record(
      actor,
      'rx.consents.pdf',
      { accountId: visit.accountId, personId: visit.personId },
      { visitId: visit.id },
    );
    return renderConsentPdf({
      brandName: (await actor.brand()).name,
      lang: actor.lang,
      timeZone: actor.timeZone,
      visitId: visit.id,
      productName: productName(actor.lang, visit.productId),
      patient: { name: `${person.firstName} ${person.lastName}`, dob: person.dob },
      consents: consentRecords(visit.consents),
    });
  }

  return {
    prescriptionPdf,
    consentPdf,
    prescriptions: {
      source: 'prescription',
      papers: deps.papers.prescriptions,
      describe(rows, lang) {
        return rows.map((row) => ({
          id: row.id,
          personId: row.personId,
          at: row.at,
          ftype: 'application/pdf',
          fdesc: `${translate(lang, 'documents.desc.prescription')}: ${productName(lang, String(row.data.productId))}`,
          author: '',
        }));
      },
      async open(actor, id) {
        const bytes = await prescriptionPdf(actor, id, 'patient');
        return { bytes, name: 'prescription.pdf', contentType: 'application/pdf' };
      },
    },
    consents: {
      source: 'consent',
      papers: deps.papers.consents,
      describe(rows, lang) {
        return rows
          .filter((row) => consentRecords(row.data.consents).length > 0)
          .map((row) => ({
            id: row.id,
            personId: row.personId,
            at: row.at,
            ftype: 'application/pdf',
            fdesc: `${translate(lang, 'documents.desc.consent')}: ${productName(lang, String(row.data.productId))}`,
            author: '',
          }));
      },
      async open(actor, id) {
        const bytes = await consentPdf(actor, id, 'patient');
        return { bytes, name: 'consents.pdf', contentType: 'application/pdf' };
      },
    },
  };
}
