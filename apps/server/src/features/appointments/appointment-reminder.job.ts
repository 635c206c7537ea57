import { translate } from '@apothecall/domain/i18n/catalog';
import type { EventBus } from '../../platform/events';
import type { JobDefinition, JobPayloads, Jobs } from '../../platform/jobs/jobs';
import type { Mailer } from '../../platform/mail.service';
import type { SmsSender } from '../../platform/sms.service';
import type { AccountsPort } from '../accounts/accounts.port';
import {
  appointmentAudience,
  appointmentWhen,
  type CalendarOrganizer,
  calendarAttachment,
} from './appointment-mail';
import type { AppointmentRecord, AppointmentsRepo } from './appointments.repo';

export type ReminderKind = 'day' | 'soon';

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** An appointment's reminder, 24 hours or 15 minutes before (ids only). */
    'appointments.reminder': { appointmentId: string; kind: ReminderKind };
  }
}

/** How long before the appointment each reminder goes. */
export const reminderLeadMs: Readonly<Record<ReminderKind, number>> = {
  day: 24 * 60 * 60_000,
  soon: 15 * 60_000,
};

/**
 * Queues a booked appointment's reminders, 24 hours and 15 minutes before its start, each once
 * (keyed by the appointment and the kind).
 */
export async function queueReminders(
  jobs: Pick<Jobs, 'send'>,
  appointment: Pick<AppointmentRecord, 'id' | 'startAt'>,
  now: () => Date,
): Promise<void> {
  for (const kind of ['day', 'soon'] as ReminderKind[]) {
    const at = appointment.startAt.getTime() - reminderLeadMs[kind];
    // A reminder whose moment has passed at booking is not sent (booked within the day:
    // no day-before reminder; within 15 minutes: the booking itself is the reminder).
    if (at <= now().getTime()) continue;
    await jobs.send(
      'appointments.reminder',
      { appointmentId: appointment.id, kind },
      {
        startAfter: new Date(Date.now() + (at - now().getTime())),
        idempotencyKey: `appointment:${appointment.id}:${kind}`,
      },
    );
  }
}

/**
 * Sends one reminder of a booked appointment by e-mail (with the calendar invitation,
 * METHOD:REQUEST, appointment-ics.ts) and SMS, in the holder's language, at the time in the zone
 * the patient booked from, naming the zone. Once each: the appointment row is marked before
 * anything goes, so a retried or repeated job sends nothing again; a deleted or started
 * appointment is not reminded. The texts name the provider and the time, nothing else.
 */
export function appointmentReminderJob(deps: {
  repo: Pick<AppointmentsRepo, 'appointment' | 'markReminded'>;
  accounts: Pick<AccountsPort, 'loginId' | 'holderContact' | 'displayName'>;
  mailer: Mailer;
  sms: SmsSender;
  publicUrl: string;
  /** The calendar's ORGANIZER: the address the mail comes from. */
  organizer: CalendarOrganizer;
  windowMinutes: number;
  /** Tells the notifications (a push to the patient's devices). */
  events?: Pick<EventBus, 'emit'>;
  now?: () => Date;
}): JobDefinition<JobPayloads, 'appointments.reminder'> {
  const now = deps.now ?? (() => new Date());
  return {
    name: 'appointments.reminder',
    options: { retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 120 },
    async handler({ appointmentId, kind }) {
      const appointment = await deps.repo.appointment(appointmentId);
      if (appointment?.state !== 'booked') return;
      if (appointment.startAt.getTime() <= now().getTime()) return;
      if (!(await deps.repo.markReminded(appointment.id, kind, now()))) return;
      await deps.events?.emit('appointments.reminderDue', {
        appointmentId: appointment.id,
        accountId: appointment.accountId,
        kind,
      });
      const { lang, provider, email, phone } = await appointmentAudience(
        deps.accounts,
        appointment,
      );
      const link = `${deps.publicUrl}/#/appointment`;
      const text = translate(lang, `appointments.reminder.${kind}`, {
        provider,
        when: appointmentWhen(appointment.startAt, lang, appointment.timeZone, kind === 'day'),
        link,
        minutes: deps.windowMinutes,
      });
      if (email) {
        const subject = translate(lang, 'appointments.reminder.subject');
        await deps.mailer.send({
          to: email,
          subject,
          text,
          attachments: [
            calendarAttachment('REQUEST', appointment, {
              to: email,
              subject,
              text,
              url: link,
              stamp: now(),
              organizer: deps.organizer,
            }),
          ],
        });
      }
      if (phone) await deps.sms.send(phone, text);
    },
  };
}
