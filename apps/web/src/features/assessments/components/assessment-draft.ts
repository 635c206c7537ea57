import {
  type AssessmentRequest,
  assessmentIntakeSchema,
} from '@apothecall/domain/assessments/assessment.api';
import {
  type AssessmentForm,
  type DipstickResult,
  hasDipstick,
  type TestResult,
} from '@apothecall/domain/assessments/assessment.rules';
import type { CalendarDate } from '@apothecall/domain/dates/dates.rules';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';

/** The assessment form as typed (strings where the pharmacist types, lists where they tick). */
export interface AssessmentDraft {
  form: AssessmentForm;
  firstName: string;
  lastName: string;
  email: string;
  dob: string;
  /** '' until chosen. */
  gender: string;
  phone: string;
  /** '' until chosen. */
  state: string;
  /** The patient's language ('' until chosen): the e-mail's and a new account's. */
  language: string;
  symptoms: string[];
  onsetDays: string;
  pregnantOrBreastfeeding: boolean;
  allergies: string;
  medications: string;
  recentAntibiotics: boolean;
  recurrentInfections: boolean;
  conditions: string[];
  flu: TestResult;
  covid: TestResult;
  strep: TestResult;
  urineDipstick: DipstickResult;
  comments: string;
}

export type DraftField = keyof AssessmentDraft;
export interface DraftError {
  key: MessageKey;
  params?: Record<string, string | number>;
}
export type DraftErrors = Partial<Record<DraftField, DraftError>>;

export function emptyDraft(form: AssessmentForm): AssessmentDraft {
  return {
    form,
    firstName: '',
    lastName: '',
    email: '',
    dob: '',
    gender: '',
    phone: '',
    state: '',
    language: '',
    symptoms: [],
    onsetDays: '',
    pregnantOrBreastfeeding: false,
    allergies: '',
    medications: '',
    recentAntibiotics: false,
    recurrentInfections: false,
    conditions: [],
    flu: 'notDone',
    covid: 'notDone',
    strep: 'notDone',
    urineDipstick: 'notDone',
    comments: '',
  };
}

/** Another form: the patient and history stay, the form's own lists and the dipstick reset. */
export function switchForm(draft: AssessmentDraft, form: AssessmentForm): AssessmentDraft {
  if (form === draft.form) return draft;
  return { ...draft, form, symptoms: [], conditions: [], urineDipstick: 'notDone' };
}

/** The request the draft makes (what the server validates with the same schema). */
export function requestOf(draft: AssessmentDraft): AssessmentRequest {
  const onset = draft.onsetDays.trim();
  return {
    form: draft.form,
    patient: {
      firstName: draft.firstName,
      lastName: draft.lastName,
      email: draft.email,
      dob: draft.dob,
      gender: draft.gender as 'M' | 'F' | 'X',
      phone: draft.phone,
      state: draft.state as AssessmentRequest['patient']['state'],
      language: draft.language as AssessmentRequest['patient']['language'],
    },
    symptoms: draft.symptoms,
    onsetDays: onset === '' || !/^\d+$/.test(onset) ? Number.NaN : Number(onset),
    history: {
      pregnantOrBreastfeeding: draft.pregnantOrBreastfeeding,
      allergies: draft.allergies,
      medications: draft.medications,
      recentAntibiotics: draft.recentAntibiotics,
      recurrentInfections: draft.recurrentInfections,
      conditions: draft.conditions,
    },
    tests: {
      flu: draft.flu,
      covid: draft.covid,
      strep: draft.strep,
      urineDipstick: hasDipstick(draft.form) ? draft.urineDipstick : 'notDone',
    },
    comments: draft.comments,
  };
}

const fields: readonly DraftField[] = [
  'form',
  'firstName',
  'lastName',
  'email',
  'dob',
  'gender',
  'phone',
  'state',
  'language',
  'symptoms',
  'onsetDays',
  'pregnantOrBreastfeeding',
  'allergies',
  'medications',
  'recentAntibiotics',
  'recurrentInfections',
  'conditions',
  'flu',
  'covid',
  'strep',
  'urineDipstick',
  'comments',
];

/** The request's path of a field ('patient.firstName' -> firstName, 'tests.flu' -> flu). */
function fieldOf(path: readonly PropertyKey[]): DraftField | undefined {
  const name = path.find(
    (p) => typeof p === 'string' && p !== 'patient' && p !== 'history' && p !== 'tests',
  );
  if (path[0] === 'history' && path[1] === 'pregnantOrBreastfeeding')
    return 'pregnantOrBreastfeeding';
  return typeof name === 'string' && (fields as readonly string[]).includes(name)
    ? (name as DraftField)
    : undefined;
}

/**
 * Checks the draft with the server's own schema for today's date (the date of birth's age), one
 * catalogue message under each field.
 */
export function checkDraft(
  draft: AssessmentDraft,
  today: CalendarDate,
  isKey: (key: string) => key is MessageKey,
): { ok: true; request: AssessmentRequest } | { ok: false; errors: DraftErrors } {
  const request = requestOf(draft);
  const parsed = assessmentIntakeSchema({ today }).safeParse(request);
  if (parsed.success) return { ok: true, request };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path);
    if (!field) continue;
    const params = (issue as { params?: Record<string, string | number> }).params;
    errors[field] ??= {
      key: isKey(issue.message) ? issue.message : 'common.required',
      ...(params ? { params } : {}),
    };
  }
  return { ok: false, errors };
}
