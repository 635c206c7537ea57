import { translate } from '@apothecall/domain/i18n/catalog';
import type { JobDefinition, JobPayloads, Jobs } from '../../platform/jobs/jobs';
import type { Mailer } from '../../platform/mail.service';
import type { AccountsPort } from '../accounts/accounts.port';
import {
  appointmentAudience,
  appointmentWhen,
  type CalendarOrganizer,
  calendarAttachment,
} from './appointment-mail';
import type { AppointmentRecord, AppointmentsRepo } from './appointments.repo';

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** A deleted appointment's cancellation e-mail (the id only), queued once per appointment. */
    'appointments.cancellation': { appointmentId: string };
  }
}

/** Queues a deleted appointment's cancellation e-mail, once per appointment. */
export async function queueCancellation(
  jobs: Pick<Jobs, 'send'>,
  appointment: Pick<AppointmentRecord, 'id'>,
): Promise<void> {
  await jobs.send(
    'appointments.cancellation',
    { appointmentId: appointment.id },
    { idempotencyKey: `appointment:${appointment.id}:cancel` },
  );
}

/**
 * Tells the holder that an appointment is cancelled: an e-mail in their language
 * naming the provider and the time in the zone they booked from, with the calendar file's
 * METHOD:CANCEL (the invitation's UID, a higher SEQUENCE, STATUS:CANCELLED), so the event the
 * reminders filed in their calendar goes away. Queued by every path that deletes an appointment,
 * keyed by the appointment (one job each); an appointment that is not deleted is not cancelled.
 * The text names the provider and the time, nothing else.
 */
export function appointmentCancellationJob(deps: {
  repo: Pick<AppointmentsRepo, 'appointment'>;
  accounts: Pick<AccountsPort, 'loginId' | 'holderContact' | 'displayName'>;
  mailer: Mailer;
  publicUrl: string;
  /** The calendar's ORGANIZER: the address the mail comes from (as in the invitation). */
  organizer: CalendarOrganizer;
  now?: () => Date;
}): JobDefinition<JobPayloads, 'appointments.cancellation'> {
  const now = deps.now ?? (() => new Date());
  return {
    name: 'appointments.cancellation',
    options: { retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 120 },
    async handler({ appointmentId }) {
      const appointment = await deps.repo.appointment(appointmentId);
      if (appointment?.state !== 'deleted') return;
      const { lang, provider, email } = await appointmentAudience(deps.accounts, appointment);
      if (!email) return;
      const link = `${deps.publicUrl}/#/appointment`;
      const subject = translate(lang, 'appointments.cancelled.subject');
      const text = translate(lang, 'appointments.cancelled.body', {
        provider,
        when: appointmentWhen(appointment.startAt, lang, appointment.timeZone, true),
        link,
      });
      await deps.mailer.send({
        to: email,
        subject,
        text,
        attachments: [
          calendarAttachment('CANCEL', appointment, {
            to: email,
            subject,
            text,
            url: link,
            stamp: now(),
            organizer: deps.organizer,
          }),
        ],
      });
    },
  };
}
