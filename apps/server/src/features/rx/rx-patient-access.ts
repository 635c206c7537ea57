import { ageOn, calendarDateOfUtc, parseDateInput } from '@apothecall/domain/dates/dates.rules';
import { awaitsUploads } from '@apothecall/domain/navigation/route-guard.rules';
import type { VerifyIdDoc } from '@apothecall/domain/rx/rx-verify-id.api';
import type { RxVisitView } from '@apothecall/domain/rx/rx-visits.api';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { appErrors } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { AccountsPort, PersonFacts } from '../accounts/accounts.port';
import type { AssessmentsPort } from '../assessments/assessments.port';
import type { BrandsPort } from '../brands/brands.port';
import type { CarePort } from '../care/care.port';
import type { FilesPort } from '../files/files.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { PrepayPort } from '../prepay/prepay.port';
import './rx.events';
import type { RxIdDocumentRecord, RxRepo, RxVisitRecord } from './rx.repo';
import { visitSnapshot } from './rx.views';
import type { RxViewLoader } from './rx-visit-views';

/** An upload as the HTTP layer read it (bounded by the configured maximum). */
export interface RxUpload {
  fileName: string;
  bytes: Buffer;
}

/** What the patient's side of Rx visits is built from. */
export interface RxPatientDeps {
  repo: RxRepo;
  views: RxViewLoader;
  /** Earlier on-demand visits: a state's "1st Video" requirement is met by a completed one. */
  care: CarePort;
  accounts: Pick<AccountsPort, 'person' | 'family' | 'loginId'>;
  brands: Pick<BrandsPort, 'careSettings'>;
  payments: Pick<PaymentsPort, 'charge' | 'refund' | 'quote'>;
  files: Pick<FilesPort, 'upload' | 'open' | 'openFor'>;
  /** Where a visit's prescription goes: a chosen verified pharmacy, or a link's. */
  pharmacy: Pick<PharmacyPort, 'routeFor' | 'resolveLink'>;
  /** Visits paid from a prepay program by an access token or program code. */
  prepay: Pick<PrepayPort, 'quote' | 'redeem' | 'settle'>;
  /** A pharmacy's in-store assessment link a visit continues. */
  assessments: Pick<AssessmentsPort, 'forVisit' | 'continueOnce' | 'attachVisit' | 'release'>;
  audit: AuditService;
  events: Pick<EventBus, 'emit'>;
  now?: () => Date;
}

/** Age today and birth gender, for the product's filters. */
export function patientFacts(person: PersonFacts, at: Date) {
  const dob = parseDateInput(person.dob);
  return {
    age: dob ? ageOn(dob, calendarDateOfUtc(at)) : 0,
    birthGender:
      person.gender === 'M' || person.gender === 'F' ? person.gender : ('X' as 'M' | 'F' | 'X'),
  };
}

export const isUuid = (value: string) => z.uuid().safeParse(value).success;

export function idDocView(doc: RxIdDocumentRecord): VerifyIdDoc {
  return {
    id: doc.id,
    patientId: doc.personId,
    fileId: doc.fileId,
    hidden: doc.hidden,
    uploadedAt: doc.createdAt.toISOString(),
  };
}

/** Whose record a visit, an ID photo or a person is (the audit row's subject). */
export const subject = (of: { accountId: string; personId: string } | PersonFacts) => ({
  accountId: of.accountId,
  personId: 'personId' in of ? of.personId : of.id,
});

/** A visit of the account still waits for an ID or attachment (guard step 6). */
export const waitsForUploads = (visits: readonly RxVisitRecord[]) => visits.some(awaitsUploads);

export type RxPatientAccess = ReturnType<typeof createPatientAccess>;

/** The patient's own people and visits, their views and what a change tells the others. */
export function createPatientAccess(deps: RxPatientDeps) {
  const now = deps.now ?? (() => new Date());

  async function view(visit: RxVisitRecord): Promise<RxVisitView> {
    const [one] = await deps.views([visit]);
    if (!one) throw appErrors.notFound();
    return one;
  }

  async function ownPerson(actor: Actor, personId: string): Promise<PersonFacts> {
    const person = isUuid(personId) ? await deps.accounts.person(personId) : undefined;
    if (!person || person.accountId !== actor.accountId) throw appErrors.notFound();
    return person;
  }

  async function ownVisit(actor: Actor, visitId: string): Promise<RxVisitRecord> {
    const visit = isUuid(visitId) ? await deps.repo.visit(visitId) : undefined;
    if (!visit || visit.accountId !== actor.accountId) {
      await deps.audit.denied(actor, 'rx.visit.read', null, {
        reason: 'not-found-or-not-allowed',
        ...(isUuid(visitId) ? { visitId } : {}),
      });
      throw appErrors.notFound();
    }
    return visit;
  }

  async function changed(visit: RxVisitRecord, line = false) {
    await deps.events.emit('rx.visitChanged', { visit: visitSnapshot(visit), by: 'patient' });
    if (line) await deps.events.emit('rx.queueChanged', { state: visit.location });
  }

  /** The ID photo already on file is linked to a new visit, so its prescriber sees it. */
  async function linkIdOnFile(visit: RxVisitRecord, doc: RxIdDocumentRecord | undefined) {
    if (!doc) return;
    await deps.repo.linkFile(visit.id, {
      fileId: doc.fileId,
      docType: 'id',
      name: 'id',
      contentType: 'image/jpeg',
    });
  }

  return { now, view, ownPerson, ownVisit, changed, linkIdOnFile };
}
