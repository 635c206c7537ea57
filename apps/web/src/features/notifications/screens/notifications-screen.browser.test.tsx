import '@mantine/core/styles.css';
import type { NotificationSettings } from '@apothecall/domain/notifications/notifications.api';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadScreenTexts, setLanguage } from '../../../lib/i18n';
import { cleanupApp, renderWithApp, testQueryClient } from '../../../testing/render';
import { notificationSettingsQueryKey } from '../api/get-notification-settings';
import { notificationCalls } from '../notification-calls';
import { browserPush, type PushBrowser, type SubscriptionLike } from '../web-push';
import { NotificationsScreen } from './notifications-screen';

vi.mock('../web-push', async (original) => ({
  ...(await original<typeof import('../web-push')>()),
  browserPush: vi.fn(),
}));
vi.mock('../notification-calls', () => ({
  notificationCalls: {
    getSettings: vi.fn(),
    setSettings: vi.fn(),
    addSubscription: vi.fn(),
    removeSubscription: vi.fn(),
  },
}));

/**
 * The notifications switch in Chromium: when the browser's push service
 * cannot be reached (its subscribe never answers), the switch stops spinning after 15 seconds
 * and says so, in English and Spanish; notifications stay off.
 */
const settings: NotificationSettings = {
  error: false,
  enabled: false,
  webPushKey: btoa(String.fromCharCode(...Array.from({ length: 65 }, (_, i) => i)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, ''),
};

/** A browser whose push service never answers. */
const unreachable: PushBrowser = {
  notification: { permission: 'granted', requestPermission: async () => 'granted' },
  pushManager: async () => ({
    getSubscription: async () => null,
    subscribe: () => new Promise<SubscriptionLike>(() => undefined),
  }),
};

async function render() {
  const client = testQueryClient();
  client.setQueryData(notificationSettingsQueryKey, settings);
  const { host } = await renderWithApp(<NotificationsScreen />, { queryClient: client });
  await expect.poll(() => host.querySelector('input[type="checkbox"]')).not.toBeNull();
  return host;
}

beforeAll(async () => {
  await loadScreenTexts();
  vi.mocked(browserPush).mockReturnValue(unreachable);
  vi.mocked(notificationCalls.getSettings).mockResolvedValue(settings);
});

afterEach(async () => {
  vi.useRealTimers();
  await cleanupApp();
});

afterAll(() => setLanguage('en'));

describe('NotificationsScreen', () => {
  for (const [lang, text] of [
    [
      'en',
      'The notification service did not answer within 15 seconds. Check your connection and try again.',
    ],
    [
      'es',
      'El servicio de notificaciones no respondió en 15 segundos. Revise su conexión e inténtelo de nuevo.',
    ],
  ] as const) {
    it(`stops spinning after 15 s when the push service cannot be reached, and says so (${lang})`, async () => {
      await setLanguage(lang);
      const host = await render();
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const toggle = host.querySelector<HTMLInputElement>('input[type="checkbox"]');
      toggle?.click();
      await vi.advanceTimersByTimeAsync(0);
      expect(host.querySelector('[role="status"]')).not.toBeNull();
      await vi.advanceTimersByTimeAsync(15_000);
      // And the query library's notice of the settled request (a 0 ms timeout, set once the
      // page has drawn the problem), which real timers would drop.
      await vi.advanceTimersByTimeAsync(50);
      vi.useRealTimers();
      await expect
        .poll(() => host.querySelector('[data-testid="notifications-problem"]')?.textContent)
        .toBe(text);
      await expect.poll(() => host.querySelector('[role="status"]')).toBeNull();
      expect(toggle?.checked).toBe(false);
      expect(toggle?.disabled).toBe(false);
      expect(notificationCalls.addSubscription).not.toHaveBeenCalled();
    });
  }
});
