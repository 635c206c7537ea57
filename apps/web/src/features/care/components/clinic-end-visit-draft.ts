import { type CovidTest, covidTestSchema } from '@apothecall/domain/care/covid-certificates.api';
import {
  type EndVisitRequest,
  endVisitRequestSchema,
  type VisitOutcome,
  type VisitWorkspace,
} from '@apothecall/domain/care/visits.api';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { isMessageKey } from '../../../lib/i18n';

/**
 * The provider's end-of-visit draft (SOAP note and optional prescription) as typed, what it
 * sends, and its check by the domain's end-visit rules (endVisitRequestSchema, the schema the
 * server parses the request with).
 */
export interface EndVisitDraft {
  subjective: string;
  objective: string;
  assessment: string;
  plan: string;
  rxOn: boolean;
  medication: string;
  strength: string;
  /** A NumberInput's value: a number, or the text while it is not one ('' when empty). */
  quantity: number | string;
  refills: number | string;
  directions: string;
  pharmacyNcpdpId: string;
  /** A Covid certification visit's test: the radios' values ('' before a choice). */
  covidTestType: string;
  covidResult: string;
  /** The date input's value, YYYY-MM-DD ('' when empty). */
  covidTestedOn: string;
}

/** The field of the draft an error is shown under. */
export type EndVisitDraftErrors = Partial<Record<keyof EndVisitDraft, string>>;

export function emptyEndVisitDraft(visit: Pick<VisitWorkspace, 'pharmacy'>): EndVisitDraft {
  return {
    subjective: '',
    objective: '',
    assessment: '',
    plan: '',
    rxOn: false,
    medication: '',
    strength: '',
    quantity: '',
    refills: 0,
    directions: '',
    pharmacyNcpdpId: visit.pharmacy?.ncpdpId ?? '',
    covidTestType: '',
    covidResult: '',
    covidTestedOn: '',
  };
}

/** The care reason whose completed visit records a Covid test and issues a certificate. */
export const covidCertificationReason = 'covidCertification';

/** Whether a visit records a Covid test when completed (its care reason). */
export function recordsCovidTest(visit: Pick<VisitWorkspace, 'reason'>): boolean {
  return visit.reason === covidCertificationReason;
}

/** The draft's Covid test as typed, for covidTestSchema. */
function typedCovidTest(draft: EndVisitDraft) {
  return {
    testType: draft.covidTestType,
    result: draft.covidResult,
    testedOn: draft.covidTestedOn,
  };
}

/** The draft's Covid test when it passes covidTestSchema, else null. */
function covidTestOf(draft: EndVisitDraft): CovidTest | null {
  const parsed = covidTestSchema.safeParse(typedCovidTest(draft));
  return parsed.success ? parsed.data : null;
}

/** A draft saved before a reload (JSON text), over the empty draft; unreadable text is ignored. */
export function restoreEndVisitDraft(
  raw: string | null | undefined,
  visit: Pick<VisitWorkspace, 'pharmacy'>,
): EndVisitDraft {
  const empty = emptyEndVisitDraft(visit);
  if (!raw) return empty;
  try {
    const saved: unknown = JSON.parse(raw);
    return typeof saved === 'object' && saved !== null && !Array.isArray(saved)
      ? { ...empty, ...(saved as Partial<EndVisitDraft>) }
      : empty;
  } catch {
    return empty;
  }
}

/** A number typed in a NumberInput, or NaN while it is not one (the schema refuses NaN). */
const typedNumber = (value: number | string): number =>
  typeof value === 'number' ? value : Number.NaN;

/**
 * The request for an outcome: the note (null when every part is blank), for a completed visit
 * with the prescription switched on the prescription, and for a completed visit that records a
 * Covid test (`covid`: the visit's care reason, recordsCovidTest) the test; null otherwise.
 */
export function toEndVisitRequest(
  draft: EndVisitDraft,
  outcome: VisitOutcome,
  covid = false,
): EndVisitRequest {
  const note = {
    subjective: draft.subjective.trim(),
    objective: draft.objective.trim(),
    assessment: draft.assessment.trim(),
    plan: draft.plan.trim(),
  };
  const hasNote = Object.values(note).some(Boolean);
  return {
    outcome,
    note: hasNote ? note : null,
    prescription:
      outcome === 'completed' && draft.rxOn
        ? {
            medication: draft.medication.trim(),
            strength: draft.strength.trim(),
            quantity: typedNumber(draft.quantity),
            refills: typedNumber(draft.refills),
            directions: draft.directions.trim(),
            pharmacyNcpdpId: draft.pharmacyNcpdpId.trim() || null,
          }
        : null,
    covidTest: covid && outcome === 'completed' ? covidTestOf(draft) : null,
  };
}

/** covidTestSchema's fields and the draft's fields they are typed in. */
const covidFields = {
  testType: 'covidTestType',
  result: 'covidResult',
  testedOn: 'covidTestedOn',
} as const satisfies Record<string, keyof EndVisitDraft>;

const checkRequest = zod4Resolver(endVisitRequestSchema, { errorPriority: 'first' });

/**
 * The draft checked for an outcome by the domain's end-visit rules: an error per field (the
 * rule's catalogue key) and the sentence to show above the buttons, or none when it may be sent.
 */
export function checkEndVisitDraft(
  draft: EndVisitDraft,
  outcome: VisitOutcome,
  covid = false,
): { errors: EndVisitDraftErrors; summary: MessageKey | null } {
  const found = checkRequest({ ...toEndVisitRequest(draft, outcome, covid) });
  const errors: EndVisitDraftErrors = {};
  let summary: MessageKey | null = null;
  for (const [path, message] of Object.entries(found)) {
    const text = typeof message === 'string' ? message : String(message);
    if (path === 'note') {
      if (isMessageKey(text)) summary = text;
      continue;
    }
    // note.assessment -> assessment, prescription.quantity -> quantity: the names are unique.
    const field = path.split('.').at(-1) as keyof EndVisitDraft | undefined;
    if (field && field in draft && errors[field] === undefined) errors[field] = text;
  }
  // A completed Covid certification visit needs its test (the server's rule too: 400
  // certificates.testRequired), checked with the schema the server parses it with.
  let covidMissing = false;
  if (covid && outcome === 'completed') {
    const test = covidTestSchema.safeParse(typedCovidTest(draft));
    for (const issue of test.success ? [] : test.error.issues) {
      const head = issue.path[0];
      if (head !== 'testType' && head !== 'result' && head !== 'testedOn') continue;
      const field = covidFields[head];
      errors[field] ??= issue.message;
      covidMissing = true;
    }
  }
  if (!summary && covidMissing && Object.keys(errors).every((f) => f.startsWith('covid'))) {
    summary = 'certificates.testRequired';
  }
  if (!summary && Object.keys(errors).length > 0) summary = 'clinicUi.end.fixErrors';
  return { errors, summary };
}
