import {
  type AssessmentIntake,
  type AssessmentRequestFields,
  type AssessmentView,
  assessmentIntakeSchema,
  type InstoreCheck,
  type InstoreStart,
  type IntakeView,
  instoreCodeSchema,
  intakeViewSchema,
  type VisitAssessment,
} from '@apothecall/domain/assessments/assessment.api';
import {
  type AssessmentForm,
  type AssessmentStateRefusal,
  assessmentCodeDays,
  assessmentProductId,
  assessmentRefusalMessage,
  assessmentRxAnswers,
  assessmentStateRefusal,
  continuationState,
} from '@apothecall/domain/assessments/assessment.rules';
import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { z } from 'zod';
import type { Actor, Caller } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { hashCode, newResetCode } from '../../platform/codes';
import type { DocumentSource } from '../../platform/document-sources';
import { AppError, parseWith } from '../../platform/errors';
import type { Mailer } from '../../platform/mail.service';
import { phoneToStore } from '../../platform/phone-numbers';
import { calendarDateIn } from '../../platform/time';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PharmacyPort, PharmacyStaff } from '../pharmacy/pharmacy.port';
import { renderAssessmentPdf } from './assessment-pdf';
import type { AssessmentForVisit, AssessmentsPort } from './assessments.port';
import type { AssessmentRecord, AssessmentsRepo } from './assessments.repo';

