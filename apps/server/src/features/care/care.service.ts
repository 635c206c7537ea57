import { consentsUpToDate } from '@apothecall/domain/accounts/consents.rules';
import { isCareReasonId } from '@apothecall/domain/care/care-reasons';
import {
  emergencySignIds,
  evaluateScreening,
  sectionsFor,
  visitScreenResultSchema,
} from '@apothecall/domain/care/screening.evaluate';
import {
  comorbidityChoices,
  ldnConditionIds,
  optionsFor,
} from '@apothecall/domain/care/screening.rules';
import type {
  PatientVisit,
  PrescreeningResponse,
  StartVisitInput as StartVisitRequestInput,
} from '@apothecall/domain/care/visits.api';
import { waitEstimate } from '@apothecall/domain/care/visits.rules';
import { ageOn, calendarDateOfUtc, parseDateInput } from '@apothecall/domain/dates/dates.rules';
import { visitChargeDescription } from '@apothecall/domain/payments/charge-descriptions.rules';
import { serviceAvailability } from '@apothecall/domain/places/places.rules';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { AccountsPort, PersonFacts } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import type { RosterPort } from '../clinic/roster.port';
import type { PaymentsPort } from '../payments/payments.port';
import { memberVisitItem } from '../subscriptions/subscriptions.port';
import './care.events';
import type { ScheduledVisitInput } from './care.port';
import type { CareRepo, VisitRecord } from './care.repo';
import { careVisitSnapshot, patientVisit } from './care.views';

/** Age today and birth gender, for the screening filters. */
function patientFacts(
  person: PersonFacts,
  at: Date,
): { age: number; birthGender: 'M' | 'F' | 'X' } {
  const dob = parseDateInput(person.dob);
  return {
    age: dob ? ageOn(dob, calendarDateOfUtc(at)) : 0,
    birthGender: person.gender === 'M' || person.gender === 'F' ? person.gender : 'X',
  };
}

/**
 * What start() reads of POST /visit-start/ as the domain's startVisitRequestSchema parsed it.
 * The screening result is taken as it came: it is parsed and evaluated again here, for the
 * patient's age and gender (a client's own "passed" is never trusted).
 */
export type StartVisitInput = Pick<
  StartVisitRequestInput,
  | 'patientID'
  | 'complaint'
  | 'pharmacy'
  | 'states'
  | 'priceToken'
  | 'subscriptionToken'
  | 'payProfileID'
  | 'idempotencyKey'
> & { visitScreenResult: unknown };

export interface CareService {
  start(actor: Actor, input: StartVisitInput): Promise<PatientVisit>;
  active(actor: Actor): Promise<PatientVisit[]>;
  cancel(actor: Actor, visitId: string): Promise<PatientVisit>;
  /** What to ask this family member in screening (age and birth-gender filters). */
  prescreening(
    actor: Actor,
    patientID: string,
    reason: string,
  ): Promise<Omit<PrescreeningResponse, 'error'>>;
  /** The patient view of a visit, for pushes (no access check: callers own it). */
  view(visit: VisitRecord): Promise<PatientVisit>;
  /**
   * Opens a scheduled appointment's visit, paid already, claimed by its provider:
   * one visit per idempotency key, the meet link sent and the line told only the first time.
   */
  startScheduledVisit(input: ScheduledVisitInput): Promise<PatientVisit>;
}

/**
 * The patient side of on-demand care: start a visit for a family member — consents
 * current, the state offered, the screening passed, the price paid (credit, then card, through
 * the payments area with the visit's idempotency key) — wait in the queue with a live place and
 * wait estimate, and cancel while waiting for a refund.
 */
