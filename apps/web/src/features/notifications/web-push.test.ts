import type {
  NotificationSettings,
  WebPushSubscription,
} from '@apothecall/domain/notifications/notifications.api';
import { describe, expect, it, vi } from 'vitest';
import {
  askPermission,
  base64UrlBytes,
  browserPush,
  isOnHere,
  type NotificationCalls,
  type PushBrowser,
  type PushManagerLike,
  resendSubscription,
  type SubscriptionLike,
  setOnHere,
  subscribeTimeoutMs,
  subscriptionBody,
  type TurnOnResult,
  turnOff,
  turnOn,
} from './web-push';

/** A VAPID public key's shape: 65 bytes, base64url without padding. */
const key = Buffer.from(Uint8Array.from({ length: 65 }, (_, i) => (i * 7) % 256)).toString(
  'base64url',
);
const endpoint = 'https://push.example.com/send/abc';
const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  };
}

function fakeSubscription(appKey: Uint8Array | null = base64UrlBytes(key)) {
  const state = { unsubscribed: false };
  const subscription: SubscriptionLike & { options: { applicationServerKey: ArrayBuffer | null } } =
    {
      endpoint,
      options: { applicationServerKey: appKey ? appKey.slice().buffer : null },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        state.unsubscribed = true;
        return true;
      },
    };
  return { subscription, state };
}

function fakeBrowser(options: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  existing?: SubscriptionLike | null;
}) {
  const log: string[] = [];
  let existing = options.existing ?? null;
  const notification = {
    permission: options.permission ?? 'default',
    async requestPermission() {
      log.push('requestPermission');
      notification.permission = options.answer ?? 'granted';
      return notification.permission;
    },
  };
  const manager: PushManagerLike = {
    getSubscription: async () => existing,
    subscribe: async ({ userVisibleOnly, applicationServerKey }) => {
      log.push(`subscribe:${userVisibleOnly}:${applicationServerKey.length}`);
      existing = fakeSubscription().subscription;
      return existing;
    },
  };
  const browser: PushBrowser = { notification, pushManager: async () => manager };
  return { browser, log };
}

function fakeCalls(settings: Partial<NotificationSettings> = {}) {
  const log: string[] = [];
  const sent: WebPushSubscription[] = [];
  const answer = (enabled: boolean): NotificationSettings => ({
    error: false,
    enabled,
    webPushKey: key,
    ...settings,
  });
  const calls: NotificationCalls = {
    getSettings: async () => {
      log.push('getSettings');
      return answer(settings.enabled ?? true);
    },
    setSettings: async (enabled) => {
      log.push(`setSettings:${enabled}`);
      return { ...answer(enabled), enabled };
    },
    addSubscription: async (subscription) => {
      log.push('addSubscription');
      sent.push(subscription);
    },
    removeSubscription: async (gone) => {
      log.push(`removeSubscription:${gone}`);
    },
  };
  return { calls, log, sent };
}

describe('web push support', () => {
  it('is missing without Notification, a service worker or PushManager', () => {
    expect(browserPush({} as typeof globalThis)).toBeNull();
    expect(
      browserPush({
        Notification: {},
        navigator: {},
        PushManager: {},
      } as unknown as typeof globalThis),
    ).toBeNull();
    expect(
      browserPush({
        Notification: {},
        navigator: { serviceWorker: { ready: new Promise(() => {}) } },
      } as unknown as typeof globalThis),
    ).toBeNull();
    expect(
      browserPush({
        Notification: {},
        navigator: { serviceWorker: { ready: new Promise(() => {}) } },
        PushManager: {},
      } as unknown as typeof globalThis),
    ).not.toBeNull();
  });

  it('reads the VAPID key (base64url, with or without padding) as its bytes', () => {
    const bytes = base64UrlBytes(key);
    expect(bytes).toHaveLength(65);
    expect([...bytes.slice(0, 4)]).toEqual([0, 7, 14, 21]);
    expect([...base64UrlBytes('-_8=')]).toEqual([251, 255]);
    expect([...base64UrlBytes('-_8')]).toEqual([251, 255]);
  });

  it('sends the subscription as toJSON() gives it', () => {
    expect(subscriptionBody(fakeSubscription().subscription)).toEqual({
      endpoint,
      expirationTime: null,
      keys,
    });
  });

  it("keeps this device's on/off under apothecall.notifications", () => {
    const store = memoryStorage();
    expect(isOnHere(store)).toBe(false);
    setOnHere(true, store);
    expect(store.values.get('apothecall.notifications')).toBe('on');
    expect(isOnHere(store)).toBe(true);
    setOnHere(false, store);
    expect(isOnHere(store)).toBe(false);
  });
});

