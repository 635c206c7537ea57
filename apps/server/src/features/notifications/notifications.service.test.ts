import { describe, expect, it } from 'vitest';
import { fakeActor, only, recordingAudit } from '../../../test/fakes';
import type { NotificationsRepo, PushChannel } from './notifications.repo';
import { createNotificationsService } from './notifications.service';

const maria = '4c8e2f10-0000-4000-8000-000000000001';

function setup(webPushKey: string | null = 'vapid-public') {
  const devices: {
    accountId: string;
    channel: PushChannel;
    token: string;
    sessionId: string | null;
    p256dh?: string | null;
    auth?: string | null;
  }[] = [];
  const repo = only<NotificationsRepo>(
    {
      async upsertDevice(input) {
        const at = devices.findIndex((d) => d.channel === input.channel && d.token === input.token);
        if (at >= 0) devices.splice(at, 1);
        devices.push({ ...input });
      },
      async removeDevice(accountId, channel, token) {
        const at = devices.findIndex(
          (d) => d.accountId === accountId && d.channel === channel && d.token === token,
        );
        if (at >= 0) devices.splice(at, 1);
      },
    },
    'notifications repo',
  );
  const switches = new Map<string, boolean>();
  const audit = recordingAudit();
  const service = createNotificationsService({
    repo,
    accounts: {
      notificationsOn: async (id) => switches.get(id) ?? false,
      setNotifications: async (id, on) => {
        switches.set(id, on);
      },
    },
    audit,
    webPushKey,
  });
  return { service, devices, switches, audit };
}

describe('notification settings', () => {
  it("reads and turns the account's switch, with the Web Push key, auditing the change", async () => {
    const { service, switches, audit } = setup();
    expect(await service.settings(fakeActor(maria))).toEqual({
      enabled: false,
      webPushKey: 'vapid-public',
    });
    expect(await service.setEnabled(fakeActor(maria), true)).toEqual({
      enabled: true,
      webPushKey: 'vapid-public',
    });
    expect(switches.get(maria)).toBe(true);
    expect((await service.settings(fakeActor(maria))).enabled).toBe(true);
    expect(audit.rows).toEqual([
      {
        outcome: 'success',
        action: 'notifications.settings',
        actorAccountId: maria,
        subject: { accountId: maria },
        detail: { enabled: true },
      },
    ]);
  });

  it('gives no Web Push key when the server has none', async () => {
    const { service } = setup(null);
    expect((await service.settings(fakeActor(maria))).webPushKey).toBeNull();
  });
});

describe('devices', () => {
  it("registers a browser's subscription with its keys and session, and removes it, both audited", async () => {
    const { service, devices, audit } = setup();
    const actor = fakeActor(maria);
    await service.addWebSubscription(actor, {
      endpoint: 'https://push.example/abc',
      keys: { p256dh: 'key', auth: 'secret' },
    });
    expect(devices).toEqual([
      {
        accountId: maria,
        channel: 'web',
        token: 'https://push.example/abc',
        sessionId: actor.sessionId,
        p256dh: 'key',
        auth: 'secret',
      },
    ]);
    await service.removeWebSubscription(actor, 'https://push.example/abc');
    expect(devices).toEqual([]);
    expect(audit.rows.map((r) => [r.action, r.detail])).toEqual([
      ['notifications.device.add', { channel: 'web' }],
      ['notifications.device.remove', { channel: 'web' }],
    ]);
  });

  it("keeps a native app's token on the platform's channel: APNs for iOS, FCM for Android", async () => {
    const { service, devices, audit } = setup();
    await service.setNativeToken(fakeActor(maria), 'cordova-ios', 'ios-token');
    await service.setNativeToken(fakeActor(maria), 'cordova-android', 'android-token');
    expect(devices.map((d) => [d.channel, d.token])).toEqual([
      ['apns', 'ios-token'],
      ['fcm', 'android-token'],
    ]);
    expect(audit.rows.map((r) => r.detail)).toEqual([{ channel: 'apns' }, { channel: 'fcm' }]);
  });
});
