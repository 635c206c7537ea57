import { consentsUpToDate } from '@apothecall/domain/accounts/consents.rules';
import type {
  AvailabilityBlockInput,
  AvailabilityBlockView,
} from '@apothecall/domain/appointments/appointments.api';
import { bookingHorizonDays } from '@apothecall/domain/appointments/appointments.api';
import {
  checkCanBook,
  checkCanStart,
  visibleAppointments,
} from '@apothecall/domain/appointments/appointments.rules';
import type {
  AppointmentOffer,
  BookAppointmentRequest,
  ScheduledAppointment,
} from '@apothecall/domain/appointments/appointments.schemas';
import {
  type AvailabilityBlockRule,
  blocksOverlap,
  isSlotStart,
  parseRrule,
  slotsOnPatientDate,
  toRrule,
  type WeekdayCode,
} from '@apothecall/domain/appointments/availability.rules';
import { isCareReasonId } from '@apothecall/domain/care/care-reasons';
import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { ageOn, parseDateInput } from '@apothecall/domain/dates/dates.rules';
import { addDays, localDate } from '@apothecall/domain/dates/zones.rules';
import { visitChargeDescription } from '@apothecall/domain/payments/charge-descriptions.rules';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { AccountsPort } from '../accounts/accounts.port';
import type { CarePort } from '../care/care.port';
import type { RosterPort } from '../clinic/roster.port';
import type { PaymentsPort } from '../payments/payments.port';
import { memberVisitItem } from '../subscriptions/subscriptions.port';
import type { AppointmentRecord, AppointmentsRepo, BlockRecord } from './appointments.repo';

const minuteMs = 60_000;

export function ruleOf(block: BlockRecord): AvailabilityBlockRule {
  const weekly = block.rrule ? parseRrule(block.rrule) : undefined;
  return {
    weekdays: weekly?.weekdays ?? null,
    startDate: block.startDate,
    endDate: weekly ? (weekly.endDate ?? block.endDate) : null,
    startTime: block.startTime,
    endTime: block.endTime,
    slotMinutes: block.slotMinutes,
    timeZone: block.timeZone,
  };
}

export interface AppointmentStartInput {
  priceToken: string | null;
  subscriptionToken: string | null;
  payProfileID: string | null;
  idempotencyKey: string;
}

export interface AppointmentsService {
  createBlock(
    actor: Actor,
    input: Omit<Required<AvailabilityBlockInput>, 'weekdays' | 'endDate'> & {
      weekdays: WeekdayCode[] | null;
      endDate: string | null;
    },
  ): Promise<AvailabilityBlockView>;
  blocks(actor: Actor): Promise<AvailabilityBlockView[]>;
  removeBlock(actor: Actor, id: string): Promise<AvailabilityBlockView[]>;
  providerAppointments(actor: Actor): Promise<ScheduledAppointment[]>;
  offers(
    actor: Actor,
    query: { date: string; state: string; pt?: string | undefined },
  ): Promise<AppointmentOffer[]>;
  book(actor: Actor, input: BookAppointmentRequest): Promise<ScheduledAppointment>;
  scheduled(actor: Actor): Promise<ScheduledAppointment[]>;
  remove(actor: Actor, id: string): Promise<ScheduledAppointment[]>;
  start(actor: Actor, id: string, input: AppointmentStartInput): Promise<PatientVisit>;
}

/**
 * Scheduled appointments (issue 18): providers publish availability; patients see a day's free
 * slots, book one (the database lets one booking of a slot through), list and delete theirs,
 * and start one inside the window: the payment (once per appointment) and then the video visit,
 * claimed by the provider from the start (care's port). Reminders are jobs queued at booking; a
 * deletion queues the cancellation e-mail (issue 34).
 */