export interface AssessmentsService extends AssessmentsPort {
  /** The pharmacy's staff submits an intake: the patient is e-mailed the link. */
  submit(actor: Actor, input: AssessmentRequestFields): Promise<AssessmentView>;
  /** The pharmacy's newest assessments. */
  list(actor: Actor): Promise<AssessmentView[]>;
  /** One of the pharmacy's assessments; another pharmacy's is not found. */
  one(actor: Actor, id: string): Promise<AssessmentView>;
  /** The link's holder (signed in or not) learns whose pharmacy it is and how to sign in. */
  check(caller: Caller, code: string): Promise<InstoreCheck>;
  /** The signed-in patient's link, as the Rx flow opens it. */
  start(actor: Actor, code: string): Promise<InstoreStart>;
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** The states whose assessments the caller sees: a pharmacist's grant's; null, the admin's all. */
const statesOf = (staff: PharmacyStaff): readonly string[] | null => staff.grant?.states ?? null;

const notFound = () => new AppError(404, 'NOT_FOUND', 'assessment.notFound');
const linkInvalid = () => new AppError(404, 'ASSESSMENT_CODE_INVALID', 'assessment.link.invalid');
const linkUsed = () => new AppError(410, 'ASSESSMENT_CODE_USED', 'assessment.link.used');
const linkExpired = () => new AppError(410, 'ASSESSMENT_CODE_EXPIRED', 'assessment.link.expired');

/** The stored intake (written by the dated schema; read back through the view's schema). */
function intakeOf(row: AssessmentRecord): AssessmentIntake {
  return row.intake as unknown as AssessmentIntake;
}

function intakeView(row: AssessmentRecord): IntakeView {
  return intakeViewSchema.parse(row.intake);
}

function formOf(row: AssessmentRecord): AssessmentForm {
  return row.form === 'uri' ? 'uri' : 'uti';
}

function view(row: AssessmentRecord): AssessmentView {
  const intake = intakeOf(row);
  return {
    id: row.id,
    form: formOf(row),
    state: row.state,
    patientName: `${intake.patient.firstName} ${intake.patient.lastName}`,
    status: row.status === 'continued' ? 'continued' : 'sent',
    expiresAt: row.expiresAt.toISOString(),
    accountCreated: row.accountCreated,
    rxVisitId: row.rxVisitId,
    createdAt: row.createdAt.toISOString(),
    intake: intakeView(row),
  };
}

/** The audit reason of each refusal (as before issue 36). */
const refusalReason: Record<AssessmentStateRefusal, string> = {
  stateUnavailable: 'state-unavailable',
  notServed: 'pharmacy-not-serving',
  stateNotGranted: 'state-not-granted',
};

function refusalError(refusal: AssessmentStateRefusal, state: string): AppError {
  const key = assessmentRefusalMessage[refusal];
  if (refusal === 'stateUnavailable') {
    return new AppError(400, 'ASSESSMENT_STATE_UNAVAILABLE', key, { state });
  }
  if (refusal === 'notServed') return new AppError(400, 'PHARMACY_NOT_AVAILABLE', key, { state });
  return new AppError(403, 'ASSESSMENT_STATE_NOT_GRANTED', key, { state });
}

/**
 * Pharmacy in-store assessments (spec section 1; issue 20). A verified pharmacy's staff submits
 * a UTI or URI intake for a patient in a state where it is offered (not AR, DC, LA, MD, MN, MS,
 * NY, OK, RI, WA, WV) that the pharmacy takes visits from; a refusal stores and sends nothing.
 * Otherwise the patient's account is matched by e-mail or made for them (accounts port), the
 * intake is stored with a single-use link code kept only as its SHA-256, and the patient is
 * e-mailed the link (never the symptoms or results). The link continues into one Rx visit (the
 * rx area, through the port) with the intake attached and the pharmacy preselected. A
 * pharmacist's grant limits them to its states (issue 32, finding 9): they list and open only
 * those states' assessments (another's is 404, audited as denied) and submit only for them. Every
 * read and change is audited with the patient's account as the subject, by ids only.
 */
export function createAssessmentsService(deps: {
  repo: AssessmentsRepo;
  pharmacy: Pick<PharmacyPort, 'staff' | 'verifiedStaff' | 'organization'>;
  accounts: Pick<AccountsPort, 'patientForLink' | 'passwordLinkOpen' | 'loginId'>;
  audit: AuditService;
  mailer: Mailer;
  publicUrl: string;
  minRegistrationAge: number;
  now?: () => Date;
}): AssessmentsService {
  const now = deps.now ?? (() => new Date());
  const subjectOf = (row: AssessmentRecord) => ({ accountId: row.accountId });

  const pharmacyName = async (organizationId: string) =>
    (await deps.pharmacy.organization(organizationId))?.name ?? '';

  /** The open assessment of a link's code, or the reason it cannot be used. */
  async function byCode(code: string): Promise<AssessmentRecord> {
    const parsed = instoreCodeSchema.safeParse(code);
    const row = parsed.success ? await deps.repo.byCodeHash(hashCode(parsed.data)) : undefined;
    if (!row) throw linkInvalid();
    const state = continuationState(row, now());
    if (state === 'used') throw linkUsed();
    if (state === 'expired') throw linkExpired();
    return row;
  }

  /** The caller's own open assessment of a code (another account's: unknown). */
  async function ownByCode(actor: Actor, code: string, what: string) {
    let row: AssessmentRecord;
    try {
      row = await byCode(code);
    } catch (error) {
      await deps.audit.denied(actor, what, null, { reason: 'link-not-usable' });
      throw error;
    }
    if (row.accountId !== actor.accountId) {
      await deps.audit.denied(actor, what, null, { reason: 'other-account' });
      throw linkInvalid();
    }
    return row;
  }

  function problemText(lang: Lang, form: AssessmentForm, pharmacy: string) {
    return translate(lang, 'assessment.rxProblem', {
      form: translate(lang, `assessment.form.${form}`),
      pharmacy,
    });
  }

  async function forVisit(actor: Actor, code: string): Promise<AssessmentForVisit> {
    const row = await ownByCode(actor, code, 'assessment.continue');
    const form = formOf(row);
    const name = await pharmacyName(row.organizationId);
    return {
      id: row.id,
      form,
      organizationId: row.organizationId,
      state: row.state,
      productId: assessmentProductId(form),
      answers: assessmentRxAnswers(intakeOf(row), problemText(actor.lang, form, name)),
    };
  }

  const documents: DocumentSource = {
    source: 'assessment',
    pharmacyFiled: true,
    async list(accountId, range, lang) {
      const rows = await deps.repo.ofAccount(accountId, range);
      const names = new Map<string, string>();
      for (const id of new Set(rows.map((r) => r.organizationId))) {
        names.set(id, await pharmacyName(id));
      }
      return rows.map((row) => {
        const pharmacy = names.get(row.organizationId) ?? '';
        return {
          id: row.id,
          accountId: row.accountId,
          personId: null,
          at: row.createdAt,
          ftype: 'application/pdf',
          fdesc: translate(lang, 'assessment.attribution', { pharmacy }),
          author: pharmacy,
          filer: pharmacy,
        };
      });
    },
    async open(actor, id) {
      const row = isUuid(id) ? await deps.repo.byId(id) : undefined;
      if (!row || row.accountId !== actor.accountId) {
        await deps.audit.denied(actor, 'assessment.document.read', null, {
          ...(isUuid(id) ? { assessmentId: id } : {}),
        });
        throw new AppError(404, 'NOT_FOUND', 'documents.notFound');
      }
      await deps.audit.record(actor, 'assessment.document.read', subjectOf(row), {
        assessmentId: row.id,
      });
      const bytes = await renderAssessmentPdf({
        brandName: (await actor.brand()).name,
        lang: actor.lang,
        pharmacyName: await pharmacyName(row.organizationId),
        assessedOn: row.createdAt.toISOString().slice(0, 10),
        intake: intakeOf(row),
      });
      return {
        bytes,
        name: `in-store-assessment-${row.createdAt.toISOString().slice(0, 10)}.pdf`,
        contentType: 'application/pdf',
      };
    },
  };

  return {
    async submit(actor, input) {
      const staff = await deps.pharmacy.verifiedStaff(actor);
      const organizationId = staff.organization.id;
      const parsed = parseWith(
        assessmentIntakeSchema({
          today: calendarDateIn(now(), actor.timeZone),
          minAge: deps.minRegistrationAge,
        }),
        input,
      );
      // The patient's phone as stored (their account's, and the intake's): E.164.
      const phone = phoneToStore(parsed.patient.phone, 'patient.phone');
      const intake = { ...parsed, patient: { ...parsed.patient, phone } };
      const state = intake.patient.state;
      // One rule with the screen, which refuses the state before showing the form (issue 36,
      // finding 12): not offered there, the pharmacy takes no visits from it (the Rx visit goes
      // to it), or the pharmacist's grant does not name it (the admin: every state).
      const refusal = assessmentStateRefusal(state, staff.organization, staff.grant);
      if (refusal) {
        await deps.audit.denied(actor, 'assessment.submit', null, {
          organizationId,
          reason: refusalReason[refusal],
          state,
        });
        throw refusalError(refusal, state);
      }
      const at = now();
      const code = newResetCode();
      const codeHash = hashCode(code);
      const expiresAt = new Date(at.getTime() + assessmentCodeDays * 86_400_000);
      const brand = await actor.brand();
      const patient = await deps.accounts.patientForLink(actor, {
        email: intake.patient.email,
        firstName: intake.patient.firstName,
        lastName: intake.patient.lastName,
        dob: intake.patient.dob,
        gender: intake.patient.gender,
        phone: intake.patient.phone,
        state,
        brandId: brand.id,
        language: intake.patient.language,
        codeHash,
        expiresAt,
      });
      if (!patient.ok) {
        await deps.audit.denied(actor, 'assessment.submit', null, {
          organizationId,
          reason: patient.reason,
        });
        throw new AppError(409, 'ASSESSMENT_EMAIL_UNAVAILABLE', 'assessment.emailUnavailable');
      }
      // The language the patient asked for in the store (the form's), whatever the pharmacist's
      // screen speaks or an existing account was set to (its setting is left as it is).
      const lang: Lang = intake.patient.language;
      const row = await deps.repo.insert({
        organizationId,
        pharmacistId: actor.accountId,
        form: intake.form,
        state,
        intake: intake as unknown as Record<string, unknown>,
        accountId: patient.accountId,
        accountCreated: patient.created,
        codeHash,
        expiresAt,
        language: lang,
      });
      await deps.audit.record(actor, 'assessment.submit', subjectOf(row), {
        organizationId,
        assessmentId: row.id,
        form: row.form,
        state,
        accountCreated: patient.created,
      });
      const params = {
        pharmacy: staff.organization.name,
        brand: brand.name,
        days: assessmentCodeDays,
        link: `${deps.publicUrl}/#/instore?code=${code}`,
      };
      // The pharmacy's name and the link only: no form, symptom or result leaves in e-mail.
      await deps.mailer.send({
        to: intake.patient.email,
        subject: translate(lang, 'assessment.mail.subject', params),
        text: translate(lang, 'assessment.mail.body', params),
      });
      return view(row);
    },

    async list(actor) {
      const staff = await deps.pharmacy.staff(actor);
      const rows = await deps.repo.listOfOrganization(staff.organization.id, statesOf(staff));
      await deps.audit.record(actor, 'assessment.list', null, {
        organizationId: staff.organization.id,
        count: rows.length,
      });
      return rows.map(view);
    },

    async one(actor, id) {
      const staff = await deps.pharmacy.staff(actor);
      const row = isUuid(id)
        ? await deps.repo.ofOrganization(staff.organization.id, id, statesOf(staff))
        : undefined;
      if (!row) {
        await deps.audit.denied(actor, 'assessment.read', null, {
          reason: 'not-found-or-not-allowed',
          ...(isUuid(id) ? { assessmentId: id } : {}),
        });
        throw notFound();
      }
      await deps.audit.record(actor, 'assessment.read', subjectOf(row), {
        organizationId: staff.organization.id,
        assessmentId: row.id,
      });
      return view(row);
    },

    async check(caller, code) {
      let row: AssessmentRecord;
      try {
        row = await byCode(code);
      } catch (error) {
        await deps.audit.denied({ ...caller, accountId: null }, 'assessment.link.check', null, {
          reason: 'link-not-usable',
        });
        throw error;
      }
      const [name, loginId, needsPassword] = await Promise.all([
        pharmacyName(row.organizationId),
        deps.accounts.loginId(row.accountId),
        row.accountCreated
          ? deps.accounts.passwordLinkOpen(row.codeHash, now())
          : Promise.resolve(false),
      ]);
      // Whoever holds the link received it at the patient's address: a read of their record.
      await deps.audit.record(
        { ...caller, accountId: null },
        'assessment.link.check',
        subjectOf(row),
        {
          assessmentId: row.id,
        },
      );
      return { form: formOf(row), pharmacyName: name, loginId: loginId ?? '', needsPassword };
    },

    async start(actor, code) {
      const found = await forVisit(actor, code);
      await deps.audit.record(
        actor,
        'assessment.read',
        { accountId: actor.accountId },
        {
          assessmentId: found.id,
        },
      );
      const answers: Record<string, string> = {};
      for (const [id, value] of Object.entries(found.answers)) {
        if (typeof value === 'string') answers[id] = value;
      }
      return {
        form: found.form,
        productId: found.productId,
        pharmacy: { id: found.organizationId, name: await pharmacyName(found.organizationId) },
        state: found.state,
        answers,
      };
    },

    forVisit,

    async continueOnce(actor, assessmentId) {
      if (!(await deps.repo.continueOne(assessmentId, actor.accountId, now()))) {
        await deps.audit.denied(actor, 'assessment.continue', null, {
          assessmentId,
          reason: 'used-or-expired',
        });
        throw linkUsed();
      }
      await deps.audit.record(
        actor,
        'assessment.continue',
        { accountId: actor.accountId },
        {
          assessmentId,
        },
      );
    },

    async attachVisit(assessmentId, visitId) {
      await deps.repo.attachVisit(assessmentId, visitId);
    },

    async release(assessmentId) {
      await deps.repo.release(assessmentId);
    },

    async forVisits(assessmentIds) {
      const rows = await deps.repo.byIds([...new Set(assessmentIds)]);
      const names = new Map<string, string>();
      for (const id of new Set(rows.map((r) => r.organizationId))) {
        names.set(id, await pharmacyName(id));
      }
      const out = new Map<string, VisitAssessment>();
      for (const row of rows) {
        out.set(row.id, {
          id: row.id,
          pharmacy: { id: row.organizationId, name: names.get(row.organizationId) ?? '' },
          assessedAt: row.createdAt.toISOString(),
          intake: intakeView(row),
        });
      }
      return out;
    },

    documents,
  };
}
