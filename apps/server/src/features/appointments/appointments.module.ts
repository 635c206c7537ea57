import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import type { CarePort } from '../care/care.port';
import type { RosterPort } from '../clinic/roster.port';
import type { PaymentsPort } from '../payments/payments.port';
import { appointmentCancellationJob } from './appointment-cancellation.job';
import { organizerOf } from './appointment-mail';
import { appointmentReminderJob } from './appointment-reminder.job';
import { createAppointmentsRepo } from './appointments.repo';
import { appointmentsRoutes } from './appointments.routes';
import { createAppointmentsService } from './appointments.service';

/**
 * Scheduled appointments: providers' availability, patients' bookings (one per slot,
 * by the database), the window, and the start into care's video room (care's port); reminders
 * as jobs queued at booking, 24 hours and 15 minutes before, and a cancellation e-mail as a job
 * queued at deletion (their calendar files: appointment-ics.ts).
 */
export function appointmentsModule(
  ctx: ModuleContext,
  ports: {
    accounts: AccountsPort;
    roster: RosterPort;
    payments: PaymentsPort;
    care: CarePort;
  },
): AreaModule {
  const { platform, config } = ctx;
  const repo = createAppointmentsRepo(ctx.db);
  const windowMinutes = config.appointments.windowMinutes;
  const organizer = organizerOf(config.mail.from);
  platform.jobs.register(
    appointmentReminderJob({
      repo,
      accounts: ports.accounts,
      mailer: platform.mailer,
      sms: platform.sms,
      publicUrl: config.publicUrl,
      organizer,
      windowMinutes,
      events: platform.events,
      ...platform.clock,
    }),
  );
  platform.jobs.register(
    appointmentCancellationJob({
      repo,
      accounts: ports.accounts,
      mailer: platform.mailer,
      publicUrl: config.publicUrl,
      organizer,
      ...platform.clock,
    }),
  );
  const appointments = createAppointmentsService({
    repo,
    accounts: ports.accounts,
    roster: ports.roster,
    payments: ports.payments,
    care: ports.care,
    audit: platform.audit,
    windowMinutes,
    jobs: platform.jobs,
    ...platform.clock,
  });
  return { name: 'appointments', routes: appointmentsRoutes({ appointments, windowMinutes }) };
}
