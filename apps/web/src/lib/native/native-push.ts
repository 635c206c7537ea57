import type { NativePlugins } from './plugins';

/**
 * Native push (spec section 4: "On native, a push token is registered and sent to the server
 * when logged in"). The permission is asked (the first time), the app registers with
 * APNs or FCM through Capacitor, and the token the platform answers is sent with `send`
 * (POST /update-notification-token). A tap on a notice opens its route (bridge.ts).
 */
export type NativePushResult = 'sent' | 'denied' | 'failed';

/** How long to wait for the platform's token before giving up (no network, no Play services). */
const tokenTimeoutMs = 20_000;

export async function registerNativePush(
  plugins: Pick<NativePlugins, 'push'>,
  send: (token: string) => Promise<void>,
  options: { ask: boolean } = { ask: true },
): Promise<NativePushResult> {
  const { push } = plugins;
  let permission = (await push.checkPermissions()).receive;
  if (permission === 'prompt' || permission === 'prompt-with-rationale') {
    if (!options.ask) return 'denied';
    permission = (await push.requestPermissions()).receive;
  }
  if (permission !== 'granted') return 'denied';
  const token = await new Promise<string | null>((resolve) => {
    const handles: Promise<{ remove: () => Promise<void> }>[] = [];
    const done = (value: string | null) => {
      clearTimeout(timer);
      for (const handle of handles) void handle.then((h) => h.remove());
      resolve(value);
    };
    const timer = setTimeout(() => done(null), tokenTimeoutMs);
    handles.push(push.addListener('registration', ({ value }) => done(value)));
    handles.push(push.addListener('registrationError', () => done(null)));
    push.register().catch(() => done(null));
  });
  if (!token) return 'failed';
  await send(token);
  return 'sent';
}
