import {
  type AssessmentRequestFields,
  type AssessmentView,
  type InstoreCheck,
  type InstoreStart,
  instoreCodeSchema,
  type VisitAssessment,
} from '@apothecall/domain/assessments/assessment.api';
import {
  type AssessmentForm,
  assessmentProductId,
  assessmentRxAnswers,
  continuationState,
} from '@apothecall/domain/assessments/assessment.rules';
import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { Actor, Caller } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { hashCode } from '../../platform/codes';
import type { Mailer } from '../../platform/mail.service';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PharmacyPort, PharmacyStaff } from '../pharmacy/pharmacy.port';
import { assessmentDocuments } from './assessment-documents';
import { assessmentSubmit } from './assessment-submit';
import {
  formOf,
  intakeOf,
  intakeView,
  isUuid,
  linkExpired,
  linkInvalid,
  linkUsed,
  notFound,
  view,
} from './assessment-views';
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

/** The states whose assessments the caller sees: a pharmacist's grant's; null, the admin's all. */
const statesOf = (staff: PharmacyStaff): readonly string[] | null => staff.grant?.states ?? null;

/**
 * Pharmacy in-store assessments (spec section 1). A verified pharmacy's staff submits
 * a UTI or URI intake for a patient in a state where it is offered (not AR, DC, LA, MD, MN, MS,
 * NY, OK, RI, WA, WV) that the pharmacy takes visits from; a refusal stores and sends nothing.
 * Otherwise the patient's account is matched by e-mail or made for them (accounts port), the
 * intake is stored with a single-use link code kept only as its SHA-256, and the patient is
 * e-mailed the link (never the symptoms or results). The link continues into one Rx visit (the
 * rx area, through the port) with the intake attached and the pharmacy preselected. A
 * pharmacist's grant limits them to its states: they list and open only
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

  const documents = assessmentDocuments({ repo: deps.repo, audit: deps.audit, pharmacyName });

  return {
    submit: assessmentSubmit(deps),

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