describe('turning notifications on', () => {
  it('asks first, subscribes with the server key, tells the server, then switches on', async () => {
    const { browser, log } = fakeBrowser({ permission: 'default', answer: 'granted' });
    const server = fakeCalls();
    const store = memoryStorage();
    const result = await turnOn(browser, server.calls, store);
    expect(result.kind).toBe('on');
    expect(log).toEqual(['requestPermission', 'subscribe:true:65']);
    expect(server.log).toEqual(['getSettings', 'addSubscription', 'setSettings:true']);
    expect(server.sent).toEqual([{ endpoint, expirationTime: null, keys }]);
    expect(isOnHere(store)).toBe(true);
  });

  it('takes the answer the click asked for, asking no second time', async () => {
    const { browser, log } = fakeBrowser({ permission: 'default', answer: 'granted' });
    const asked = askPermission(browser);
    expect(log).toEqual(['requestPermission']);
    const server = fakeCalls();
    expect((await turnOn(browser, server.calls, memoryStorage(), asked)).kind).toBe('on');
    expect(log).toEqual(['requestPermission', 'subscribe:true:65']);
    const refused = fakeBrowser({ permission: 'default' });
    const none = fakeCalls();
    expect(
      await turnOn(refused.browser, none.calls, memoryStorage(), Promise.resolve('denied')),
    ).toEqual({ kind: 'denied' });
    expect(none.log).toEqual([]);
  });

  it('stops at a refusal (or a dismissed prompt), asking the server nothing', async () => {
    for (const answer of ['denied', 'default'] as const) {
      const { browser } = fakeBrowser({ permission: 'default', answer });
      const server = fakeCalls();
      const store = memoryStorage();
      expect(await turnOn(browser, server.calls, store)).toEqual({ kind: 'denied' });
      expect(server.log).toEqual([]);
      expect(isOnHere(store)).toBe(false);
    }
    const blocked = fakeBrowser({ permission: 'denied' });
    expect(await turnOn(blocked.browser, fakeCalls().calls, memoryStorage())).toEqual({
      kind: 'denied',
    });
    expect(blocked.log).toEqual([]);
  });

  it('says so where the browser cannot, or the server has no key', async () => {
    expect(await turnOn(null, fakeCalls().calls, memoryStorage())).toEqual({
      kind: 'unsupported',
    });
    const { browser } = fakeBrowser({ permission: 'granted' });
    const server = fakeCalls({ webPushKey: null });
    expect(await turnOn(browser, server.calls, memoryStorage())).toEqual({ kind: 'noKey' });
    expect(server.log).toEqual(['getSettings']);
  });

  it('says so when the browser cannot subscribe, and changes nothing', async () => {
    const { browser } = fakeBrowser({ permission: 'granted' });
    const failing: PushBrowser = {
      notification: browser.notification,
      pushManager: async () => {
        throw new Error('push service error');
      },
    };
    const server = fakeCalls();
    const store = memoryStorage();
    expect(await turnOn(failing, server.calls, store)).toEqual({ kind: 'subscribeFailed' });
    expect(server.log).toEqual(['getSettings']);
    expect(isOnHere(store)).toBe(false);
  });

  it('gives up after 15 s when the push service never answers, and changes nothing (issue 36, finding 9)', async () => {
    vi.useFakeTimers();
    try {
      const { browser } = fakeBrowser({ permission: 'granted' });
      const silent: PushBrowser = {
        notification: browser.notification,
        pushManager: async () => ({
          getSubscription: async () => null,
          subscribe: () => new Promise<SubscriptionLike>(() => undefined),
        }),
      };
      const server = fakeCalls();
      const store = memoryStorage();
      let result: TurnOnResult | undefined;
      void turnOn(silent, server.calls, store).then((r) => {
        result = r;
      });
      await vi.advanceTimersByTimeAsync(subscribeTimeoutMs - 1);
      expect(result).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(result).toEqual({ kind: 'subscribeTimedOut' });
      expect(subscribeTimeoutMs).toBe(15_000);
      expect(server.log).toEqual(['getSettings']);
      expect(isOnHere(store)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reuses a subscription made for the same key, replaces one made for another', async () => {
    const same = fakeSubscription();
    const reused = fakeBrowser({ permission: 'granted', existing: same.subscription });
    await turnOn(reused.browser, fakeCalls().calls, memoryStorage());
    expect(reused.log).toEqual([]);
    expect(same.state.unsubscribed).toBe(false);

    const other = fakeSubscription(new Uint8Array(65).fill(9));
    const replaced = fakeBrowser({ permission: 'granted', existing: other.subscription });
    await turnOn(replaced.browser, fakeCalls().calls, memoryStorage());
    expect(other.state.unsubscribed).toBe(true);
    expect(replaced.log).toEqual(['subscribe:true:65']);
  });
});

describe('turning notifications off', () => {
  it('ends the subscription, removes it from the server, then switches off', async () => {
    const current = fakeSubscription();
    const { browser } = fakeBrowser({ permission: 'granted', existing: current.subscription });
    const server = fakeCalls();
    const store = memoryStorage();
    setOnHere(true, store);
    const settings = await turnOff(browser, server.calls, store);
    expect(settings.enabled).toBe(false);
    expect(current.state.unsubscribed).toBe(true);
    expect(server.log).toEqual([`removeSubscription:${endpoint}`, 'setSettings:false']);
    expect(isOnHere(store)).toBe(false);
  });

  it('still switches the account off without a subscription or push support', async () => {
    const server = fakeCalls();
    await turnOff(null, server.calls, memoryStorage());
    const { browser } = fakeBrowser({ permission: 'granted' });
    await turnOff(browser, server.calls, memoryStorage());
    expect(server.log).toEqual(['setSettings:false', 'setSettings:false']);
  });
});

describe('after a login', () => {
  it('sends the subscription again when on here, allowed and on for the account', async () => {
    const store = memoryStorage();
    setOnHere(true, store);
    const current = fakeSubscription();
    const { browser, log } = fakeBrowser({ permission: 'granted', existing: current.subscription });
    const server = fakeCalls();
    expect(await resendSubscription(browser, server.calls, store)).toBe(true);
    expect(server.log).toEqual(['getSettings', 'addSubscription']);
    expect(log).toEqual([]);
  });

  it('sends nothing and asks nothing otherwise', async () => {
    const on = memoryStorage();
    setOnHere(true, on);
    const cases: [PushBrowser | null, ReturnType<typeof memoryStorage>, boolean][] = [
      [null, on, true],
      [fakeBrowser({ permission: 'granted' }).browser, memoryStorage(), true],
      [fakeBrowser({ permission: 'default' }).browser, on, true],
      [fakeBrowser({ permission: 'granted' }).browser, on, false],
    ];
    for (const [browser, store, enabled] of cases) {
      const server = fakeCalls({ enabled });
      expect(await resendSubscription(browser, server.calls, store)).toBe(false);
      expect(server.log.filter((call) => call !== 'getSettings')).toEqual([]);
    }
  });
});
