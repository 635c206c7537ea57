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
  };
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
 * The request for an outcome: the note (null when every part is blank) and, for a completed
 * visit with the prescription switched on, the prescription.
 */
export function toEndVisitRequest(draft: EndVisitDraft, outcome: VisitOutcome): EndVisitRequest {
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
  };
}

const checkRequest = zod4Resolver(endVisitRequestSchema, { errorPriority: 'first' });

/**
 * The draft checked for an outcome by the domain's end-visit rules: an error per field (the
 * rule's catalogue key) and the sentence to show above the buttons, or none when it may be sent.
 */
export function checkEndVisitDraft(
  draft: EndVisitDraft,
  outcome: VisitOutcome,
): { errors: EndVisitDraftErrors; summary: MessageKey | null } {
  const found = checkRequest({ ...toEndVisitRequest(draft, outcome) });
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
  if (!summary && Object.keys(errors).length > 0) summary = 'clinicUi.end.fixErrors';
  return { errors, summary };
}
