import type { BiometricAuthPlugin } from '@aparajita/capacitor-biometric-auth';
import type { SecureStoragePlugin } from '@aparajita/capacitor-secure-storage';
import type { AppPlugin } from '@capacitor/app';
import type { PushNotificationsPlugin } from '@capacitor/push-notifications';

/**
 * The Capacitor plugins the native bridge uses, as one object handed to its functions: the app
 * passes the real ones (nativePlugins()), and the bridge's browser tests pass the plugins' own
 * web implementations, with a stand-in only where a plugin has none (push).
 */
export interface NativePlugins {
  readonly app: Pick<AppPlugin, 'addListener' | 'getLaunchUrl'>;
  readonly push: Pick<
    PushNotificationsPlugin,
    'checkPermissions' | 'requestPermissions' | 'register' | 'addListener'
  >;
  readonly biometrics: Pick<BiometricAuthPlugin, 'checkBiometry' | 'authenticate'>;
  readonly storage: Pick<SecureStoragePlugin, 'get' | 'set' | 'remove'>;
}

/** The real plugins (each resolves to its native side inside the apps). */
export async function nativePlugins(): Promise<NativePlugins> {
  const [{ App }, { PushNotifications }, { BiometricAuth }, { SecureStorage }] = await Promise.all([
    import('@capacitor/app'),
    import('@capacitor/push-notifications'),
    import('@aparajita/capacitor-biometric-auth'),
    import('@aparajita/capacitor-secure-storage'),
  ]);
  return {
    app: App,
    push: PushNotifications,
    biometrics: BiometricAuth,
    storage: SecureStorage,
  };
}
