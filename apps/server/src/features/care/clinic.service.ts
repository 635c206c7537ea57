import {
  careReasonLabel,
  type VisitNoteTopic,
  visitNoteSubject,
} from '@apothecall/domain/care/visit-note-topic.rules';
import type { EndVisitInput, QueueEntry, VisitWorkspace } from '@apothecall/domain/care/visits.api';
import type { VisitState } from '@apothecall/domain/care/visits.rules';
import { providerCredentialSchema } from '@apothecall/domain/notes/notes.schemas';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import { calendarDateIn } from '../../platform/time';
import type { VisitQueue } from '../../platform/visit-queue';
import type { AccountsPort } from '../accounts/accounts.port';
import { type RosterPort, refuseLapsedLicence } from '../clinic/roster.port';
import type { NotesPort } from '../notes/notes.port';
import type { PaymentsPort } from '../payments/payments.port';
import './care.events';
import type { CareRepo, VisitRecord } from './care.repo';
import { careVisitSnapshot } from './care.views';
import {
  noteRequiredError,
  outcomeState,
  parseEndVisitRequest,
  visitNoteBody,
} from './clinic-end-visit';
import { prescriptionPharmacyOf } from './clinic-prescription';
import { queueEntry, visitWorkspace } from './clinic-workspace';
import { newCovidCertificate } from './covid-certificates';
import type { VisitRecordsRepo } from './visit-records.repo';

/** The actor of the clinic: a provider (checked by every method). */
type ProviderActor = Pick<Actor, 'accountId' | 'ip' | 'requestId' | 'lang' | 'timeZone'>;

export interface ClinicService {
  /** The waiting visits from the states the provider is licensed in, oldest first. */
  queue(
    actor: ProviderActor,
  ): Promise<{ onDuty: boolean; visits: QueueEntry[]; mine: QueueEntry[] }>;
  setDuty(actor: ProviderActor, onDuty: boolean): Promise<boolean>;
  /** How many visits wait in the provider's states (their Home's count; no patient read). */
  waitingCount(actor: ProviderActor): Promise<number>;
  /** Claims a visit: exactly one provider wins; the others are told it was taken. */
  claim(actor: ProviderActor, visitId: string): Promise<VisitRecord>;
  /** The claimed visit's workspace (only its provider); an audited read. */
  workspace(actor: ProviderActor, visitId: string): Promise<VisitWorkspace>;
  /**
   * Ends a claimed visit: note, prescription (domain-checked), refund or no-show. The body is
   * the request as sent: it is parsed here (endVisitRequestSchema), so the completed-note rule
   * answers 400 NOTE_REQUIRED after the visit's own checks.
   */
  end(
    actor: ProviderActor,
    visitId: string,
    body: unknown,
  ): Promise<{ visitId: string; state: VisitState; noteId: string | null }>;
}

/**
 * The provider side of the queue (area `clinic`): only providers; only visits from
 * the states they are licensed in (others are "not found"); the claim is one conditional
 * UPDATE, so two providers claiming at once cannot both win. Reading a patient's queue entry
 * is a read of their record and is audited. What the provider is shown is composed in
 * clinic-workspace.ts; reading an end-visit request and writing its note, in clinic-end-visit.ts.
 */
