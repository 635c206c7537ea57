import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import type { CarePort } from '../care/care.port';
import type { RosterPort } from '../clinic/roster.port';
import type { RxPort } from '../rx/rx.port';
import { createLicenceReminders, licenceRemindersJob } from './licence-reminders.job';
import { providersRoutes } from './providers.routes';
import { createProvidersAdminService } from './providers-admin.service';

/**
 * The back office's providers area: providers, their licences and access, for the
 * admin (read and write) and support (read). The clinic owns the tables (its roster port),
 * accounts the logins, care and rx the visits a deactivated provider leaves. A daily job e-mails each
 * provider 30 days before a licence expires (licence-reminders.job.ts).
 */
export function providersModule(
  ctx: ModuleContext,
  ports: { accounts: AccountsPort; roster: RosterPort; care: CarePort; rx: RxPort },
): AreaModule {
  const { platform } = ctx;
  const admin = createProvidersAdminService({
    accounts: ports.accounts,
    roster: ports.roster,
    care: ports.care,
    rx: ports.rx,
    audit: platform.audit,
  });
  platform.jobs.register(
    licenceRemindersJob({
      remind: createLicenceReminders({
        roster: ports.roster,
        accounts: ports.accounts,
        mailer: platform.mailer,
        now: platform.now,
      }),
      onRun: (sent) => {
        if (sent > 0) platform.log.info({ sent }, 'licence reminders');
      },
    }),
  );
  return { name: 'providers', routes: providersRoutes({ admin }) };
}
