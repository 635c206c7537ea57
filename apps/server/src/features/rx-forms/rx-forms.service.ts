import { translate } from '@apothecall/domain/i18n/catalog';
import { isLang, type Lang } from '@apothecall/domain/i18n/i18n.rules';
import type {
  PatientRxForm,
  PharmacyRxForm,
  RxFormRequestFields,
  RxFormStatus,
} from '@apothecall/domain/rx/rx-forms.api';
import {
  currentRxFormVersion,
  type RxFormId,
  rxFormById,
  rxFormVersion,
  signatureMatches,
} from '@apothecall/domain/rx/rx-forms.rules';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import type { DocumentSource } from '../../platform/document-sources';
import { AppError, SchemaError } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { AccountsPort, PersonFacts } from '../accounts/accounts.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { RxPort, RxVisitRef } from '../rx/rx.port';
import './rx-forms.events';
import { renderSignedFormPdf } from './rx-form-pdf';
import type { RxFormRequestRecord, RxFormsRepo } from './rx-forms.repo';

export interface RxFormsService {
  /** The pharmacy's requests on its visit, newest first (audited read of the patient's record). */
  visitForms(actor: Actor, visitId: string): Promise<PharmacyRxForm[]>;
  request(actor: Actor, visitId: string, input: RxFormRequestFields): Promise<PharmacyRxForm>;
  withdraw(actor: Actor, visitId: string, formRequestId: string): Promise<PharmacyRxForm>;
  /** The signed PDF, for the pharmacy that asked: 404 before it is signed. */
  pharmacyPdf(actor: Actor, visitId: string, formRequestId: string): Promise<Buffer>;
  /** The account's forms: waiting ones first, then signed ones. */
  mine(actor: Actor): Promise<PatientRxForm[]>;
  sign(
    actor: Actor,
    visitId: string,
    formRequestId: string,
    input: { fullName: string },
  ): Promise<PatientRxForm>;
  /** The signed PDF, for the visit's account holder. */
  patientPdf(actor: Actor, visitId: string, formRequestId: string): Promise<Buffer>;
  /** Signed forms in the patient's documents (their document source). */
  documents: DocumentSource;
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;
const notFound = () => new AppError(404, 'NOT_FOUND', 'rxForms.notFound');
const fullName = (p: Pick<PersonFacts, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`;

function pharmacyView(row: RxFormRequestRecord): PharmacyRxForm {
  return {
    id: row.id,
    formId: row.formId as RxFormId,
    version: row.version,
    designeeName: row.designeeName,
    status: row.status as RxFormStatus,
    requestedAt: row.requestedAt.toISOString(),
    signedAt: row.signedAt ? row.signedAt.toISOString() : null,
    signedName: row.signedName,
    withdrawnAt: row.withdrawnAt ? row.withdrawnAt.toISOString() : null,
  };
}

/**
 * Form signing on Rx visits. The pharmacy that claimed a visit (the rx port decides
 * who may see it: its pharmacy's staff within their grant; anyone else 404) asks its patient to
 * sign a form of the domain catalogue; one open request per form and visit. The visit's account
 * holder (who signs for a dependent too) reads it in their language and signs with their full
 * name as their profile has it and the box ticked; anyone else's visit or form is 404. The signed
 * form is a PDF, written when opened, in the patient's documents and for the pharmacy. Every read
 * and change is audited with the patient as the subject, by ids only.
 */
export function createRxFormsService(deps: {
  repo: RxFormsRepo;
  rx: Pick<RxPort, 'pharmacyVisit' | 'ownVisit'>;
  accounts: Pick<AccountsPort, 'person' | 'family'>;
  pharmacy: Pick<PharmacyPort, 'organization'>;
  audit: AuditService;
  events: Pick<EventBus, 'emit'>;
  now?: () => Date;
}): RxFormsService {
  const now = deps.now ?? (() => new Date());
  const subject = (of: { accountId: string; personId: string }) => ({
    accountId: of.accountId,
    personId: of.personId,
  });

  /** The visit's request, or 404 (audited as denied). */
  async function requestOn(
    actor: Actor,
    visit: RxVisitRef,
    formRequestId: string,
    what: string,
    organizationId?: string,
  ): Promise<RxFormRequestRecord> {
    const row = isUuid(formRequestId) ? await deps.repo.byId(formRequestId) : undefined;
    if (
      !row ||
      row.visitId !== visit.id ||
      (organizationId !== undefined && row.organizationId !== organizationId)
    ) {
      await deps.audit.denied(actor, what, null, {
        reason: 'not-found-or-not-allowed',
        visitId: visit.id,
        ...(isUuid(formRequestId) ? { formRequestId } : {}),
      });
      throw notFound();
    }
    return row;
  }

  async function patientViews(
    accountId: string,
    rows: RxFormRequestRecord[],
  ): Promise<PatientRxForm[]> {
    const family = await deps.accounts.family(accountId);
    const pharmacies = new Map<string, string>();
    for (const id of new Set(rows.map((r) => r.organizationId))) {
      pharmacies.set(id, (await deps.pharmacy.organization(id))?.name ?? '');
    }
    return rows.map((row) => {
      const person = family.find((p) => p.id === row.personId);
      return {
        id: row.id,
        visitId: row.visitId,
        formId: row.formId as RxFormId,
        version: row.version,
        designeeName: row.designeeName,
        pharmacyName: pharmacies.get(row.organizationId) ?? '',
        patientName: person ? fullName(person) : '',
        status: row.status as RxFormStatus,
        requestedAt: row.requestedAt.toISOString(),
        signedAt: row.signedAt ? row.signedAt.toISOString() : null,
      };
    });
  }

  /** The signed form's PDF, for whoever the caller's check let in. */
  async function pdfOf(actor: Actor, row: RxFormRequestRecord): Promise<Buffer> {
    const form = rxFormVersion(row.formId, row.version);
    if (row.status !== 'signed' || !row.signedAt || !form) throw notFound();
    const [person, organization] = await Promise.all([
      deps.accounts.person(row.personId),
      deps.pharmacy.organization(row.organizationId),
    ]);
    if (!person) throw notFound();
    const lang: Lang = row.signedLang && isLang(row.signedLang) ? row.signedLang : 'en';
    return renderSignedFormPdf({
      brandName: (await actor.brand()).name,
      lang,
      timeZone: actor.timeZone,
      form,
      pharmacy: { name: organization?.name ?? '', ncpdpId: organization?.ncpdpId ?? '' },
      visitId: row.visitId,
      patient: { name: fullName(person), dob: person.dob },
      onBehalf: row.personId !== row.accountId,
      designeeName: row.designeeName,
      requestedAt: row.requestedAt,
      signedAt: row.signedAt,
      signedName: row.signedName ?? '',
    });
  }

  /** A visit of the caller's own family, and one of its requests (anyone else's: 404). */
  async function ownRequest(actor: Actor, visitId: string, formRequestId: string, what: string) {
    const visit = await deps.rx.ownVisit(actor, visitId);
    const row = await requestOn(actor, visit, formRequestId, what);
    if (row.accountId !== actor.accountId || row.status === 'withdrawn') {
      await deps.audit.denied(actor, what, null, {
        reason: 'not-found-or-not-allowed',
        visitId: visit.id,
        formRequestId: row.id,
      });
      throw notFound();
    }
    return { visit, row };
  }

  const documentName = (lang: Lang, row: Pick<RxFormRequestRecord, 'formId' | 'version'>) => {
    const form = rxFormVersion(row.formId, row.version);
    return translate(lang, 'rxForms.documentDesc', {
      form: form ? translate(lang, form.titleKey) : row.formId,
    });
  };

  return {
    async visitForms(actor, visitId) {
      const visit = await deps.rx.pharmacyVisit(actor, visitId);
      const rows = await deps.repo.ofVisit(visit.id, visit.staff.organization.id);
      await deps.audit.record(actor, 'rxForms.list', subject(visit), {
        visitId: visit.id,
        organizationId: visit.staff.organization.id,
        count: rows.length,
      });
      return rows.map(pharmacyView);
    },

    async request(actor, visitId, input) {
      const visit = await deps.rx.pharmacyVisit(actor, visitId);
      if (!visit.claimed) throw new AppError(409, 'PHARMACY_NOT_CLAIMED', 'rxForms.claimFirst');
      const form = rxFormById(input.formId);
      if (!form) {
        throw new SchemaError([{ path: 'formId', message: 'rxForms.field.form' }]);
      }
      const row = await deps.repo.insert({
        visitId: visit.id,
        organizationId: visit.staff.organization.id,
        accountId: visit.accountId,
        personId: visit.personId,
        formId: form.id,
        version: currentRxFormVersion(form).version,
        designeeName: form.needsDesignee ? input.designeeName : null,
        requestedBy: actor.accountId,
        requestedAt: now(),
      });
      if (!row) {
        throw new AppError(409, 'RX_FORM_ALREADY_REQUESTED', 'rxForms.alreadyRequested');
      }
      await deps.audit.record(actor, 'rxForms.request', subject(visit), {
        visitId: visit.id,
        organizationId: visit.staff.organization.id,
        formRequestId: row.id,
        formId: row.formId,
        version: row.version,
      });
      await deps.events.emit('rxForms.requested', {
        formRequestId: row.id,
        accountId: row.accountId,
      });
      return pharmacyView(row);
    },

    async withdraw(actor, visitId, formRequestId) {
      const visit = await deps.rx.pharmacyVisit(actor, visitId);
      const organizationId = visit.staff.organization.id;
      const row = await requestOn(actor, visit, formRequestId, 'rxForms.withdraw', organizationId);
      const withdrawn = await deps.repo.withdraw(row.id, organizationId, actor.accountId, now());
      if (!withdrawn) throw new AppError(409, 'RX_FORM_NOT_PENDING', 'rxForms.notPending');
      await deps.audit.record(actor, 'rxForms.withdraw', subject(visit), {
        visitId: visit.id,
        organizationId,
        formRequestId: row.id,
      });
      return pharmacyView(withdrawn);
    },

    async pharmacyPdf(actor, visitId, formRequestId) {
      const visit = await deps.rx.pharmacyVisit(actor, visitId);
      const organizationId = visit.staff.organization.id;
      const row = await requestOn(actor, visit, formRequestId, 'rxForms.pdf', organizationId);
      const pdf = await pdfOf(actor, row);
      await deps.audit.record(actor, 'rxForms.pdf', subject(visit), {
        visitId: visit.id,
        organizationId,
        formRequestId: row.id,
      });
      return pdf;
    },

    async mine(actor) {
      const rows = await deps.repo.ofAccount(actor.accountId);
      const ordered = [
        ...rows.filter((r) => r.status === 'requested'),
        ...rows.filter((r) => r.status === 'signed'),
      ];
      await deps.audit.record(
        actor,
        'rxForms.list',
        { accountId: actor.accountId },
        { count: ordered.length },
      );
      return patientViews(actor.accountId, ordered);
    },

    async sign(actor, visitId, formRequestId, input) {
      const { visit, row } = await ownRequest(actor, visitId, formRequestId, 'rxForms.sign');
      if (row.status !== 'requested') {
        throw new AppError(409, 'RX_FORM_NOT_PENDING', 'rxForms.notPending');
      }
      // The account holder signs, for themselves or for the family member the visit is for.
      const signer = await deps.accounts.person(actor.accountId);
      if (!signer || !signatureMatches(input.fullName, signer)) {
        throw new SchemaError([{ path: 'fullName', message: 'rxForms.nameMismatch' }]);
      }
      const signed = await deps.repo.sign(row.id, actor.accountId, {
        signedBy: actor.accountId,
        signedName: input.fullName,
        signedLang: actor.lang,
        signedAt: now(),
      });
      if (!signed) throw new AppError(409, 'RX_FORM_NOT_PENDING', 'rxForms.notPending');
      await deps.audit.record(actor, 'rxForms.sign', subject(visit), {
        visitId: visit.id,
        formRequestId: row.id,
        formId: row.formId,
        version: row.version,
      });
      const [view] = await patientViews(actor.accountId, [signed]);
      if (!view) throw notFound();
      return view;
    },

    async patientPdf(actor, visitId, formRequestId) {
      const { visit, row } = await ownRequest(actor, visitId, formRequestId, 'rxForms.pdf');
      const pdf = await pdfOf(actor, row);
      await deps.audit.record(actor, 'rxForms.pdf', subject(visit), {
        visitId: visit.id,
        formRequestId: row.id,
      });
      return pdf;
    },

    documents: {
      source: 'signedForm',
      papers: deps.repo.papers,
      describe(rows, lang) {
        return rows.map((row) => ({
          id: row.id,
          personId: row.personId,
          at: row.at,
          ftype: 'application/pdf',
          fdesc: documentName(lang, {
            formId: String(row.data.formId),
            version: String(row.data.version),
          }),
          author: '',
        }));
      },
      async open(actor, id) {
        const row = isUuid(id) ? await deps.repo.byId(id) : undefined;
        if (!row || row.accountId !== actor.accountId || row.status !== 'signed') {
          await deps.audit.denied(actor, 'rxForms.pdf', null, {
            reason: 'not-found-or-not-allowed',
            ...(isUuid(id) ? { formRequestId: id } : {}),
          });
          throw notFound();
        }
        const bytes = await pdfOf(actor, row);
        await deps.audit.record(actor, 'rxForms.pdf', subject(row), {
          visitId: row.visitId,
          formRequestId: row.id,
        });
        return { bytes, name: 'signed-form.pdf', contentType: 'application/pdf' };
      },
    },
  };
}
