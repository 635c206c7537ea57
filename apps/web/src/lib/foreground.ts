/**
 * The app coming back to the foreground, or going to the background (spec section 4: the
 * auto-logoff on return, and the installed web app's version check). In a browser, and in an
 * installed web app, that is the page's visibility; in the native apps it is the app's state as
 * the operating system reports it (Capacitor's App plugin, which lib/native/bridge.ts forwards
 * here), and the page's visibility is then ignored so nothing is told twice.
 */
type Listener = (active: boolean) => void;

const listeners = new Set<Listener>();
let nativeSource = false;

function emit(active: boolean) {
  for (const listener of listeners) listener(active);
}

globalThis.document?.addEventListener('visibilitychange', () => {
  if (!nativeSource) emit(document.visibilityState === 'visible');
});

/** Calls the listener with true on return to the foreground, false on leaving it. */
export function onAppStateChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The native app's state changed (from the App plugin's appStateChange). */
export function nativeAppStateChanged(active: boolean): void {
  nativeSource = true;
  emit(active);
}

/** From now on only the native app state counts (the native bridge has started). */
export function followNativeAppState(): void {
  nativeSource = true;
}
