import {
  type AssessmentIntake,
  type AssessmentView,
  type IntakeView,
  intakeViewSchema,
} from '@apothecall/domain/assessments/assessment.api';
import {
  type AssessmentForm,
  type AssessmentStateRefusal,
  assessmentRefusalMessage,
} from '@apothecall/domain/assessments/assessment.rules';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { AssessmentRecord } from './assessments.repo';

export const isUuid = (value: string) => z.uuid().safeParse(value).success;

export const notFound = () => new AppError(404, 'NOT_FOUND', 'assessment.notFound');
export const linkInvalid = () =>
  new AppError(404, 'ASSESSMENT_CODE_INVALID', 'assessment.link.invalid');
export const linkUsed = () => new AppError(410, 'ASSESSMENT_CODE_USED', 'assessment.link.used');
export const linkExpired = () =>
  new AppError(410, 'ASSESSMENT_CODE_EXPIRED', 'assessment.link.expired');

/** The stored intake (written by the dated schema; read back through the view's schema). */
export function intakeOf(row: AssessmentRecord): AssessmentIntake {
  return row.intake as unknown as AssessmentIntake;
}

export function intakeView(row: AssessmentRecord): IntakeView {
  return intakeViewSchema.parse(row.intake);
}

export function formOf(row: AssessmentRecord): AssessmentForm {
  return row.form === 'uri' ? 'uri' : 'uti';
}

export function view(row: AssessmentRecord): AssessmentView {
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

/** The audit reason of each refusal (the strings earlier audit rows hold). */
export const refusalReason: Record<AssessmentStateRefusal, string> = {
  stateUnavailable: 'state-unavailable',
  notServed: 'pharmacy-not-serving',
  stateNotGranted: 'state-not-granted',
};

export function refusalError(refusal: AssessmentStateRefusal, state: string): AppError {
  const key = assessmentRefusalMessage[refusal];
  if (refusal === 'stateUnavailable') {
    return new AppError(400, 'ASSESSMENT_STATE_UNAVAILABLE', key, { state });
  }
  if (refusal === 'notServed') return new AppError(400, 'PHARMACY_NOT_AVAILABLE', key, { state });
  return new AppError(403, 'ASSESSMENT_STATE_NOT_GRANTED', key, { state });
}
