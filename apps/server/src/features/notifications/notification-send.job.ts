import { translate } from '@apothecall/domain/i18n/catalog';
import { isLang, type Lang } from '@apothecall/domain/i18n/i18n.rules';
import {
  type NotificationKind,
  notificationKinds,
  notificationRoutes,
  type PushPayload,
} from '@apothecall/domain/notifications/notifications.api';
import type { JobDefinition, JobPayloads, Jobs } from '../../platform/jobs/jobs';
import type { PushSender, PushTarget } from '../../platform/push/push-sender';
import type { NotificationsRepo, PushDeviceRecord } from './notifications.repo';

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** Tell one account about one thing (ids and the kind only): fans out to its devices. */
    'notifications.send': { accountId: string; kind: string; url: string; ref: string };
    /** One push to one device, in the holder's language. */
    'notifications.deliver': {
      deviceId: string;
      kind: string;
      url: string;
      lang: string;
      title: string;
    };
  }
}

const kindOf = (value: string): NotificationKind | undefined =>
  notificationKinds.find((k) => k === value);

/** What a push says: the brand, a generic sentence in the holder's language and where to go. */
export function pushPayload(input: {
  kind: NotificationKind;
  lang: Lang;
  title: string;
  url?: string;
}): PushPayload {
  return {
    kind: input.kind,
    title: input.title || translate(input.lang, 'notifications.title'),
    body: translate(input.lang, `notifications.kind.${input.kind}`),
    url: input.url ?? notificationRoutes[input.kind],
  };
}

function targetOf(device: PushDeviceRecord): PushTarget | undefined {
  if (device.channel === 'web' && device.p256dh && device.auth) {
    return {
      channel: 'web',
      endpoint: device.token,
      keys: { p256dh: device.p256dh, auth: device.auth },
    };
  }
  if (device.channel === 'apns') return { channel: 'apns', token: device.token };
  if (device.channel === 'fcm') return { channel: 'fcm', token: device.token };
  return undefined;
}

/** How long a push service keeps an undelivered notice: a reminder is stale after its window. */
const ttlSeconds: Readonly<Record<NotificationKind, number>> = {
  visitClaimed: 15 * 60,
  newMessage: 24 * 60 * 60,
  rxStatus: 24 * 60 * 60,
  appointmentReminder: 30 * 60,
  pharmacyVisit: 24 * 60 * 60,
  lowBalance: 3 * 24 * 60 * 60,
  announcement: 3 * 24 * 60 * 60,
  formRequested: 3 * 24 * 60 * 60,
};

/**
 * `notifications.send`: an account's notice fans out to one `notifications.deliver` per device,
 * unless the account turned notifications off. Each delivery is its own job (keyed by the notice
 * and the device), so a busy push service retries that device only and a retried fan-out sends
 * nothing twice.
 */
export function notificationSendJob(deps: {
  repo: Pick<NotificationsRepo, 'devicesOf'>;
  /** The account's switch (its profile setting). */
  enabled: (accountId: string) => Promise<boolean>;
  jobs: Pick<Jobs, 'send'>;
  /** The holder's language and brand name (the push's title). */
  holder: (accountId: string) => Promise<{ lang: Lang; brandName: string } | undefined>;
}): JobDefinition<JobPayloads, 'notifications.send'> {
  return {
    name: 'notifications.send',
    options: { retryLimit: 3, retryDelaySeconds: 15, retryBackoff: true, expireInSeconds: 60 },
    async handler({ accountId, kind, url, ref }) {
      if (!kindOf(kind) || !(await deps.enabled(accountId))) return;
      const devices = await deps.repo.devicesOf(accountId);
      if (devices.length === 0) return;
      const holder = await deps.holder(accountId);
      for (const device of devices) {
        await deps.jobs.send(
          'notifications.deliver',
          {
            deviceId: device.id,
            kind,
            url,
            lang: holder?.lang ?? 'en',
            title: holder?.brandName ?? '',
          },
          { idempotencyKey: `deliver:${kind}:${ref}:${device.id}` },
        );
      }
    },
  };
}

/**
 * `notifications.deliver`: one push. A dead subscription or token is deleted; a busy or
 * unreachable service is retried with backoff (the job fails); a refusal is counted and logged
 * by its code only.
 */
export function notificationDeliverJob(deps: {
  repo: Pick<NotificationsRepo, 'device' | 'deleteDevice' | 'markSent' | 'markFailure'>;
  sender: Pick<PushSender, 'send'>;
  log: (what: string, detail: Record<string, unknown>) => void;
  now?: () => Date;
}): JobDefinition<JobPayloads, 'notifications.deliver'> {
  const now = deps.now ?? (() => new Date());
  return {
    name: 'notifications.deliver',
    options: { retryLimit: 4, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 60 },
    async handler({ deviceId, kind, url, lang, title }) {
      const notice = kindOf(kind);
      const device = await deps.repo.device(deviceId);
      const target = device ? targetOf(device) : undefined;
      if (!notice || !device || !target) return;
      const payload = pushPayload({ kind: notice, lang: isLang(lang) ? lang : 'en', title, url });
      const result = await deps.sender.send(target, payload, { ttlSeconds: ttlSeconds[notice] });
      switch (result.outcome) {
        case 'sent':
          await deps.repo.markSent(device.id, now());
          return;
        case 'gone':
          await deps.repo.deleteDevice(device.id);
          return;
        case 'retry':
          throw new Error(`push service busy (${result.reason ?? result.status ?? 'unknown'})`);
        case 'rejected':
          await deps.repo.markFailure(device.id);
          deps.log('push refused', {
            channel: device.channel,
            status: result.status,
            reason: result.reason,
          });
          return;
        case 'notConfigured':
          return;
      }
    },
  };
}