export function createAppointmentsService(deps: {
  repo: AppointmentsRepo;
  accounts: Pick<AccountsPort, 'role' | 'person' | 'displayName' | 'consents'>;
  roster: Pick<RosterPort, 'licenses' | 'profile'>;
  payments: Pick<PaymentsPort, 'charge' | 'nextPrice' | 'tokenPrice'>;
  care: Pick<CarePort, 'startScheduledVisit'>;
  audit: AuditService;
  windowMinutes: number;
  /** Queues the appointment's reminders (24 hours and 15 minutes before). */
  scheduleReminders: (appointment: AppointmentRecord) => Promise<void>;
  /** Queues a deleted appointment's cancellation e-mail (its calendar's METHOD:CANCEL). */
  announceCancellation: (appointment: AppointmentRecord) => Promise<void>;
  now?: () => Date;
}): AppointmentsService {
  const now = deps.now ?? (() => new Date());

  async function requireProvider(actor: Actor) {
    if ((await deps.accounts.role(actor.accountId)) !== 'provider') {
      throw new AppError(403, 'PROVIDERS_ONLY', 'care.clinic.providersOnly');
    }
  }

  async function providerLabel(providerId: string): Promise<string> {
    const [name, profile] = await Promise.all([
      deps.accounts.displayName(providerId),
      deps.roster.profile(providerId),
    ]);
    return profile?.suffix ? `${name ?? ''}, ${profile.suffix}` : (name ?? '');
  }

  async function blockView(block: BlockRecord, booked: number): Promise<AvailabilityBlockView> {
    const rule = ruleOf(block);
    return {
      id: block.id,
      rrule: block.rrule,
      weekdays: rule.weekdays ? [...rule.weekdays] : null,
      startDate: block.startDate,
      endDate: block.endDate,
      startTime: block.startTime,
      endTime: block.endTime,
      slotMinutes: block.slotMinutes,
      timeZone: block.timeZone,
      states: block.states as AvailabilityBlockView['states'],
      minAge: block.minAge,
      maxAge: block.maxAge,
      booked,
    };
  }

  async function scheduledView(a: AppointmentRecord): Promise<ScheduledAppointment> {
    const person = await deps.accounts.person(a.personId);
    return {
      appointmentId: a.id,
      patientId: a.personId,
      startTime: a.startAt.toISOString(),
      providerId: a.providerId,
      providerName: await providerLabel(a.providerId),
      providerPhotoUrl: null,
      patientName: person ? `${person.firstName} ${person.lastName}`.trim() : '',
      concerns1: a.reason,
      concerns2: [a.location] as ScheduledAppointment['concerns2'],
      blockId: a.blockId,
    };
  }

  /** The holder's family member (the holder's person id is the account id). */
  async function familyMember(actor: Actor, personId: string | undefined) {
    const id = personId ?? actor.accountId;
    const person = z.uuid().safeParse(id).success ? await deps.accounts.person(id) : undefined;
    if (!person || person.accountId !== actor.accountId) throw appErrors.notFound();
    return person;
  }

  async function ownAppointment(actor: Actor, id: string): Promise<AppointmentRecord> {
    const found = z.uuid().safeParse(id).success ? await deps.repo.appointment(id) : undefined;
    if (!found || found.accountId !== actor.accountId || found.state === 'deleted') {
      throw appErrors.notFound();
    }
    return found;
  }

  function ageAt(dob: string, date: string): number | undefined {
    const born = parseDateInput(dob);
    const [y, m, d] = date.split('-').map(Number);
    return born ? ageOn(born, { year: y ?? 0, month: m ?? 0, day: d ?? 0 }) : undefined;
  }

  async function scheduled(actor: Actor): Promise<ScheduledAppointment[]> {
    const at = now().getTime();
    const rows = (
      await deps.repo.ofAccount(actor.accountId, new Date(at - deps.windowMinutes * minuteMs))
    ).filter((a) => a.state === 'booked');
    const visible = visibleAppointments(
      rows.map((r) => ({ row: r, startTime: r.startAt.getTime() })),
      at,
    );
    return Promise.all(visible.map((v) => scheduledView(v.row)));
  }

  async function blocks(actor: Actor): Promise<AvailabilityBlockView[]> {
    await requireProvider(actor);
    const own = await deps.repo.blocksOf(actor.accountId);
    const taken = await deps.repo.takenFrom(
      own.map((b) => b.id),
      now(),
    );
    return Promise.all(
      own.map((b) =>
        blockView(b, taken.filter((a) => a.blockId === b.id && a.state === 'booked').length),
      ),
    );
  }

  const notOffered = () => new AppError(400, 'APPOINTMENT_NOT_OFFERED', 'appointments.notOffered');

  /**
   * Spec sections 4 and 6 (issue 33): no appointment is booked or started with a nonce, free
   * (price 0) or prepay price (domain checkCanBook, the route guard's rule).
   */
  function requireBookablePrice(price: { price: number; priceType: string | null } | undefined) {
    if (!price) return;
    const check = checkCanBook(price);
    if (!check.ok) throw new AppError(400, 'APPOINTMENT_PRICE_NOT_ALLOWED', check.messageKey);
  }

  return {
    async createBlock(actor, input) {
      await requireProvider(actor);
      const licensed = await deps.roster.licenses(actor.accountId);
      if (!input.states.every((s) => licensed.includes(s))) {
        throw new AppError(400, 'VALIDATION', 'errors.invalidField', { field: 'states' });
      }
      const weekly = input.weekdays && input.weekdays.length > 0 ? input.weekdays : null;
      const row = {
        providerId: actor.accountId,
        rrule: weekly ? toRrule(weekly, input.endDate) : null,
        startDate: input.startDate,
        endDate: weekly ? input.endDate : null,
        startTime: input.startTime,
        endTime: input.endTime,
        slotMinutes: input.slotMinutes,
        timeZone: input.timeZone,
        states: [...input.states],
        minAge: input.minAge,
        maxAge: input.maxAge,
      };
      const rule = ruleOf({ ...row, id: '', createdAt: now(), removedAt: null });
      // Refused when it overlaps one of the provider's live blocks (domain blocksOverlap),
      // checked and written under the provider's lock: a provider is never double booked.
      const inserted = await deps.repo.insertBlock(row, (live) =>
        blocksOverlap(rule, ruleOf(live)),
      );
      if (inserted.kind === 'overlapping') {
        const clash = inserted.block;
        throw new AppError(409, 'AVAILABILITY_OVERLAPS', 'appointments.blockOverlaps', {
          date: clash.startDate,
          from: clash.startTime,
          to: clash.endTime,
        });
      }
      const block = inserted.block;
      await deps.audit.record(actor, 'availability.create', null, { blockId: block.id });
      return blockView(block, 0);
    },

    blocks,

    async removeBlock(actor, id) {
      await requireProvider(actor);
      const block = z.uuid().safeParse(id).success ? await deps.repo.block(id) : undefined;
      if (!block || block.providerId !== actor.accountId) throw appErrors.notFound();
      const ahead = (await deps.repo.takenFrom([block.id], now())).filter(
        (a) => a.state === 'booked',
      );
      if (ahead.length > 0) {
        throw new AppError(409, 'AVAILABILITY_HAS_BOOKINGS', 'appointments.blockHasBookings');
      }
      await deps.repo.removeBlock(block.id, now());
      await deps.audit.record(actor, 'availability.remove', null, { blockId: block.id });
      return blocks(actor);
    },

    async providerAppointments(actor) {
      await requireProvider(actor);
      const rows = await deps.repo.ofProvider(
        actor.accountId,
        new Date(now().getTime() - 12 * 60 * minuteMs),
      );
      await deps.audit.record(actor, 'appointment.list.provider', null, { count: rows.length });
      return Promise.all(rows.map(scheduledView));
    },

    async offers(actor, query) {
      const person = await familyMember(actor, query.pt);
      const at = now().getTime();
      const today = localDate(at, actor.timeZone);
      if (query.date < today || query.date > addDays(today, bookingHorizonDays)) return [];
      const age = ageAt(person.dob, query.date);
      const blocks = (await deps.repo.liveBlocks()).filter(
        (b) =>
          b.states.includes(query.state) && age !== undefined && age >= b.minAge && age <= b.maxAge,
      );
      const taken = await deps.repo.heldFrom(
        [...new Set(blocks.map((b) => b.providerId))],
        new Date(at - 24 * 60 * minuteMs),
      );
      // A provider's time is held by any live booking that overlaps it, of whichever block
      // (issue 33), and offered once: a slot overlapping one offered already is left out.
      const busy = new Map<string, { from: number; to: number }[]>();
      const hold = (providerId: string, span: { from: number; to: number }) => {
        const list = busy.get(providerId) ?? [];
        list.push(span);
        busy.set(providerId, list);
      };
      const isBusy = (providerId: string, span: { from: number; to: number }) =>
        (busy.get(providerId) ?? []).some((b) => b.from < span.to && span.from < b.to);
      for (const a of taken) {
        hold(a.providerId, { from: a.startAt.getTime(), to: a.endAt.getTime() });
      }
      const licences = new Map<string, string[]>();
      const offers: AppointmentOffer[] = [];
      for (const block of blocks) {
        let licensed = licences.get(block.providerId);
        if (!licensed) {
          licensed = await deps.roster.licenses(block.providerId);
          licences.set(block.providerId, licensed);
        }
        if (!licensed.includes(query.state)) continue;
        const slots = slotsOnPatientDate(ruleOf(block), query.date, actor.timeZone).filter((s) => {
          if (s.from <= at || isBusy(block.providerId, s)) return false;
          hold(block.providerId, s);
          return true;
        });
        if (slots.length === 0) continue;
        offers.push({
          userId: block.providerId,
          personId: block.providerId,
          profilePhoto: null,
          name: await providerLabel(block.providerId),
          ages: { minAge: block.minAge, maxAge: block.maxAge },
          states: block.states as AppointmentOffer['states'],
          slots: slots.map((s) => ({
            availabiityBlockId: block.id,
            availabilityBlockId: block.id,
            from: new Date(s.from).toISOString(),
            to: new Date(s.to).toISOString(),
          })),
        });
      }
      await deps.audit.record(
        actor,
        'appointment.offers',
        { accountId: actor.accountId, personId: person.id },
        { date: query.date, state: query.state },
      );
      return offers;
    },

    async book(actor, input) {
      const person = await familyMember(actor, input.pt);
      if (!isCareReasonId(input.complaint.reason)) {
        throw new AppError(400, 'VALIDATION', 'errors.invalidField', { field: 'complaint.reason' });
      }
      const block = z.uuid().safeParse(input.blockId).success
        ? await deps.repo.block(input.blockId)
        : undefined;
      if (!block || (input.provider && input.provider !== block.providerId)) throw notOffered();
      requireBookablePrice(await deps.payments.nextPrice(actor.accountId));
      const from = Date.parse(input.time);
      const slot = isSlotStart(ruleOf(block), from);
      if (!slot || slot.to !== Date.parse(input.to) || from <= now().getTime()) throw notOffered();
      const location = (person.consultLocation ?? '').toUpperCase();
      const age = ageAt(person.dob, localDate(from, actor.timeZone));
      if (
        !block.states.includes(location) ||
        age === undefined ||
        age < block.minAge ||
        age > block.maxAge ||
        !(await deps.roster.licenses(block.providerId)).includes(location)
      ) {
        throw notOffered();
      }
      const booked = await deps.repo.book({
        blockId: block.id,
        providerId: block.providerId,
        accountId: actor.accountId,
        personId: person.id,
        startAt: new Date(slot.from),
        endAt: new Date(slot.to),
        state: 'booked',
        location,
        reason: input.complaint.reason,
        notes: input.complaint.notes,
        pharmacy: input.pharmacy as Record<string, unknown> | null,
        timeZone: actor.timeZone,
      });
      if (booked.kind === 'taken') {
        throw new AppError(409, 'APPOINTMENT_TAKEN', 'appointments.taken');
      }
      await deps.scheduleReminders(booked.row);
      await deps.audit.record(
        actor,
        'appointment.book',
        { accountId: actor.accountId, personId: person.id },
        { appointmentId: booked.row.id },
      );
      return scheduledView(booked.row);
    },

    scheduled,

    async remove(actor, id) {
      const found = await ownAppointment(actor, id);
      if (found.state === 'booked') {
        // Only the call whose update deleted it tells the patient (two deletes at once: one).
        const removed = await deps.repo.remove(found.id, now());
        if (removed) await deps.announceCancellation(removed);
        await deps.audit.record(
          actor,
          'appointment.delete',
          { accountId: actor.accountId, personId: found.personId },
          { appointmentId: found.id },
        );
      }
      return scheduled(actor);
    },

    async start(actor, id, input) {
      const found = await ownAppointment(actor, id);
      const person = await familyMember(actor, found.personId);
      const key = `appointment:${found.id}`;
      if (found.state === 'booked') {
        const check = checkCanStart({
          startTime: found.startAt.getTime(),
          states: [found.location],
          consultLocation: person.consultLocation,
          now: now().getTime(),
          windowMinutes: deps.windowMinutes,
        });
        if (!check.ok) {
          const code =
            check.reason === 'location'
              ? 'APPOINTMENT_NOT_IN_LOCATION'
              : check.reason === 'expired'
                ? 'APPOINTMENT_EXPIRED'
                : 'APPOINTMENT_TOO_EARLY';
          throw new AppError(400, code, check.messageKey, check.params);
        }
        if (!consentsUpToDate(await deps.accounts.consents(actor.accountId))) {
          throw new AppError(403, 'CONSENTS_REQUIRED', 'accounts.consents.required');
        }
        // The price it is paid with (a member's subscription price is the plan's, not checked).
        if (!input.subscriptionToken && input.priceToken) {
          requireBookablePrice(await deps.payments.tokenPrice(actor.accountId, input.priceToken));
        }
      }
      // The appointment's key is the charge's and the visit's: a retried start is one charge
      // and one visit (a start that already went through answers its visit again).
      const charge = await deps.payments.charge(
        actor.accountId,
        {
          priceToken: input.subscriptionToken ?? input.priceToken ?? '',
          paymentProfileId: input.payProfileID,
          idempotencyKey: key,
          description: visitChargeDescription(found.reason),
        },
        actor,
        input.subscriptionToken ? memberVisitItem(person.id) : undefined,
      );
      const visit = await deps.care.startScheduledVisit({
        accountId: actor.accountId,
        personId: person.id,
        providerId: found.providerId,
        idempotencyKey: key,
        location: found.location,
        reason: found.reason,
        notes: found.notes,
        pharmacy: found.pharmacy ?? null,
        ledgerId: charge.id,
        priceCents: charge.amount,
      });
      if (await deps.repo.started(found.id, visit.visitId)) {
        await deps.audit.record(
          actor,
          'appointment.start',
          { accountId: actor.accountId, personId: person.id },
          { appointmentId: found.id, visitId: visit.visitId },
        );
      }
      return visit;
    },
  };
}
