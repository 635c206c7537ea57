import {
  type AssessmentRequestFields,
  type AssessmentView,
  assessmentIntakeSchema,
} from '@apothecall/domain/assessments/assessment.api';
import {
  type AssessmentStateRefusal,
  assessmentCodeDays,
  assessmentStateRefusal,
} from '@apothecall/domain/assessments/assessment.rules';
import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { hashCode, newResetCode } from '../../platform/codes';
import { AppError, parseWith } from '../../platform/errors';
import type { Mailer } from '../../platform/mail.service';
import { phoneToStore } from '../../platform/phone-numbers';
import { calendarDateIn } from '../../platform/time';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import { refusalError, refusalReason, view } from './assessment-views';
import type { AssessmentRecord, AssessmentsRepo } from './assessments.repo';

/**
 * The pharmacy's staff submits an intake: refused (nothing stored or sent) in a state the
 * pharmacy may not assess; otherwise the patient's account is matched or made, the intake
 * stored with its link code's hash, and the patient e-mailed the link.
 */
export function assessmentSubmit(deps: {
  repo: Pick<AssessmentsRepo, 'insert'>;
  pharmacy: Pick<PharmacyPort, 'verifiedStaff'>;
  accounts: Pick<AccountsPort, 'patientForLink'>;
  audit: AuditService;
  mailer: Mailer;
  publicUrl: string;
  minRegistrationAge: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const subjectOf = (row: AssessmentRecord) => ({ accountId: row.accountId });

  /** A state the pharmacy may not assess: audited as denied, nothing stored or sent. */
  async function refuse(
    actor: Actor,
    organizationId: string,
    refusal: AssessmentStateRefusal,
    state: string,
  ): Promise<never> {
    await deps.audit.denied(actor, 'assessment.submit', null, {
      organizationId,
      reason: refusalReason[refusal],
      state,
    });
    throw refusalError(refusal, state);
  }

  /** The pharmacy's name and the link only: no form, symptom or result leaves in e-mail. */
  async function sendLink(
    to: string,
    lang: Lang,
    names: { pharmacy: string; brand: string; code: string },
  ) {
    const params = {
      pharmacy: names.pharmacy,
      brand: names.brand,
      days: assessmentCodeDays,
      link: `${deps.publicUrl}/#/instore?code=${names.code}`,
    };
    await deps.mailer.send({
      to,
      subject: translate(lang, 'assessment.mail.subject', params),
      text: translate(lang, 'assessment.mail.body', params),
    });
  }

  return async function submit(
    actor: Actor,
    input: AssessmentRequestFields,
  ): Promise<AssessmentView> {
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
    // One rule with the screen, which refuses the state before showing the form: not offered
    // there, the pharmacy takes no visits from it (the Rx visit goes to it), or the
    // pharmacist's grant does not name it (the admin: every state).
    const refusal = assessmentStateRefusal(state, staff.organization, staff.grant);
    if (refusal) await refuse(actor, organizationId, refusal, state);
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
    await sendLink(intake.patient.email, lang, {
      pharmacy: staff.organization.name,
      brand: brand.name,
      code,
    });
    return view(row);
  };
}