export function createCareService(deps: {
  repo: CareRepo;
  accounts: Pick<AccountsPort, 'person' | 'consents' | 'displayName'>;
  roster: Pick<RosterPort, 'onDutyCount' | 'profile'>;
  brands: Pick<BrandsPort, 'careSettings'>;
  payments: PaymentsPort;
  audit: AuditService;
  /** The directory entry for a chosen pharmacy (its NCPDP id). */
  pharmacyById: (ncpdpId: string) => Promise<Record<string, unknown> | undefined>;
  /** Where the queue's providers and the patient learn that something changed. */
  events: Pick<EventBus, 'emit'>;
  /** Texts the patient the visit's one-time meet link (the visit room's). */
  sendMeetLink: (visit: Pick<VisitRecord, 'id' | 'accountId'>) => Promise<unknown>;
  onError: (error: unknown) => void;
  now?: () => Date;
}): CareService {
  const now = deps.now ?? (() => new Date());

  async function providerLabel(providerId: string): Promise<string | null> {
    const [name, profile] = await Promise.all([
      deps.accounts.displayName(providerId),
      deps.roster.profile(providerId),
    ]);
    if (!name) return null;
    return profile?.suffix ? `${name}, ${profile.suffix}` : name;
  }

  async function view(visit: VisitRecord): Promise<PatientVisit> {
    let place: number | null = null;
    let waitTime: number | null = null;
    if (visit.state === 'waiting') {
      const queue = await deps.repo.waitingIn([visit.location]);
      place = queue.findIndex((v) => v.id === visit.id) + 1 || null;
      waitTime = place ? waitEstimate(place, await deps.roster.onDutyCount(visit.location)) : null;
    }
    // The patient sees who cares for them as the note prints it: name and credential.
    const providerName = visit.providerId ? await providerLabel(visit.providerId) : null;
    return patientVisit(visit, place, waitTime, providerName);
  }

  async function ownVisit(actor: Actor, visitId: string): Promise<VisitRecord> {
    const visit = z.uuid().safeParse(visitId).success ? await deps.repo.visit(visitId) : undefined;
    if (!visit || visit.accountId !== actor.accountId) throw appErrors.notFound();
    return visit;
  }

  async function startScheduledVisit(input: ScheduledVisitInput): Promise<PatientVisit> {
    const { providerId, ...visit } = input;
    const inserted = await deps.repo.insertVisit({
      ...visit,
      screening: null,
      claimedBy: { providerId, at: now() },
    });
    const stored = inserted ?? (await deps.repo.visitByKey(input.accountId, input.idempotencyKey));
    if (!stored) throw new Error('scheduled visit not stored');
    if (inserted) {
      await deps.sendMeetLink(inserted).catch(deps.onError);
      await deps.events.emit('care.queueChanged', { state: inserted.location });
      await deps.events.emit('care.visitChanged', { visit: careVisitSnapshot(inserted) });
    }
    return view(stored);
  }

  /** The screening's answers evaluated again here: a client's own "passed" is never trusted. */
  function screened(input: StartVisitInput, person: PersonFacts) {
    const screening = visitScreenResultSchema.safeParse(input.visitScreenResult);
    if (!screening.success) throw new AppError(400, 'SCREENING_FAILED', 'care.screening.failed');
    const evaluation = evaluateScreening(screening.data.answers, patientFacts(person, now()));
    if (!evaluation.passed) {
      throw new AppError(400, 'SCREENING_FAILED', 'care.screening.failed', undefined, {
        reason: evaluation.failures[0] ?? null,
      });
    }
    return { screening, evaluation };
  }

  return {
    view,
    startScheduledVisit,

    async start(actor, input) {
      const existing = await deps.repo.visitByKey(actor.accountId, input.idempotencyKey);
      if (existing) return view(existing);

      const person = z.uuid().safeParse(input.patientID).success
        ? await deps.accounts.person(input.patientID)
        : undefined;
      if (!person || person.accountId !== actor.accountId) throw appErrors.notFound();
      if (!consentsUpToDate(await deps.accounts.consents(actor.accountId))) {
        throw new AppError(403, 'CONSENTS_REQUIRED', 'accounts.consents.required');
      }
      if (!isCareReasonId(input.complaint.reason))
        throw new AppError(400, 'VALIDATION', 'errors.invalidField', { field: 'complaint.reason' });
      const { screening, evaluation } = screened(input, person);
      const state = input.states[0] ?? person.consultLocation ?? '';
      const settings = await deps.brands.careSettings((await actor.brand()).id);
      const offered = serviceAvailability(state, 'onDemand', {
        availableStates: settings.availableStates,
      });
      if (!offered.offered)
        throw new AppError(400, 'SERVICE_UNAVAILABLE', offered.reason, offered.params);
      // The visit is where the patient said they are ('I am in', confirmed and audited), not
      // wherever a request names: that decides which licensed providers may treat them.
      if ((person.consultLocation ?? '').toUpperCase() !== state.toUpperCase()) {
        throw new AppError(400, 'LOCATION_NOT_CONFIRMED', 'care.location.confirmFirst');
      }
      if ((await deps.roster.onDutyCount(state.toUpperCase())) === 0) {
        throw new AppError(409, 'NO_PROVIDER_ON_DUTY', 'care.hours.noProviderNow');
      }
      // The visit keeps the directory's record of the pharmacy, not the client's copy.
      const pharmacy = input.pharmacy ? await deps.pharmacyById(input.pharmacy.id) : null;
      if (input.pharmacy && !pharmacy)
        throw new AppError(400, 'VALIDATION', 'errors.invalidField', { field: 'pharmacy' });
      // The visit's key is the charge's key: a retried start is one visit and one charge. A
      // missing price token is refused by payments like a stale one, with the price to pay.
      // A member price (POST /subscription-price/) comes as the subscription token: a quote for
      // this family member's visit, which pays no one else's.
      const charge = await deps.payments.charge(
        actor.accountId,
        {
          priceToken: input.subscriptionToken ?? input.priceToken ?? '',
          paymentProfileId: input.payProfileID,
          idempotencyKey: `visit:${input.idempotencyKey}`,
          description: visitChargeDescription(input.complaint.reason),
        },
        actor,
        input.subscriptionToken ? memberVisitItem(person.id) : undefined,
      );
      const visit =
        (await deps.repo.insertVisit({
          accountId: actor.accountId,
          personId: person.id,
          idempotencyKey: input.idempotencyKey,
          location: offered.offered ? state.toUpperCase() : state,
          reason: input.complaint.reason,
          notes: input.complaint.notes,
          pharmacy: pharmacy ?? null,
          screening: {
            passed: true,
            answers: screening.data.answers,
            alarms: [...evaluation.alarms],
          },
          ledgerId: charge.id,
          priceCents: charge.amount,
          createdAt: now(),
        })) ?? (await deps.repo.visitByKey(actor.accountId, input.idempotencyKey));
      if (!visit) throw appErrors.notFound();
      await deps.audit.record(
        actor,
        'visit.start',
        { accountId: actor.accountId, personId: person.id },
        { visitId: visit.id, state: visit.location, reason: visit.reason },
      );
      await deps.events.emit('care.queueChanged', { state: visit.location });
      return view(visit);
    },

    async prescreening(actor, patientID, reason) {
      const person = z.uuid().safeParse(patientID).success
        ? await deps.accounts.person(patientID)
        : undefined;
      if (!person || person.accountId !== actor.accountId) throw appErrors.notFound();
      if (!isCareReasonId(reason))
        throw new AppError(400, 'VALIDATION', 'errors.invalidField', { field: 'reason' });
      const facts = patientFacts(person, now());
      await deps.audit.record(
        actor,
        'visit.prescreening',
        { accountId: actor.accountId, personId: person.id },
        { reason },
      );
      return {
        age: facts.age,
        birthGender: facts.birthGender,
        sections: sectionsFor(facts),
        comorbidities: optionsFor(comorbidityChoices, facts).map((o) => o.id),
        ldnConditions: [...ldnConditionIds],
        emergencySigns: [...emergencySignIds],
      };
    },

    async active(actor) {
      const list = await deps.repo.activeVisits(actor.accountId);
      await deps.audit.record(
        actor,
        'visit.list',
        { accountId: actor.accountId },
        { visits: list.map((v) => v.id) },
      );
      return Promise.all(list.map(view));
    },

    async cancel(actor, visitId) {
      const visit = await ownVisit(actor, visitId);
      const moved = await deps.repo.move(visit.id, 'waiting', 'cancelled', { at: now() });
      if (moved) {
        // The cancel stands from here, whatever its refund does next: audited and announced
        // (the line, and the patient's other tabs and devices) once.
        await deps.audit.record(
          actor,
          'visit.cancel',
          { accountId: actor.accountId, personId: visit.personId },
          { visitId: visit.id, refunded: Boolean(visit.ledgerId) },
        );
        await deps.events.emit('care.queueChanged', { state: visit.location });
        await deps.events.emit('care.visitChanged', { visit: careVisitSnapshot(moved) });
      } else {
        // Cancelling again is answered like the first time, and pays a refund that failed
        // then (the refund's key makes it once; payments audits it).
        const current = await deps.repo.visit(visit.id);
        if (current?.state !== 'cancelled') {
          throw new AppError(409, 'VISIT_NOT_WAITING', 'care.visit.notWaiting');
        }
      }
      if (visit.ledgerId)
        await deps.payments.refund(
          actor.accountId,
          visit.ledgerId,
          `refund:visit:${visit.id}`,
          actor,
        );
      return view((await deps.repo.visit(visit.id)) ?? visit);
    },
  };
}
