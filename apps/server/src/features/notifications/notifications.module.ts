import { isLang } from '@apothecall/domain/i18n/i18n.rules';
import type { AreaModule, ModuleContext } from '../../platform/module';
import { createPushSender, type PushSender } from '../../platform/push/push-sender';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import { createDeviceListingRepo } from './device-listing.repo';
import { notificationDeliverJob, notificationSendJob } from './notification-send.job';
import { subscribeNotifier } from './notifications.notifier';
import type { NotificationsPort } from './notifications.port';
import { createNotificationsRepo } from './notifications.repo';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';

/**
 * Notifications: the account's switch and devices, and the notices the other areas'
 * events cause, sent by jobs through one push interface (Web Push, FCM, APNs) and shown in the
 * app on the account's sockets.
 */
export function notificationsModule(
  ctx: ModuleContext,
  ports: { accounts: AccountsPort; brands: BrandsPort; pharmacy: PharmacyPort },
  options: { sender?: PushSender } = {},
): AreaModule & { port: NotificationsPort } {
  const { platform } = ctx;
  const repo = createNotificationsRepo(ctx.db);
  const sender = options.sender ?? createPushSender(ctx.config.push);
  const holder = async (accountId: string) => {
    const contact = await ports.accounts.holderContact(accountId);
    if (!contact) return undefined;
    const brand = await ports.brands.byId(contact.brandId).catch(() => undefined);
    return {
      lang: isLang(contact.language) ? contact.language : ('en' as const),
      brandName: brand?.name ?? '',
    };
  };
  platform.jobs.register(
    notificationSendJob({
      repo,
      enabled: (accountId) => ports.accounts.notificationsOn(accountId),
      jobs: platform.jobs,
      holder,
    }),
  );
  platform.jobs.register(
    notificationDeliverJob({
      repo,
      sender,
      log: (what, detail) => platform.log.warn(detail, what),
      ...platform.clock,
    }),
  );
  // A device receives while the session that registered it lasts (a shared computer's next
  // user gets nothing of the last one's); the app registers it again at the next login.
  platform.sessions.onRevoked(async (revoked) => {
    const forget =
      revoked.kind === 'session'
        ? repo.removeForSession(revoked.sessionId)
        : repo.removeForAccount(revoked.accountId, revoked.exceptSessionId);
    await forget.catch(platform.warn('push devices not forgotten'));
  });
  subscribeNotifier({
    events: platform.events,
    jobs: platform.jobs,
    realtime: platform.realtime,
    holder,
    staffOf: (pharmacyId) => ports.pharmacy.staffAccounts(pharmacyId),
    onError: platform.warn('notification not queued'),
  });
  const notifications = createNotificationsService({
    repo,
    accounts: ports.accounts,
    audit: platform.audit,
    webPushKey: sender.webPushKey,
  });
  return {
    name: 'notifications',
    port: createDeviceListingRepo(ctx.db),
    routes: notificationsRoutes({
      notifications,
      webPushOn: sender.webPushKey !== null,
      webPushHosts: ctx.config.notifications.webPushHosts,
    }),
    close: () => sender.close(),
  };
}