export function createClinicService(deps: {
  repo: CareRepo;
  records: VisitRecordsRepo;
  accounts: Pick<AccountsPort, 'person' | 'persons' | 'role' | 'displayName'>;
  roster: Pick<RosterPort, 'licenses' | 'licenceRecords' | 'setDuty' | 'standing' | 'profile'>;
  notes: Pick<NotesPort, 'writeVisitNote'>;
  /** The shared visit-queue rule and service: the claim is one conditional update. */
  queue: Pick<VisitQueue<VisitRecord>, 'claim'>;
  payments: Pick<PaymentsPort, 'refund'>;
  audit: AuditService;
  events: Pick<EventBus, 'emit'>;
  now?: () => Date;
}): ClinicService {
  const now = deps.now ?? (() => new Date());

  async function requireProvider(accountId: string) {
    if ((await deps.accounts.role(accountId)) !== 'provider') {
      throw new AppError(403, 'PROVIDERS_ONLY', 'care.clinic.providersOnly');
    }
  }

  /** The visit this provider claimed; any other visit (or provider) is not found. */
  async function ownClaimed(actor: ProviderActor, visitId: string): Promise<VisitRecord> {
    const providerId = actor.accountId;
    await requireProvider(providerId);
    const visit = z.uuid().safeParse(visitId).success ? await deps.repo.visit(visitId) : undefined;
    // Still licensed in the visit's state: a withdrawn licence ends access to the visit.
    const licensed = visit
      ? (await deps.roster.licenses(providerId)).includes(visit.location)
      : false;
    if (!visit || visit.providerId !== providerId || !licensed) {
      await deps.audit.denied(actor, 'clinic.visit.read', null, { visitId: visit?.id ?? null });
      throw appErrors.notFound();
    }
    return visit;
  }

  /** The prescriber's name and credentials a note prints (a note needs a complete profile). */
  async function signerOf(providerId: string, outcome: string) {
    const profile = await deps.roster.profile(providerId);
    // A note prints the prescriber's credentials: no note without a complete profile.
    const credential = providerCredentialSchema.safeParse(profile?.credential);
    if (outcome !== 'noShow' && !credential.success) {
      throw new AppError(409, 'PROVIDER_PROFILE_INCOMPLETE', 'care.clinic.profileIncomplete');
    }
    const name = (await deps.accounts.displayName(providerId)) ?? '';
    const providerName = profile?.suffix ? `${name}, ${profile.suffix}` : name;
    return { credential, providerName };
  }

  /**
   * Writes an ending: the visit's new state, its note (not for a no-show), a COVID certificate
   * and the prescription, in one step (records.endVisit); `ended` false when it was not in
   * progress any more.
   */
  async function writeEnd(
    actor: ProviderActor,
    visit: VisitRecord,
    input: EndVisitInput,
    signed: {
      at: Date;
      rxPharmacy: Record<string, unknown> | null;
      credential: Awaited<ReturnType<typeof signerOf>>['credential'];
      providerName: string;
    },
  ) {
    const providerId = actor.accountId;
    const { at, rxPharmacy, credential, providerName } = signed;
    const rx = input.outcome === 'completed' ? input.prescription : null;
    const lang = actor.lang;
    const reason = careReasonLabel(lang, visit.reason);
    const topic: VisitNoteTopic = {
      kind: input.outcome === 'refund' ? 'notCompleted' : 'visit',
      reason: visit.reason,
    };
    const writeNote = input.outcome !== 'noShow';
    const certificate =
      input.outcome === 'completed' && visit.reason === 'covidCertification'
        ? newCovidCertificate({
            test: input.covidTest,
            visitDay: calendarDateIn(at, actor.timeZone),
            accountId: visit.accountId,
            personId: visit.personId,
            providerId,
            providerName,
            providerCredential: credential.success ? credential.data : {},
          })
        : null;
    const result = await deps.records.endVisit(deps.notes.writeVisitNote, {
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
            subject: visitNoteSubject(lang, topic),
            topic,
            body: visitNoteBody(lang, {
              reason,
              patientNotes: visit.notes,
              soap: input.note,
              refunded: input.outcome === 'refund',
              rx: rx ? { ...rx, pharmacy: rxPharmacy } : null,
            }),
            providerCredential: credential.success ? credential.data : {},
          }
        : null,
      certificate,
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
    return { result, certificate };
  }

  return {
    async queue(actor) {
      const providerId = actor.accountId;
      await requireProvider(providerId);
      const { states, onDuty } = await deps.roster.standing(providerId);
      // The waiting line and the provider's own visits in progress, oldest first, in one read.
      const visits = await deps.repo.queueOf(providerId, states);
      const at = now();
      const entries: QueueEntry[] = [];
      const mine: QueueEntry[] = [];
      // The patients of the whole list in one query, not one per visit.
      const people = new Map(
        (await deps.accounts.persons(visits.map((v) => v.personId))).map((p) => [p.id, p]),
      );
      for (const visit of visits) {
        const person = people.get(visit.personId);
        if (!person) continue;
        (visit.state === 'waiting' ? entries : mine).push(queueEntry(visit, person, at));
      }
      await deps.audit.record(actor, 'clinic.queue.read', null, {
        visits: [...entries, ...mine].map((e) => e.visitId),
      });
      return { onDuty, visits: entries, mine };
    },

    async waitingCount(actor) {
      await requireProvider(actor.accountId);
      const states = await deps.roster.licenses(actor.accountId);
      return (await deps.repo.waitingIn(states)).length;
    },

    async setDuty(actor, onDuty) {
      const providerId = actor.accountId;
      await requireProvider(providerId);
      await deps.roster.setDuty(providerId, onDuty, now());
      await deps.audit.record(actor, 'clinic.duty', null, { onDuty });
      // Waiting patients' estimates change with the providers on duty.
      for (const state of await deps.roster.licenses(providerId)) {
        await deps.events.emit('care.queueChanged', { state });
      }
      return onDuty;
    },

    async claim(actor, visitId) {
      const providerId = actor.accountId;
      await requireProvider(providerId);
      const visit = z.uuid().safeParse(visitId).success
        ? await deps.repo.visit(visitId)
        : undefined;
      const states = await deps.roster.licenses(providerId);
      if (!visit) throw appErrors.notFound();
      if (!states.includes(visit.location)) {
        await refuseLapsedLicence(
          deps.roster,
          actor,
          deps.audit,
          'clinic.claim',
          visit.location,
          visit.id,
        );
        throw appErrors.notFound();
      }
      // A provider does not treat their own account's family.
      if (visit.accountId === providerId) {
        throw new AppError(403, 'OWN_VISIT', 'care.clinic.ownVisit');
      }
      const won = await deps.queue.claim(visit, providerId, states, now());
      const subject = { accountId: visit.accountId, personId: visit.personId };
      await (won ? deps.audit.record : deps.audit.denied)(actor, 'clinic.claim', subject, {
        visitId: visit.id,
      });
      if (!won) throw new AppError(409, 'ALREADY_CLAIMED', 'care.visit.alreadyClaimed');
      const claimed = (await deps.repo.visit(visit.id)) ?? visit;
      await deps.events.emit('care.queueChanged', { state: visit.location });
      await deps.events.emit('care.visitChanged', { visit: careVisitSnapshot(claimed) });
      await deps.events.emit('care.visitClaimed', { visit: careVisitSnapshot(claimed) });
      return claimed;
    },

    async workspace(actor, visitId) {
      const visit = await ownClaimed(actor, visitId);
      const person = await deps.accounts.person(visit.personId);
      if (!person) throw appErrors.notFound();
      await deps.audit.record(
        actor,
        'clinic.visit.read',
        { accountId: visit.accountId, personId: visit.personId },
        { visitId: visit.id },
      );
      return visitWorkspace(visit, person, now());
    },

    async end(actor, visitId, body) {
      const providerId = actor.accountId;
      const origin = actor;
      // Another provider's visit is not found, whatever the body says.
      const visit = await ownClaimed(actor, visitId);
      const request = parseEndVisitRequest(body);
      // Asking again for a refund that was decided pays it if it failed then (keyed: once).
      if (
        visit.state === 'refunded' &&
        request !== 'noteRequired' &&
        request.outcome === 'refund'
      ) {
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
      const person = await deps.accounts.person(visit.personId);
      if (!person) throw appErrors.notFound();
      // The completed note is checked by the schema, and answered after the visit's checks.
      if (request === 'noteRequired') throw noteRequiredError();
      const input = request;
      const rx = input.outcome === 'completed' ? input.prescription : null;
      const rxPharmacy = rx ? await prescriptionPharmacyOf(deps, actor, visit, rx) : null;
      const { credential, providerName } = await signerOf(providerId, input.outcome);
      const at = now();
      const { result, certificate } = await writeEnd(actor, visit, input, {
        at,
        rxPharmacy,
        credential,
        providerName,
      });
      if (!result.visit) {
        throw new AppError(409, 'VISIT_NOT_IN_PROGRESS', 'care.visit.notInProgress');
      }
      // The end stands from here, whatever its refund does next: audited and announced first.
      await deps.audit.record(
        actor,
        'clinic.visit.end',
        { accountId: visit.accountId, personId: visit.personId },
        {
          visitId: visit.id,
          outcome: input.outcome,
          noteId: result.noteId,
          prescription: Boolean(rx),
          certificate: Boolean(certificate),
        },
      );
      await deps.events.emit('care.visitChanged', { visit: careVisitSnapshot(result.visit) });
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
      return { visitId: visit.id, state: outcomeState[input.outcome], noteId: result.noteId };
    },
  };
}
