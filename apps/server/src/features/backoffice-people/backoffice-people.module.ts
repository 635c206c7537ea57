import { createAuditTrailRepo } from '../../platform/audit-trail.repo';
import type { AreaModule, ModuleContext } from '../../platform/module';
import { createSessionListRepo } from '../../platform/sessions/session-list.repo';
import type { AccountsPort } from '../accounts/accounts.port';
import type { CarePort } from '../care/care.port';
import type { NotificationsPort } from '../notifications/notifications.port';
import type { PaymentsPort } from '../payments/payments.port';
import { backofficePeopleRoutes } from './backoffice-people.routes';
import { createDisclosuresService } from './disclosures.service';
import { createPeopleAdminService } from './people-admin.service';

/**
 * The back office's People and support and accounting of disclosures: accounts,
 * visits, payments and push devices through their areas' ports, sessions and the audit trail read from the platform's tables.
 */
export function backofficePeopleModule(
  ctx: ModuleContext,
  ports: {
    accounts: AccountsPort;
    care: CarePort;
    payments: PaymentsPort;
    notifications: NotificationsPort;
  },
): AreaModule {
  const { platform, config } = ctx;
  const trail = createAuditTrailRepo(ctx.db);
  const people = createPeopleAdminService({
    accounts: ports.accounts,
    care: ports.care,
    payments: ports.payments,
    notifications: ports.notifications,
    sessionList: createSessionListRepo(ctx.db),
    trail,
    audit: platform.audit,
    loginWindowSeconds: config.loginLimit.windowSeconds,
    ...platform.clock,
  });
  const disclosures = createDisclosuresService({
    accounts: ports.accounts,
    trail,
    audit: platform.audit,
  });
  return { name: 'backoffice-people', routes: backofficePeopleRoutes({ people, disclosures }) };
}
