import { consentsUpToDate } from '@apothecall/domain/accounts/consents.rules';
import {
  checkCanStart,
  visibleAppointments,
} from '@apothecall/domain/appointments/appointments.rules';
import type {
  BookAppointmentRequest,
  ScheduledAppointment,
} from '@apothecall/domain/appointments/appointments.schemas';
import { isSlotStart } from '@apothecall/domain/appointments/availability.rules';
import { isCareReasonId } from '@apothecall/domain/care/care-reasons';
import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { localDate } from '@apothecall/domain/dates/zones.rules';
import { visitChargeDescription } from '@apothecall/domain/payments/charge-descriptions.rules';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { memberVisitItem } from '../subscriptions/subscriptions.port';
import { type AvailabilityService, createAvailabilityService } from './appointment-availability';
import { queueCancellation } from './appointment-cancellation.job';
import {
  type AppointmentsDeps,
  ageAt,
  appointmentLookups,
  minuteMs,
  notOffered,
  requireBookablePrice,
  ruleOf,
} from './appointment-helpers';
import { queueReminders } from './appointment-reminder.job';

export { ruleOf };

export interface AppointmentStartInput {
  priceToken: string | null;
  subscriptionToken: string | null;
  payProfileID: string | null;
  idempotencyKey: string;
}

export interface AppointmentsService extends AvailabilityService {
  book(actor: Actor, input: BookAppointmentRequest): Promise<ScheduledAppointment>;
  scheduled(actor: Actor): Promise<ScheduledAppointment[]>;
  remove(actor: Actor, id: string): Promise<ScheduledAppointment[]>;
  start(actor: Actor, id: string, input: AppointmentStartInput): Promise<PatientVisit>;
}

/**
 * Scheduled appointments: providers publish availability; patients see a day's free
 * slots, book one (the database lets one booking of a slot through), list and delete theirs,
 * and start one inside the window: the payment (once per appointment) and then the video visit,
 * claimed by the provider from the start (care's port). Reminders are jobs queued at booking; a
 * deletion queues the cancellation e-mail. The provider's side and the offers are in
 * appointment-availability.ts; this file keeps the patient's bookings.
 */
export function createAppointmentsService(deps: AppointmentsDeps): AppointmentsService {
  const now = deps.now ?? (() => new Date());
  const lookups = appointmentLookups(deps);
  const { scheduledView, familyMember, ownAppointment } = lookups;

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

  return {
    ...createAvailabilityService(deps, lookups),

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
      await queueReminders(deps.jobs, booked.row, now);
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
        if (removed) await queueCancellation(deps.jobs, removed);
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
