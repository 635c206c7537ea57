import type {
  AvailabilityBlockInput,
  AvailabilityBlockView,
} from '@apothecall/domain/appointments/appointments.api';
import { bookingHorizonDays } from '@apothecall/domain/appointments/appointments.api';
import type {
  AppointmentOffer,
  ScheduledAppointment,
} from '@apothecall/domain/appointments/appointments.schemas';
import {
  blocksOverlap,
  slotsOnPatientDate,
  toRrule,
  type WeekdayCode,
} from '@apothecall/domain/appointments/availability.rules';
import { addDays, localDate } from '@apothecall/domain/dates/zones.rules';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import { AppError, appErrors } from '../../platform/errors';
import {
  type AppointmentLookups,
  type AppointmentsDeps,
  ageAt,
  blockView,
  minuteMs,
  ruleOf,
} from './appointment-helpers';
import type { BlockRecord } from './appointments.repo';

export interface AvailabilityService {
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
}

/**
 * The provider's side of appointments and what a patient is offered: availability blocks
 * (published, listed, removed), the provider's own bookings, and a day's free slots.
 */
export function createAvailabilityService(
  deps: AppointmentsDeps,
  lookups: AppointmentLookups,
): AvailabilityService {
  const now = deps.now ?? (() => new Date());
  const { requireProvider, providerLabel, scheduledView, familyMember } = lookups;

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

  /** The blocks that offer the day's slots to this state and age, with the slots still free. */
  async function freeSlots(
    actor: Actor,
    blocks: BlockRecord[],
    query: { date: string; state: string },
    at: number,
  ) {
    const taken = await deps.repo.heldFrom(
      [...new Set(blocks.map((b) => b.providerId))],
      new Date(at - 24 * 60 * minuteMs),
    );
    // A provider's time is held by any live booking that overlaps it, of whichever block,
    // and offered once: a slot overlapping one offered already is left out.
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
    return offers;
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
      const offers = await freeSlots(actor, blocks, query, at);
      await deps.audit.record(
        actor,
        'appointment.offers',
        { accountId: actor.accountId, personId: person.id },
        { date: query.date, state: query.state },
      );
      return offers;
    },
  };
}
