import type {
  NotificationSettings,
  WebPushSubscription,
} from '@apothecall/domain/notifications/notifications.api';
import { notificationsPreferenceKey } from '../../lib/session-store';

/**
 * The browser side of web push: the device's on/off, the permission, and the
 * service worker's PushManager subscription. The browser's objects are handed in (`PushBrowser`,
 * from `browserPush()`), so the steps are tested without a browser. The push itself is shown by
 * the service worker (public/push-sw.js).
 */

/** What of Notification the steps use (its `permission` is read when asked). */
export interface NotificationLike {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
}

/** What of a PushSubscription the steps use. */
export interface SubscriptionLike {
  readonly endpoint: string;
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}

/** What of a service worker registration's PushManager the steps use. */
export interface PushManagerLike {
  getSubscription(): Promise<SubscriptionLike | null>;
  subscribe(options: {
    userVisibleOnly: boolean;
    applicationServerKey: Uint8Array<ArrayBuffer>;
  }): Promise<SubscriptionLike>;
}

export interface PushBrowser {
  readonly notification: NotificationLike;
  /** The active service worker's PushManager (rejects when none becomes active in time). */
  pushManager(): Promise<PushManagerLike>;
}

/**
 * How long to wait for the service worker to be active before giving up: on a first visit it is
 * still installing its precache, which a slow phone network can take a while over.
 */
const readyTimeoutMs = 30_000;

/**
 * This browser's push, or null when it cannot show pushes (no Notification, service worker or
 * PushManager: an old browser, iOS Safari outside an installed app, a private window).
 */
export function browserPush(scope: typeof globalThis = globalThis): PushBrowser | null {
  const notification = scope.Notification as NotificationLike | undefined;
  const container = scope.navigator?.serviceWorker;
  if (!notification || !container || typeof scope.PushManager === 'undefined') return null;
  return {
    notification,
    pushManager: () =>
      new Promise<PushManagerLike>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('The service worker is not active')),
          readyTimeoutMs,
        );
        container.ready.then(
          (registration) => {
            clearTimeout(timer);
            resolve(registration.pushManager);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      }),
  };
}

type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): PreferenceStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Whether notifications are on on this device (localStorage 'apothecall.notifications'). */
export function isOnHere(store: PreferenceStorage | undefined = storage()): boolean {
  try {
    return store?.getItem(notificationsPreferenceKey) === 'on';
  } catch {
    return false;
  }
}

export function setOnHere(on: boolean, store: PreferenceStorage | undefined = storage()): void {
  try {
    store?.setItem(notificationsPreferenceKey, on ? 'on' : 'off');
  } catch {
    // Storage unavailable (private mode): the choice lasts as long as the page.
  }
}

/** A base64url text (a VAPID public key) as bytes, for `applicationServerKey`. */
export function base64UrlBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const text = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** A subscription as the server takes it: PushSubscription.toJSON(). */
export function subscriptionBody(subscription: SubscriptionLike): WebPushSubscription {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** The permission step of turning notifications on: asks the browser (a click must lead here). */
export async function askPermission(browser: PushBrowser): Promise<'granted' | 'denied'> {
  if (browser.notification.permission === 'granted') return 'granted';
  if (browser.notification.permission === 'denied') return 'denied';
  try {
    return (await browser.notification.requestPermission()) === 'granted' ? 'granted' : 'denied';
  } catch {
    return 'denied';
  }
}

/** Whether two keys are the same bytes. */
function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/**
 * How long the browser's push service may take to sign this browser up:
 * `PushManager.subscribe` asks the browser's push service (Google's, Mozilla's, Apple's) and
 * never settles when that service cannot be reached (a firewall, a captive portal), which left
 * the switch spinning for good. 15 s is far above a reachable service's answer (under 2 s).
 */
export const subscribeTimeoutMs = 15_000;

/** The push service did not answer within `subscribeTimeoutMs`. */
export class PushTimeoutError extends Error {
  override readonly name = 'PushTimeoutError';
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new PushTimeoutError('The push service did not answer')),
      ms,
    );
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * This browser's subscription for the server's key: the one it has (when made for that key), or
 * a new one (userVisibleOnly: every push shows a notice). Rejects with PushTimeoutError when the
 * push service does not answer within `timeoutMs`.
 */
