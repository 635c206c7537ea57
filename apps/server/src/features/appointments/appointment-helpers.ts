import type { AvailabilityBlockView } from '@apothecall/domain/appointments/appointments.api';
import { checkCanBook } from '@apothecall/domain/appointments/appointments.rules';
import type { ScheduledAppointment } from '@apothecall/domain/appointments/appointments.schemas';
import {
  type AvailabilityBlockRule,
  parseRrule,
} from '@apothecall/domain/appointments/availability.rules';
import { ageOn, parseDateInput } from '@apothecall/domain/dates/dates.rules';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs/jobs';
import type { AccountsPort } from '../accounts/accounts.port';
import type { CarePort } from '../care/care.port';
import type { RosterPort } from '../clinic/roster.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { AppointmentRecord, AppointmentsRepo, BlockRecord } from './appointments.repo';

export const minuteMs = 60_000;

/** What the appointments service is built from (its module passes the real ones). */
export interface AppointmentsDeps {
  repo: AppointmentsRepo;
  accounts: Pick<AccountsPort, 'role' | 'person' | 'displayName' | 'consents'>;
  roster: Pick<RosterPort, 'licenses' | 'profile'>;
  payments: Pick<PaymentsPort, 'charge' | 'nextPrice' | 'tokenPrice'>;
  care: Pick<CarePort, 'startScheduledVisit'>;
  audit: AuditService;
  windowMinutes: number;
  /**
   * Queues a booking's reminders (`appointments.reminder`, 24 hours and 15 minutes before) and a
   * deletion's cancellation e-mail (`appointments.cancellation`, its calendar's METHOD:CANCEL).
   */
  jobs: Pick<Jobs, 'send'>;
  now?: () => Date;
}

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

export function ageAt(dob: string, date: string): number | undefined {
  const born = parseDateInput(dob);
  const [y, m, d] = date.split('-').map(Number);
  return born ? ageOn(born, { year: y ?? 0, month: m ?? 0, day: d ?? 0 }) : undefined;
}

export const notOffered = () =>
  new AppError(400, 'APPOINTMENT_NOT_OFFERED', 'appointments.notOffered');

/**
 * Spec sections 4 and 6: no appointment is booked or started with a nonce, free
 * (price 0) or prepay price (domain checkCanBook, the route guard's rule).
 */
export function requireBookablePrice(
  price: { price: number; priceType: string | null } | undefined,
) {
  if (!price) return;
  const check = checkCanBook(price);
  if (!check.ok) throw new AppError(400, 'APPOINTMENT_PRICE_NOT_ALLOWED', check.messageKey);
}

export function blockView(block: BlockRecord, booked: number): AvailabilityBlockView {
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

/** The lookups both halves of the service share: who is asking, and how a booking reads. */
export function appointmentLookups(deps: AppointmentsDeps) {
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

  return { requireProvider, providerLabel, scheduledView, familyMember, ownAppointment };
}

export type AppointmentLookups = ReturnType<typeof appointmentLookups>;
