import { BiometricAuth, BiometryType } from '@aparajita/capacitor-biometric-auth';
import { KeychainAccess, SecureStorage } from '@aparajita/capacitor-secure-storage';
import { translate } from '@apothecall/domain/i18n/catalog';
import { App } from '@capacitor/app';
import type { PushNotificationsPlugin } from '@capacitor/push-notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { getEntryReferral } from '../brand-store';
import { onAppStateChange } from '../foreground';
import { clearSession } from '../session-store';
import {
  availableMethod,
  BiometricLoginError,
  credentialKey,
  logInWithBiometrics,
  savedCredential,
  turnOffBiometricLogin,
  turnOnBiometricLogin,
} from './biometric-login';
import { handleNativeLink, startNativeBridge } from './bridge';
import { parseNativeConfig } from './native-config';
import { registerNativePush } from './native-push';
import type { NativePlugins } from './plugins';

/**
 * The native bridge in a real browser (Debian's Chromium), against Capacitor's own web
 * implementations of the plugins: the App plugin (its listeners), BiometricAuth (its web side
 * simulates the device's biometry, and its prompt is the page's confirm(), which stands for the
 * person at the sensor) and SecureStorage (its web side keeps items in the browser's storage).
 * Push has no web implementation, so a stand-in answers at the plugin's boundary, as the
 * platform would; and events the operating system raises (a link opened, the app backgrounded)
 * are raised on the App plugin itself, as its native side does.
 */

/**
 * What the native side would emit on a plugin (WebPlugin.notifyListeners). Capacitor's plugin
 * proxy loads the implementation first, so the call settles later: it is awaited.
 */
async function raise(plugin: unknown, event: string, data: unknown) {
  await (plugin as { notifyListeners(e: string, d: unknown): unknown }).notifyListeners(
    event,
    data,
  );
}

/** A push plugin as the platform answers it: permission, registration and its events. */
function pushStandIn(answers: {
  permission: 'granted' | 'denied' | 'prompt';
  afterAsking?: 'granted' | 'denied';
  token?: string | null;
}) {
  const listeners = new Map<string, ((data: unknown) => void)[]>();
  const calls: string[] = [];
  const push = {
    async checkPermissions() {
      calls.push('check');
      return { receive: answers.permission };
    },
    async requestPermissions() {
      calls.push('request');
      return { receive: answers.afterAsking ?? 'denied' };
    },
    async register() {
      calls.push('register');
      setTimeout(() => {
        const [event, data] =
          answers.token === null
            ? ['registrationError', { error: 'no service' }]
            : ['registration', { value: answers.token ?? 'fcm-token-123' }];
        for (const l of listeners.get(event) ?? []) l(data);
      }, 10);
    },
    async addListener(event: string, listener: (data: unknown) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return {
        remove: async () => {
          listeners.set(
            event,
            (listeners.get(event) ?? []).filter((l) => l !== listener),
          );
        },
      };
    },
  };
  const emit = (event: string, data: unknown) => {
    for (const l of listeners.get(event) ?? []) l(data);
  };
  return {
    push: push as unknown as NativePlugins['push'] & Pick<PushNotificationsPlugin, 'register'>,
    calls,
    emit,
  };
}

const plugins = { biometrics: BiometricAuth, storage: SecureStorage };

/** The plugins with SecureStorage's `set` recorded (the plugin is a proxy vi.spyOn cannot wrap). */
function recordingSaves() {
  const save = vi.fn((...args: Parameters<typeof SecureStorage.set>) => SecureStorage.set(...args));
  const storage = {
    get: (...args: Parameters<typeof SecureStorage.get>) => SecureStorage.get(...args),
    set: save,
    remove: (...args: Parameters<typeof SecureStorage.remove>) => SecureStorage.remove(...args),
  };
  return { save, plugins: { biometrics: BiometricAuth, storage } };
}
const personAtTheSensor = (passes: boolean) =>
  vi.spyOn(window, 'confirm').mockImplementation(() => passes);

