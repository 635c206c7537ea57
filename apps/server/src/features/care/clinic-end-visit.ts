import {
  type EndVisitInput,
  endVisitRequestSchema,
  isNoteRequiredIssue,
  type VisitOutcome,
} from '@apothecall/domain/care/visits.api';
import type { VisitState } from '@apothecall/domain/care/visits.rules';
import { type MessageKey, translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { AppError, parseWith } from '../../platform/errors';
import { pharmacyOf } from './clinic-workspace';
import type { DirectoryPharmacy } from './visit-records.repo';

/**
 * Ending a visit, the parts without I/O: reading the request, and composing the note and the
 * prescription's pharmacy. clinic.service.ts `end()` checks the visit and writes them.
 */

export const outcomeState: Record<VisitOutcome, VisitState> = {
  completed: 'completed',
  refund: 'refunded',
  noShow: 'noShow',
};

export const noteRequiredError = () =>
  new AppError(400, 'NOTE_REQUIRED', 'care.visit.noteRequired');

/**
 * The request parsed by the domain's end-visit schema (the one the provider's form checks
 * with). A completed visit without its assessment and plan answers 'noteRequired': the caller
 * answers 400 NOTE_REQUIRED after the visit's own checks (404, 409), as the API always has
 * (docs/api.md). Any other problem is 400 VALIDATION naming the fields.
 */
export function parseEndVisitRequest(body: unknown): EndVisitInput | 'noteRequired' {
  const parsed = endVisitRequestSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  if (parsed.error.issues.every(isNoteRequiredIssue)) return 'noteRequired';
  return parseWith(endVisitRequestSchema, body);
}

/** True when the only thing wrong with the request is the completed visit's missing note. */
export function onlyTheNoteIsMissing(body: unknown): boolean {
  const parsed = endVisitRequestSchema.safeParse(body);
  return !parsed.success && parsed.error.issues.every(isNoteRequiredIssue);
}

/** The directory's pharmacy as the prescription and the note keep it. */
export function prescriptionPharmacy(
  entry: Omit<DirectoryPharmacy, 'acceptsErx'>,
): Record<string, unknown> {
  return {
    ncpdpId: entry.ncpdpId,
    name: entry.name,
    address: entry.address,
    city: entry.city,
    state: entry.state,
    zip: entry.zip,
    phone: entry.phone,
    fax: entry.fax,
  };
}

/** The note's text: reason, the patient's own words, SOAP, and the prescription. */
export function visitNoteBody(
  lang: Lang,
  input: {
    reason: string;
    patientNotes: string;
    soap: { subjective: string; objective: string; assessment: string; plan: string } | null;
    refunded: boolean;
    rx: {
      medication: string;
      strength: string;
      quantity: number;
      refills: number;
      directions: string;
      pharmacy: Record<string, unknown> | null;
    } | null;
  },
): string {
  const t = (key: MessageKey, params?: Record<string, string | number>) =>
    translate(lang, key, params);
  const parts: string[] = [`${t('care.note.reason')}: ${input.reason}`];
  if (input.patientNotes.trim())
    parts.push(`${t('care.note.patientNotes')}: ${input.patientNotes.trim()}`);
  const soap = input.soap;
  if (soap) {
    for (const [key, text] of [
      ['care.note.subjective', soap.subjective],
      ['care.note.objective', soap.objective],
      ['care.note.assessment', soap.assessment],
      ['care.note.plan', soap.plan],
    ] as const) {
      if (text.trim()) parts.push(`${t(key)}\n${text.trim()}`);
    }
  }
  if (input.refunded) parts.push(t('care.note.refunded'));
  else if (input.rx) {
    const p = pharmacyOf(input.rx.pharmacy);
    const lines = [
      t('care.note.prescription'),
      t('care.note.rxLine', {
        medication: input.rx.medication,
        strength: input.rx.strength,
        quantity: input.rx.quantity,
        refills: input.rx.refills,
      }),
      `${t('care.note.directions')}: ${input.rx.directions}`,
    ];
    if (p) {
      lines.push(
        `${t('care.note.pharmacy')}: ${p.name}, ${p.address}, ${p.city}, ${p.state} ${p.zip} · ${p.phone} · fax ${p.fax} · NCPDP ${p.ncpdpId}`,
      );
    }
    parts.push(lines.join('\n'));
  } else parts.push(t('care.note.noPrescription'));
  return parts.join('\n\n');
}
