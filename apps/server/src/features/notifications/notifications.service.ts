import type {
  NativePushPlatform,
  WebPushSubscription,
} from '@apothecall/domain/notifications/notifications.api';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import type { AccountsPort } from '../accounts/accounts.port';
import type { NotificationsRepo, PushChannel } from './notifications.repo';

/**
 * An account's notification settings and devices: the on/off switch the sender
 * reads, browsers' Web Push subscriptions, native apps' tokens. Nothing here is health
 * information; changes are audited all the same (who turned what on, from where).
 */
export interface NotificationsService {
  settings(actor: Actor): Promise<{ enabled: boolean; webPushKey: string | null }>;
  setEnabled(
    actor: Actor,
    enabled: boolean,
  ): Promise<{ enabled: boolean; webPushKey: string | null }>;
  addWebSubscription(actor: Actor, subscription: WebPushSubscription): Promise<void>;
  removeWebSubscription(actor: Actor, endpoint: string): Promise<void>;
  setNativeToken(actor: Actor, platform: NativePushPlatform, token: string): Promise<void>;
}

export const channelOfPlatform: Readonly<Record<NativePushPlatform, PushChannel>> = {
  'cordova-ios': 'apns',
  'cordova-android': 'fcm',
};

export function createNotificationsService(deps: {
  repo: NotificationsRepo;
  /** The switch is the account's profile setting (accounts owns it). */
  accounts: Pick<AccountsPort, 'notificationsOn' | 'setNotifications'>;
  audit: AuditService;
  webPushKey: string | null;
}): NotificationsService {
  const subject = (actor: Actor) => ({ accountId: actor.accountId });
  return {
    async settings(actor) {
      return {
        enabled: await deps.accounts.notificationsOn(actor.accountId),
        webPushKey: deps.webPushKey,
      };
    },
    async setEnabled(actor, enabled) {
      await deps.accounts.setNotifications(actor.accountId, enabled);
      await deps.audit.record(actor, 'notifications.settings', subject(actor), { enabled });
      return { enabled, webPushKey: deps.webPushKey };
    },
    async addWebSubscription(actor, subscription) {
      await deps.repo.upsertDevice({
        accountId: actor.accountId,
        channel: 'web',
        token: subscription.endpoint,
        sessionId: actor.sessionId,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      });
      await deps.audit.record(actor, 'notifications.device.add', subject(actor), {
        channel: 'web',
      });
    },
    async removeWebSubscription(actor, endpoint) {
      await deps.repo.removeDevice(actor.accountId, 'web', endpoint);
      await deps.audit.record(actor, 'notifications.device.remove', subject(actor), {
        channel: 'web',
      });
    },
    async setNativeToken(actor, platform, token) {
      const channel = channelOfPlatform[platform];
      await deps.repo.upsertDevice({
        accountId: actor.accountId,
        channel,
        token,
        sessionId: actor.sessionId,
      });
      await deps.audit.record(actor, 'notifications.device.add', subject(actor), { channel });
    },
  };
}