beforeEach(async () => {
  await SecureStorage.remove(credentialKey).catch(() => false);
  await BiometricAuth.setBiometryType(BiometryType.faceId);
  await BiometricAuth.setBiometryIsEnrolled(true);
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('biometric login (BiometricAuth and SecureStorage web implementations)', () => {
  it('turned on after a password login: the person passes Face ID, the credential is saved', async () => {
    personAtTheSensor(true);
    const { save, plugins: recorded } = recordingSaves();
    expect(await availableMethod(plugins)).toBe('faceId');
    const enrol = vi.fn(async () => 'a'.repeat(64));
    const method = await turnOnBiometricLogin(recorded, {
      loginId: 'patient@apothecall.test',
      reason: 'Log in to Apothecall',
      enrol,
    });
    expect(method).toBe('faceId');
    expect(enrol).toHaveBeenCalledOnce();
    // Saved on this device only: not synchronised to iCloud, Keychain item not in backups.
    expect(save).toHaveBeenCalledWith(
      credentialKey,
      { authId: 'a'.repeat(64), loginId: 'patient@apothecall.test', method: 'faceId' },
      false,
      false,
      KeychainAccess.whenUnlockedThisDeviceOnly,
    );
    expect(await savedCredential(plugins)).toEqual({
      authId: 'a'.repeat(64),
      loginId: 'patient@apothecall.test',
      method: 'faceId',
    });
    // A logout forgets the session's keys, not the device's credential.
    clearSession();
    expect((await savedCredential(plugins))?.authId).toBe('a'.repeat(64));
  });

  it('not turned on when the person does not pass: nothing enrolled, nothing saved', async () => {
    personAtTheSensor(false);
    const enrol = vi.fn(async () => 'b'.repeat(64));
    const failure = await turnOnBiometricLogin(plugins, {
      loginId: 'patient@apothecall.test',
      reason: 'Log in',
      enrol,
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(BiometricLoginError);
    expect((failure as BiometricLoginError).cancelled).toBe(true);
    expect(enrol).not.toHaveBeenCalled();
    expect(await savedCredential(plugins)).toBeNull();
  });

  it('logs in with the saved credential once the biometric check passes', async () => {
    personAtTheSensor(true);
    await SecureStorage.set(credentialKey, {
      authId: 'c'.repeat(64),
      loginId: 'patient@apothecall.test',
      method: 'faceId',
    });
    const login = vi.fn(async (authId: string) => ({ token: 't', authId }));
    const { save, plugins: recorded } = recordingSaves();
    const answer = await logInWithBiometrics(recorded, { reason: 'Log in', login });
    expect(answer).toEqual({ token: 't', authId: 'c'.repeat(64) });
    // A credential saved before with the default accessibility moves to this device only.
    expect(save).toHaveBeenCalledWith(
      credentialKey,
      { authId: 'c'.repeat(64), loginId: 'patient@apothecall.test', method: 'faceId' },
      false,
      false,
      KeychainAccess.whenUnlockedThisDeviceOnly,
    );
  });

  it('a cancelled check sends nothing and shows nothing; the credential stays', async () => {
    personAtTheSensor(false);
    await SecureStorage.set(credentialKey, {
      authId: 'd'.repeat(64),
      loginId: 'p@x.test',
      method: 'faceId',
    });
    const login = vi.fn();
    const failure = (await logInWithBiometrics(plugins, { reason: 'Log in', login }).catch(
      (e: unknown) => e,
    )) as BiometricLoginError;
    expect(failure.cancelled).toBe(true);
    expect(login).not.toHaveBeenCalled();
    expect(await savedCredential(plugins)).not.toBeNull();
  });

  it("a login the server does not authorise shows 'Face ID login failed.' and deletes the saved credential", async () => {
    personAtTheSensor(true);
    await SecureStorage.set(credentialKey, {
      authId: 'e'.repeat(64),
      loginId: 'p@x.test',
      method: 'faceId',
    });
    const failure = (await logInWithBiometrics(plugins, {
      reason: 'Log in',
      login: async () => {
        throw new ApiError(401, 'UNAUTHORIZED', 'Unauthorized.');
      },
    }).catch((e: unknown) => e)) as BiometricLoginError;
    expect(failure).toBeInstanceOf(BiometricLoginError);
    expect(failure.cancelled).toBe(false);
    expect(failure.credentialDeleted).toBe(true);
    const text = (lang: 'en' | 'es') =>
      translate(lang, failure.messageKey, { method: translate(lang, failure.methodKey) });
    expect(text('en')).toBe('Face ID login failed.');
    expect(text('es')).toBe('No se pudo iniciar sesión con Face ID.');
    expect(await savedCredential(plugins)).toBeNull();
  });

  it('a failure that is not a refusal (the network) keeps the credential', async () => {
    personAtTheSensor(true);
    await SecureStorage.set(credentialKey, {
      authId: 'f'.repeat(64),
      loginId: 'p@x.test',
      method: 'touchId',
    });
    const failure = (await logInWithBiometrics(plugins, {
      reason: 'Log in',
      login: async () => {
        throw new ApiError(0, 'NETWORK', 'offline');
      },
    }).catch((e: unknown) => e)) as BiometricLoginError;
    expect(
      translate('en', failure.messageKey, { method: translate('en', failure.methodKey) }),
    ).toBe('Touch ID login failed.');
    expect(failure.credentialDeleted).toBe(false);
    expect(await savedCredential(plugins)).not.toBeNull();
  });

  it("Android's fingerprint is 'Biometric ID'; no enrolled biometry offers nothing", async () => {
    await BiometricAuth.setBiometryType(BiometryType.fingerprintAuthentication);
    expect(await availableMethod(plugins)).toBe('biometricId');
    await BiometricAuth.setBiometryIsEnrolled(false);
    expect(await availableMethod(plugins)).toBeNull();
  });

  it('turned off: the server is told, and the device forgets it even if the server already had', async () => {
    await SecureStorage.set(credentialKey, {
      authId: 'g'.repeat(64),
      loginId: 'p@x.test',
      method: 'faceId',
    });
    const revoked: string[] = [];
    await turnOffBiometricLogin(plugins, async (authId) => {
      revoked.push(authId);
      throw new ApiError(404, 'NOT_FOUND', 'gone');
    });
    expect(revoked).toEqual(['g'.repeat(64)]);
    expect(await savedCredential(plugins)).toBeNull();
  });
});

describe('deep links, foreground and push taps (App web implementation)', () => {
  it('logIn with id sets the referral code and goes to /login; deepLinked only sets it', async () => {
    const navigate = vi.fn();
    const push = pushStandIn({ permission: 'granted' });
    const stop = await startNativeBridge({ app: App, push: push.push }, navigate);
    try {
      await raise(App, 'appUrlOpen', { url: 'https://app.apothecall.com/app/logIn?id=FRIEND10' });
      expect(navigate).toHaveBeenCalledWith('/login');
      expect(getEntryReferral()).toEqual({ code: 'FRIEND10' });

      navigate.mockClear();
      await raise(App, 'appUrlOpen', { url: 'apothecall://deepLinked?id=PHARM7&itemId=42' });
      expect(navigate).not.toHaveBeenCalled();
      expect(getEntryReferral()).toEqual({ code: 'PHARM7', itemId: '42' });

      // A link that is not an action changes nothing.
      await raise(App, 'appUrlOpen', { url: 'apothecall://elsewhere?id=NOPE' });
      expect(getEntryReferral()?.code).toBe('PHARM7');
    } finally {
      await stop();
    }
  });

  it("the app's state reaches the foreground listeners; the page's visibility no longer does", async () => {
    const seen: boolean[] = [];
    const stopListening = onAppStateChange((active) => seen.push(active));
    const stop = await startNativeBridge(
      { app: App, push: pushStandIn({ permission: 'granted' }).push },
      vi.fn(),
    );
    try {
      await raise(App, 'appStateChange', { isActive: false });
      await raise(App, 'appStateChange', { isActive: true });
      // The page's visibility is told once, by the App plugin (its web side maps it to the
      // app's state), not a second time by lib/foreground.ts's own listener.
      document.dispatchEvent(new Event('visibilitychange'));
      await expect.poll(() => seen.length).toBe(3);
      expect(seen).toEqual([false, true, true]);
    } finally {
      stopListening();
      await stop();
    }
  });

  it('a tap on a push notice opens its route; a notice without one opens nothing', async () => {
    const navigate = vi.fn();
    const standIn = pushStandIn({ permission: 'granted' });
    const stop = await startNativeBridge({ app: App, push: standIn.push }, navigate);
    try {
      standIn.emit('pushNotificationActionPerformed', {
        actionId: 'tap',
        notification: { id: '1', data: { kind: 'newMessage', url: '/#/waiting' } },
      });
      expect(navigate).toHaveBeenCalledWith('/waiting');
      navigate.mockClear();
      standIn.emit('pushNotificationActionPerformed', {
        actionId: 'tap',
        notification: { id: '2', data: { url: 'https://elsewhere.example/' } },
      });
      expect(navigate).not.toHaveBeenCalled();
    } finally {
      await stop();
    }
  });

  it('handleNativeLink alone: the launch URL follows the same rule', () => {
    const navigate = vi.fn();
    handleNativeLink('apothecall://logIn', navigate);
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});

describe('native push registration', () => {
  it('asks the first time, registers, and sends the platform token', async () => {
    const standIn = pushStandIn({
      permission: 'prompt',
      afterAsking: 'granted',
      token: 'apns-ab12',
    });
    const sent: string[] = [];
    const result = await registerNativePush({ push: standIn.push }, async (t) => {
      sent.push(t);
    });
    expect(result).toBe('sent');
    expect(standIn.calls).toEqual(['check', 'request', 'register']);
    expect(sent).toEqual(['apns-ab12']);
  });

  it('a refused permission registers nothing and sends nothing', async () => {
    const standIn = pushStandIn({ permission: 'prompt', afterAsking: 'denied' });
    const send = vi.fn();
    expect(await registerNativePush({ push: standIn.push }, send)).toBe('denied');
    expect(standIn.calls).not.toContain('register');
    expect(send).not.toHaveBeenCalled();
  });

  it('without asking (a login), an unanswered permission is left for the person', async () => {
    const standIn = pushStandIn({ permission: 'prompt', afterAsking: 'granted' });
    const send = vi.fn();
    expect(await registerNativePush({ push: standIn.push }, send, { ask: false })).toBe('denied');
    expect(standIn.calls).toEqual(['check']);
  });

  it('a registration error sends nothing', async () => {
    const standIn = pushStandIn({ permission: 'granted', token: null });
    const send = vi.fn();
    expect(await registerNativePush({ push: standIn.push }, send)).toBe('failed');
    expect(send).not.toHaveBeenCalled();
  });
});

describe('native config', () => {
  it('takes an origin and a brand, and refuses anything else', () => {
    expect(
      parseNativeConfig({ serverOrigin: 'https://app.apothecall.com', company: 'partner' }),
    ).toEqual({
      serverOrigin: 'https://app.apothecall.com',
      company: 'partner',
    });
    expect(
      parseNativeConfig({ serverOrigin: 'http://10.0.2.2:3000', company: null })?.company,
    ).toBeNull();
    expect(parseNativeConfig({ serverOrigin: 'https://host/path' })).toBeNull();
    expect(parseNativeConfig({ serverOrigin: 'javascript:alert(1)' })).toBeNull();
    expect(parseNativeConfig(null)).toBeNull();
  });
});
