import { careReasons } from '@apothecall/domain/care/care-reasons';
import {
  evaluateScreening,
  type ScreeningAnswers,
  screeningAnswersSchema,
} from '@apothecall/domain/care/screening.evaluate';
import type {
  EndVisitRequest,
  QueueEntry,
  VisitOutcome,
  VisitWorkspace,
} from '@apothecall/domain/care/visits.api';
import { endVisitRequestSchema } from '@apothecall/domain/care/visits.api';
import { type VisitState, visitStates } from '@apothecall/domain/care/visits.rules';
import { type MessageKey, translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { providerCredentialSchema } from '@apothecall/domain/notes/notes.schemas';
import { checkPrescription } from '@apothecall/domain/rx/medications.rules';
import {
  ageOn,
  calendarDateOfUtc,
  parseDateInput,
} from '@apothecall/domain/validation/validation.rules';
import { z } from 'zod';
import type { AuditService, RequestOrigin } from '../../platform/audit.service';
import { AppError, appErrors, parseWith } from '../../platform/errors';
import type { CareRepo, PersonFacts, VisitRecord } from './care.repo';
import type { CarePayments } from './care.service';
import type { VisitRecordsRepo } from './visit-records.repo';

export interface ClinicService {
  /** The waiting visits from the states the provider is licensed in, oldest first. */
  queue(
    providerId: string,
    origin: RequestOrigin,
  ): Promise<{ onDuty: boolean; visits: QueueEntry[]; mine: QueueEntry[] }>;
  setDuty(providerId: string, onDuty: boolean, origin: RequestOrigin): Promise<boolean>;
  /** Claims a visit: exactly one provider wins; the others are told it was taken. */
  claim(providerId: string, visitId: string, origin: RequestOrigin): Promise<VisitRecord>;
  /** The claimed visit's workspace (only its provider); an audited read. */
  workspace(providerId: string, visitId: string, origin: RequestOrigin): Promise<VisitWorkspace>;
  /** Ends a claimed visit: note, prescription (domain-checked), refund or no-show. */
  end(
    providerId: string,
    visitId: string,
    input: EndVisitRequest,
    origin: RequestOrigin & { lang: Lang },
  ): Promise<{ visitId: string; state: VisitState; noteId: string | null }>;
}

const outcomeState: Record<VisitOutcome, VisitState> = {
  completed: 'completed',
  refund: 'refunded',
  noShow: 'noShow',
};

/** The screening answers stored with a visit ({ passed, answers, alarms }), if readable. */
export function storedAnswers(screening: Record<string, unknown> | null): ScreeningAnswers | null {
  const parsed = screeningAnswersSchema.safeParse(screening?.answers);
  return parsed.success ? parsed.data : null;
}

function ageOf(person: PersonFacts, at: Date): number {
  const dob = parseDateInput(person.dob);
  return dob ? ageOn(dob, calendarDateOfUtc(at)) : 0;
}

function birthGender(gender: string): 'M' | 'F' | 'X' {
  return gender === 'M' || gender === 'F' ? gender : 'X';
}

/** The alarms of the stored answers, evaluated again for the patient's age and gender. */
export function alarmsOf(visit: VisitRecord, person: PersonFacts, at: Date): string[] {
  const answers = storedAnswers(visit.screening);
  if (!answers) return [];
  return [
    ...evaluateScreening(answers, {
      age: ageOf(person, at),
      birthGender: birthGender(person.gender),
    }).alarms,
  ];
}

/**
 * The provider side of the queue (issue 6, area `clinic`): only providers; only visits from
 * the states they are licensed in (others are "not found"); the claim is one conditional
 * UPDATE, so two providers claiming at once cannot both win. Reading a patient's queue entry
 * is a read of their record and is audited.
 */
export function createClinicService(deps: {
  repo: CareRepo;
  records: VisitRecordsRepo;
  payments: Pick<CarePayments, 'refund'>;
  /** Texts the patient the one-time meet link once the visit is claimed. */
  onClaimed?: (visit: VisitRecord) => Promise<void>;
  onError?: (error: unknown) => void;
  audit: AuditService;
  notifyQueue: (state: string) => Promise<void>;
  notifyPatient: (visit: VisitRecord) => Promise<void>;
  now?: () => Date;
}): ClinicService {
  const now = deps.now ?? (() => new Date());

  async function requireProvider(accountId: string) {
    if ((await deps.repo.role(accountId)) !== 'provider') {
      throw new AppError(403, 'PROVIDERS_ONLY', 'care.clinic.providersOnly');
    }
  }

  /** The visit this provider claimed; any other visit (or provider) is not found. */
  async function ownClaimed(
    providerId: string,
    visitId: string,
    origin: RequestOrigin,
  ): Promise<VisitRecord> {
    await requireProvider(providerId);
    const visit = z.uuid().safeParse(visitId).success ? await deps.repo.visit(visitId) : undefined;
    // Still licensed in the visit's state: a withdrawn licence ends access to the visit.
    const licensed = visit
      ? (await deps.repo.licenses(providerId)).includes(visit.location)
      : false;
    if (!visit || visit.providerId !== providerId || !licensed) {
      await deps.audit.record({
        action: 'clinic.visit.read',
        outcome: 'denied',
        actorAccountId: providerId,
        ip: origin.ip,
        requestId: origin.requestId,
        detail: { visitId: visit?.id ?? null },
      });
      throw appErrors.notFound();
    }
    return visit;
  }

  return {
    async queue(providerId, origin) {
      await requireProvider(providerId);
      const states = await deps.repo.licenses(providerId);
      const waiting = await deps.repo.waitingIn(states);
      const today = calendarDateOfUtc(now());
      const entries: QueueEntry[] = [];
      const mine: QueueEntry[] = [];
      const own = await deps.repo.inProgressFor(providerId);
      for (const visit of [...waiting, ...own]) {
        const person = await deps.repo.person(visit.personId);
        if (!person) continue;
        const dob = parseDateInput(person.dob);
        const entry: QueueEntry = {
          visitId: visit.id,
          state: visit.state,
          waitingSince: visit.createdAt.toISOString(),
          patientName: `${person.firstName} ${person.lastName}`,
          age: dob ? ageOn(dob, today) : 0,
          gender: person.gender,
          location: visit.location,
          reason: visit.reason,
          alarms: alarmsOf(visit, person, now()),
        };
        (visit.state === 'waiting' ? entries : mine).push(entry);
      }
      await deps.audit.record({
        action: 'clinic.queue.read',
        outcome: 'success',
        actorAccountId: providerId,
        ip: origin.ip,
        requestId: origin.requestId,
        detail: { visits: [...entries, ...mine].map((e) => e.visitId) },
      });
      return { onDuty: await deps.repo.isOnDuty(providerId), visits: entries, mine };
    },

    async setDuty(providerId, onDuty, origin) {
      await requireProvider(providerId);
      await deps.repo.setDuty(providerId, onDuty, now());
      await deps.audit.record({
        action: 'clinic.duty',
        outcome: 'success',
        actorAccountId: providerId,
        ip: origin.ip,
        requestId: origin.requestId,
        detail: { onDuty },
      });
      // Waiting patients' estimates change with the providers on duty.
      for (const state of await deps.repo.licenses(providerId)) await deps.notifyQueue(state);
      return onDuty;
    },

    async claim(providerId, visitId, origin) {
      await requireProvider(providerId);
      const visit = z.uuid().safeParse(visitId).success
        ? await deps.repo.visit(visitId)
        : undefined;
      const states = await deps.repo.licenses(providerId);
      if (!visit || !states.includes(visit.location)) throw appErrors.notFound();
      // A provider does not treat their own account's family.
      if (visit.accountId === providerId) {
        throw new AppError(403, 'OWN_VISIT', 'care.clinic.ownVisit');
      }
      const won = await deps.repo.claim(visit.id, providerId, states, now());
      await deps.audit.record({
        action: 'clinic.claim',
        outcome: won ? 'success' : 'denied',
        actorAccountId: providerId,
        subjectAccountId: visit.accountId,
        subjectPersonId: visit.personId,
        ip: origin.ip,
        requestId: origin.requestId,
        detail: { visitId: visit.id },
      });
      if (!won) throw new AppError(409, 'ALREADY_CLAIMED', 'care.visit.alreadyClaimed');
      const claimed = (await deps.repo.visit(visit.id)) ?? visit;
      await deps.notifyQueue(visit.location);
      await deps.notifyPatient(claimed);
      // The claim stands even if the text message cannot be sent (logged, and the patient can
      // still join from the waiting room).
      await deps.onClaimed?.(claimed).catch((error: unknown) => deps.onError?.(error));
      return claimed;
    },

    async workspace(providerId, visitId, origin) {
      const visit = await ownClaimed(providerId, visitId, origin);
      const person = await deps.repo.person(visit.personId);
      if (!person) throw appErrors.notFound();
      const answers = storedAnswers(visit.screening);
      const pharmacy = pharmacyOf(visit.pharmacy);
      await deps.audit.record({
        action: 'clinic.visit.read',
        outcome: 'success',
        actorAccountId: providerId,
        subjectAccountId: visit.accountId,
        subjectPersonId: visit.personId,
        ip: origin.ip,
        requestId: origin.requestId,
        detail: { visitId: visit.id },
      });
      const state = (visitStates as readonly string[]).includes(visit.state)
        ? (visit.state as VisitState)
        : 'inProgress';
      return {
        visitId: visit.id,
        state,
        startTime: visit.createdAt.toISOString(),
        claimedAt: visit.claimedAt ? visit.claimedAt.toISOString() : null,
        reason: visit.reason,
        notes: visit.notes,
        location: visit.location,
        patient: {
          personId: person.id,
          firstName: person.firstName,
          lastName: person.lastName,
          dob: person.dob,
          age: ageOf(person, now()),
          gender: person.gender,
          phone: person.phone ?? '',
        },
        screening: answers
          ? (JSON.parse(JSON.stringify(answers)) as VisitWorkspace['screening'])
          : null,
        alarms: alarmsOf(visit, person, now()),
        allergies: answers?.allergies ?? [],
        medications: answers?.medications ?? [],
        pharmacy,
        outcome:
          (['completed', 'refund', 'noShow'] as const).find((o) => o === visit.outcome) ?? null,
      };
    },

    async end(providerId, visitId, raw, origin) {
      const input = parseWith(endVisitRequestSchema, raw, 'body');
      const visit = await ownClaimed(providerId, visitId, origin);
      // Asking again for a refund that was decided pays it if it failed then (keyed: once).
      if (visit.state === 'refunded' && input.outcome === 'refund') {
        if (visit.ledgerId) {
          await deps.payments.refund(
            visit.accountId,
            visit.ledgerId,
            `refund:visit:${visit.id}`,
            origin,
          );
        }
        return { visitId: visit.id, state: 'refunded', noteId: null };
      }
      if (visit.state !== 'inProgress') {
        throw new AppError(409, 'VISIT_NOT_IN_PROGRESS', 'care.visit.notInProgress');
      }
      const person = await deps.repo.person(visit.personId);
      if (!person) throw appErrors.notFound();
      const note = input.note;
      if (input.outcome === 'completed' && (!note?.assessment || !note.plan)) {
        throw new AppError(400, 'NOTE_REQUIRED', 'care.visit.noteRequired');
      }
      const rx = input.outcome === 'completed' ? input.prescription : null;
      let rxPharmacy: Record<string, unknown> | null = null;
      if (rx) {
        const violations = checkPrescription({
          medications: [{ name: `${rx.medication} ${rx.strength}` }],
          // Seam: prepaid visits (a later issue) pass true, which adds the prepaid rules.
          prepaid: false,
          state: visit.location,
          currentMedications: storedAnswers(visit.screening)?.medications ?? [],
        });
        const first = violations[0];
        if (first) {
          throw new AppError(400, 'PRESCRIPTION_REFUSED', first.key, first.params);
        }
        const chosen = rx.pharmacyNcpdpId
          ? await deps.records.pharmacy(rx.pharmacyNcpdpId)
          : undefined;
        if (rx.pharmacyNcpdpId && !chosen) {
          throw new AppError(400, 'VALIDATION', 'errors.invalidField', {
            field: 'pharmacyNcpdpId',
          });
        }
        rxPharmacy = chosen
          ? {
              ncpdpId: chosen.ncpdpId,
              name: chosen.name,
              address: chosen.address,
              city: chosen.city,
              state: chosen.state,
              zip: chosen.zip,
              phone: chosen.phone,
              fax: chosen.fax,
            }
          : visit.pharmacy;
      }
      const profile = await deps.records.providerProfile(providerId);
      // A note prints the prescriber's credentials: no note without a complete profile.
      const credential = providerCredentialSchema.safeParse(profile?.credential);
      if (input.outcome !== 'noShow' && !credential.success) {
        throw new AppError(409, 'PROVIDER_PROFILE_INCOMPLETE', 'care.clinic.profileIncomplete');
      }
      const name = (await deps.repo.displayName(providerId)) ?? '';
      const providerName = profile?.suffix ? `${name}, ${profile.suffix}` : name;
      const lang = origin.lang;
      const reasonLabel = translate(
        lang,
        careReasons.find((r) => r.id === visit.reason)?.labelKey ?? 'care.reason.fever',
      );
      const writeNote = input.outcome !== 'noShow';
      const at = now();
      const result = await deps.records.endVisit({
        visitId: visit.id,
        providerId,
        toState: outcomeState[input.outcome],
        outcome: input.outcome,
        at,
        note: writeNote
          ? {
              accountId: visit.accountId,
              personId: visit.personId,
              providerName,
              author: providerName,
              subject: translate(
                lang,
                input.outcome === 'refund' ? 'care.note.refundSubject' : 'care.note.subject',
                { reason: reasonLabel },
              ),
              body: noteBody(lang, {
                reason: reasonLabel,
                patientNotes: visit.notes,
                soap: note,
                refunded: input.outcome === 'refund',
                rx: rx ? { ...rx, pharmacy: rxPharmacy } : null,
              }),
              providerCredential: credential.success ? credential.data : {},
            }
          : null,
        prescription: rx
          ? {
              personId: visit.personId,
              medication: rx.medication,
              strength: rx.strength,
              quantity: rx.quantity,
              refills: rx.refills,
              directions: rx.directions,
              pharmacy: rxPharmacy,
            }
          : null,
      });
      if (!result.ended) {
        throw new AppError(409, 'VISIT_NOT_IN_PROGRESS', 'care.visit.notInProgress');
      }
      // The outcome is decided first, so a concurrent "completed" cannot also be refunded; the
      // refund's key makes it once, and ending again with "refund" retries a failed one.
      if (input.outcome === 'refund' && visit.ledgerId) {
        await deps.payments.refund(
          visit.accountId,
          visit.ledgerId,
          `refund:visit:${visit.id}`,
          origin,
        );
      }
      await deps.audit.record({
        action: 'clinic.visit.end',
        outcome: 'success',
        actorAccountId: providerId,
        subjectAccountId: visit.accountId,
        subjectPersonId: visit.personId,
        ip: origin.ip,
        requestId: origin.requestId,
        detail: {
          visitId: visit.id,
          outcome: input.outcome,
          noteId: result.noteId,
          prescription: Boolean(rx),
        },
      });
      const ended = (await deps.repo.visit(visit.id)) ?? visit;
      await deps.notifyPatient(ended);
      return { visitId: visit.id, state: outcomeState[input.outcome], noteId: result.noteId };
    },
  };
}

function pharmacyOf(value: Record<string, unknown> | null): VisitWorkspace['pharmacy'] {
  if (!value) return null;
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : '');
  return {
    ncpdpId: text('ncpdpId') || text('ncpdp') || text('id'),
    name: text('name'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip') || text('zipCode'),
    phone: text('phone'),
    fax: text('fax'),
  };
}

/** The note's text: reason, the patient's own words, SOAP, and the prescription. */
function noteBody(
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
