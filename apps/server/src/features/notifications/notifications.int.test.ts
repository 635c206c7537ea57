import { generateKeyPairSync } from 'node:crypto';
import type { PushPayload } from '@apothecall/domain/notifications/notifications.api';
import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { type ApnsDouble, apnsDouble } from '../../../test/apns-double';
import { type FcmDouble, fcmDouble } from '../../../test/fcm-double';
import {
  databaseKinds,
  demo,
  get,
  login,
  newPatient,
  resetCare,
  send,
  socketFor,
  startAndClaim,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { type WebPushDouble, webPushDouble } from '../../../test/web-push-double';
import { pushDevices } from '../../db/schema/notifications';

/**
 * Notifications, on both databases, through the real jobs and the loopback push
 * services (Web Push with VAPID and aes128gcm; FCM HTTP v1; APNs over HTTP/2): a claim and a
 * chat message reach the patient's browser and phone; payloads carry no name, message text or
 * medication; the switch off sends nothing; a gone subscription or phone token is forgotten;
 * bad input is refused.
 */
describe.each(databaseKinds)('notifications (%s)', (kind) => {
  let t: TestApp;
  let provider: string;
  let push: WebPushDouble;
  let fcm: FcmDouble;
  let apns: ApnsDouble;
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const vapid = webPush.generateVAPIDKeys();

  beforeAll(async () => {
    push = await webPushDouble();
    fcm = await fcmDouble({ publicKey: rsa.publicKey, projectId: 'apothecall-test' });
    apns = await apnsDouble({
      publicKey: ec.publicKey,
      keyId: 'KEY1234567',
      teamId: 'TEAM123456',
      topic: 'test.apothecall.app',
    });
    t = await startTestApp(kind, {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      WEB_PUSH_HOSTS: '127.0.0.1',
      FCM_PROJECT_ID: 'apothecall-test',
      FCM_CLIENT_EMAIL: 'push@apothecall-test.iam.gserviceaccount.com',
      FCM_PRIVATE_KEY: rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      FCM_API_URL: fcm.apiUrl,
      FCM_TOKEN_URL: fcm.tokenUrl,
      APNS_KEY_ID: 'KEY1234567',
      APNS_TEAM_ID: 'TEAM123456',
      APNS_PRIVATE_KEY: ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      APNS_TOPIC: 'test.apothecall.app',
      APNS_URL: apns.url,
    });
    provider = await login(t, demo.provider);
  });
  beforeEach(async () => {
    await resetCare(t);
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
    await fcm?.close();
    await apns?.close();
  });

  const devices = async (accountId: string) =>
    (
      await t.database.db
        .select({ channel: pushDevices.channel })
        .from(pushDevices)
        .where(eq(pushDevices.accountId, accountId))
    ).map((r) => r.channel);

  it('pushes a claim and a chat message to the browser and the phone, with no health information', async () => {
    const nora = await newPatient(t);
    const settings = await get(t, '/api/notifications/settings', nora.token);
    expect(settings.json()).toEqual({ error: false, enabled: true, webPushKey: vapid.publicKey });

    // The browser subscribes with the server's key; the phone sends its FCM token.
    const subscription = push.subscribe(vapid.publicKey);
    const added = await send(
      t,
      'POST',
      '/api/notifications/web-subscription',
      nora.token,
      subscription,
    );
    expect(added.statusCode, added.body).toBe(200);
    const fcmToken = `fcm:${'a'.repeat(40)}`;
    const native = await send(t, 'POST', '/api/update-notification-token', nora.token, {
      platform: 'cordova-android',
      token: fcmToken,
    });
    expect(native.statusCode, native.body).toBe(200);
    expect((await devices(nora.accountId)).sort()).toEqual(['fcm', 'web']);

    // The claim: an in-app notice on the socket, a web push and an FCM message.
    const socket = await socketFor(t, nora.token);
    const inApp = new Promise<PushPayload>((resolve) =>
      socket.once('notification', (p: PushPayload) => resolve(p)),
    );
    const { visitId, providerToken } = await startAndClaim(t, { patient: nora, provider });
    const claimed = await push.waitFor(
      (m) => m.endpoint === subscription.endpoint && m.payload.includes('visitClaimed'),
      20_000,
    );
    const payload = JSON.parse(claimed.payload) as PushPayload;
    expect(payload).toEqual({
      kind: 'visitClaimed',
      title: 'Apothecall',
      body: 'A provider is ready for your visit.',
      url: '/#/waiting',
    });
    expect(claimed.vapid.aud).toBe(push.origin);
    expect(await inApp).toEqual(payload);

    // The provider writes in the chat, naming a medication: the push says only that a message came.
    const doctor = await socketFor(t, providerToken);
    const joined = (await doctor.emitWithAck(realtimeEvents.joinVisit, { visitId })) as {
      ok: boolean;
      self?: string;
    };
    expect(joined.ok).toBe(true);
    const ack = (await doctor.emitWithAck(realtimeEvents.message, {
      visitId,
      type: 'chat',
      text: 'Take amoxicillin 500 mg twice a day',
      phone: null,
      owner: joined.self,
      attachments: [],
      clientId: 'client-msg-push-1',
    })) as { ok: boolean; error?: string };
    expect(ack, ack.error).toMatchObject({ ok: true });
    const message = await push.waitFor(
      (m) => m.endpoint === subscription.endpoint && m.payload.includes('newMessage'),
      20_000,
    );
    expect(JSON.parse(message.payload)).toMatchObject({
      kind: 'newMessage',
      body: 'You have a new message',
    });
    const deadline = Date.now() + 20_000;
    while (fcm.messages.length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(fcm.messages.map((m) => m.message.data?.kind).sort()).toEqual([
      'newMessage',
      'visitClaimed',
    ]);
    expect(fcm.messages.every((m) => m.message.token === fcmToken)).toBe(true);

    // Nothing pushed anywhere names the patient, the message or the medication.
    const everything = [
      ...push.messages().map((m) => m.payload),
      ...fcm.messages.map((m) => JSON.stringify(m.message)),
    ].join('\n');
    for (const phi of [
      nora.firstName,
      nora.lastName,
      'amoxicillin',
      'Take amoxicillin',
      'soreThroat',
    ]) {
      expect(everything).not.toContain(phi);
    }
    socket.close();
    doctor.close();
  });

  it('sends nothing when switched off, forgets a gone subscription, refuses bad input', async () => {
    const ann = await newPatient(t);
    const subscription = push.subscribe(vapid.publicKey);
    await send(t, 'POST', '/api/notifications/web-subscription', ann.token, subscription);

    // Off: a claim sends no push (the in-app list is not a device).
    const off = await send(t, 'POST', '/api/notifications/settings', ann.token, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false });
    await startAndClaim(t, { patient: ann, provider });
    await new Promise((r) => setTimeout(r, 3000));
    expect(push.messages(subscription.endpoint)).toEqual([]);

    // On again; the subscription has gone at the push service: the next push deletes it.
    await send(t, 'POST', '/api/notifications/settings', ann.token, { enabled: true });
    push.expire(subscription.endpoint);
    await resetCare(t);
    await startAndClaim(t, { patient: ann, provider });
    const deadline = Date.now() + 20_000;
    while ((await devices(ann.accountId)).length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await devices(ann.accountId)).toEqual([]);

    // Bad input: not a known push service, not a native platform, a malformed token.
    const foreign = await send(t, 'POST', '/api/notifications/web-subscription', ann.token, {
      ...push.subscribe(vapid.publicKey),
      endpoint: 'https://attacker.example/push/1',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errorMsg).toBe('This browser’s push service is not supported.');
    const web = await send(t, 'POST', '/api/update-notification-token', ann.token, {
      platform: 'web',
      token: 'abcdefghijk',
    });
    expect(web.statusCode).toBe(400);
    const junk = await send(t, 'POST', '/api/update-notification-token', ann.token, {
      platform: 'cordova-ios',
      token: 'has spaces <script>',
    });
    expect(junk.statusCode).toBe(400);
    expect(await devices(ann.accountId)).toEqual([]);
    expect(
      (await t.fastify.inject({ method: 'GET', url: '/api/notifications/settings' })).statusCode,
    ).toBe(401);
  });

  it('forgets a phone whose token FCM (404 UNREGISTERED) or APNs (410 Unregistered) says is gone', async () => {
    const eve = await newPatient(t);
    const android = `fcm:${'c'.repeat(40)}`;
    const iphone = 'd'.repeat(64);
    for (const [platform, token] of [
      ['cordova-android', android],
      ['cordova-ios', iphone],
    ] as const) {
      const added = await send(t, 'POST', '/api/update-notification-token', eve.token, {
        platform,
        token,
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    expect((await devices(eve.accountId)).sort()).toEqual(['apns', 'fcm']);
    // The app was uninstalled from both phones: the next push deletes both tokens.
    fcm.unregister(android);
    apns.expire(iphone);
    await startAndClaim(t, { patient: eve, provider });
    const deadline = Date.now() + 20_000;
    while ((await devices(eve.accountId)).length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await devices(eve.accountId)).toEqual([]);
    // Both services were asked and said so: FCM records the refused message, APNs its answer.
    expect(fcm.messages.some((m) => m.message.token === android)).toBe(true);
    expect(apns.answers).toContainEqual({ status: 410, reason: 'Unregistered' });
  });

  it('forgets the devices of a session that ends: a logout stops the pushes to that browser', async () => {
    const ivy = await newPatient(t);
    const subscription = push.subscribe(vapid.publicKey);
    await send(t, 'POST', '/api/notifications/web-subscription', ivy.token, subscription);
    // The switch is the profile's notifications setting: one switch, two ways to reach it.
    await send(t, 'POST', '/api/notifications/settings', ivy.token, { enabled: false });
    expect((await get(t, '/api/profile/settings', ivy.token)).json().settings).toMatchObject({
      notifications: false,
    });
    await send(t, 'POST', '/api/notifications/settings', ivy.token, { enabled: true });
    expect(await devices(ivy.accountId)).toEqual(['web']);
    const out = await send(t, 'POST', '/api/account/logout', ivy.token, {});
    expect(out.statusCode, out.body).toBe(200);
    expect(await devices(ivy.accountId)).toEqual([]);
  });
});