export async function subscribe(
  browser: PushBrowser,
  webPushKey: string,
  timeoutMs: number = subscribeTimeoutMs,
): Promise<SubscriptionLike> {
  const manager = await browser.pushManager();
  const key = base64UrlBytes(webPushKey);
  return within(
    (async () => {
      const existing = await manager.getSubscription();
      if (existing) {
        const options = (existing as Partial<PushSubscription>).options;
        // A subscription made for another key (the server's key changed) cannot be used.
        if (!options || sameKey(options.applicationServerKey, key)) return existing;
        await existing.unsubscribe().catch(() => false);
      }
      return manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    })(),
    timeoutMs,
  );
}

/** This browser's subscription, if it has one (nothing is asked of the person). */
export async function currentSubscription(browser: PushBrowser): Promise<SubscriptionLike | null> {
  const manager = await browser.pushManager();
  return manager.getSubscription();
}

/** Ends this browser's subscription; answers its endpoint (for the server) or null if none. */
export async function unsubscribe(browser: PushBrowser): Promise<string | null> {
  const existing = await currentSubscription(browser);
  if (!existing) return null;
  await existing.unsubscribe().catch(() => false);
  return existing.endpoint;
}

/** The server calls the steps make (features/notifications/api), handed in. */
export interface NotificationCalls {
  getSettings(): Promise<NotificationSettings>;
  setSettings(enabled: boolean): Promise<NotificationSettings>;
  addSubscription(subscription: WebPushSubscription): Promise<void>;
  removeSubscription(endpoint: string): Promise<void>;
}

export type TurnOnResult =
  /** No Notification, service worker or PushManager here. */
  | { readonly kind: 'unsupported' }
  /** The person (or the browser's settings) refused the permission. */
  | { readonly kind: 'denied' }
  /** The server has no web push key (web push is not set up there). */
  | { readonly kind: 'noKey' }
  /** The browser could not subscribe (no active service worker, its push service failed). */
  | { readonly kind: 'subscribeFailed' }
  /** The browser's push service did not answer within `subscribeTimeoutMs`. */
  | { readonly kind: 'subscribeTimedOut' }
  | { readonly kind: 'on'; readonly settings: NotificationSettings };

/**
 * Turning notifications on: the permission, the server's key, this browser's subscription sent
 * to the server, the account's switch on, and this device's. Browsers only ask for the
 * permission from a click, so the click's handler starts `askPermission` itself and hands the
 * answer in (`asked`); without it, it is asked here.
 */
export async function turnOn(
  browser: PushBrowser | null,
  calls: NotificationCalls,
  store?: PreferenceStorage,
  asked?: Promise<'granted' | 'denied'>,
): Promise<TurnOnResult> {
  if (!browser) return { kind: 'unsupported' };
  if ((await (asked ?? askPermission(browser))) === 'denied') return { kind: 'denied' };
  const { webPushKey } = await calls.getSettings();
  if (!webPushKey) return { kind: 'noKey' };
  let subscription: SubscriptionLike;
  try {
    subscription = await subscribe(browser, webPushKey);
  } catch (error) {
    return { kind: error instanceof PushTimeoutError ? 'subscribeTimedOut' : 'subscribeFailed' };
  }
  await calls.addSubscription(subscriptionBody(subscription));
  const settings = await calls.setSettings(true);
  setOnHere(true, store);
  return { kind: 'on', settings };
}

/**
 * Turning notifications off: this browser's subscription ended and removed from the server,
 * the account's switch off (no device gets pushes), and this device's.
 */
export async function turnOff(
  browser: PushBrowser | null,
  calls: NotificationCalls,
  store?: PreferenceStorage,
): Promise<NotificationSettings> {
  const endpoint = browser ? await unsubscribe(browser).catch(() => null) : null;
  if (endpoint) await calls.removeSubscription(endpoint);
  const settings = await calls.setSettings(false);
  setOnHere(false, store);
  return settings;
}

/**
 * After a login (or an app opened signed in): when this device has notifications on and the
 * permission stands, this browser's subscription is sent again, so the server knows it for this
 * account (a shared device moves to whoever logged in). Nothing is asked of the person. Answers
 * whether it was sent.
 */
export async function resendSubscription(
  browser: PushBrowser | null,
  calls: Pick<NotificationCalls, 'getSettings' | 'addSubscription'>,
  store?: PreferenceStorage,
): Promise<boolean> {
  if (!browser || !isOnHere(store) || browser.notification.permission !== 'granted') return false;
  const settings = await calls.getSettings();
  if (!settings.enabled || !settings.webPushKey) return false;
  const subscription = await subscribe(browser, settings.webPushKey);
  await calls.addSubscription(subscriptionBody(subscription));
  return true;
}
