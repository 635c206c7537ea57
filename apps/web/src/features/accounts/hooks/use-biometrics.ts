import type { BiometricMethod } from '@apothecall/domain/session/session.rules';
import { useCallback, useEffect, useState } from 'react';
import {
  availableMethod,
  type SavedCredential,
  savedCredential,
} from '../../../lib/native/biometric-login';
import { type NativePlugins, nativePlugins } from '../../../lib/native/plugins';

export interface BiometricState {
  /** False until the device answered. */
  readonly ready: boolean;
  /** The biometrics the device offers now, or null (none, or not enrolled). */
  readonly method: BiometricMethod | null;
  /** This device's saved credential, or null. */
  readonly saved: SavedCredential | null;
  readonly plugins: NativePlugins | null;
  /** Reads the device again (after turning biometric login on or off). */
  refresh(): void;
}

/** What this device offers for biometric login and what it keeps (native apps only). */
export function useBiometrics(): BiometricState {
  const [state, setState] = useState<Omit<BiometricState, 'refresh'>>({
    ready: false,
    method: null,
    saved: null,
    plugins: null,
  });
  const read = useCallback(async (live: () => boolean) => {
    try {
      const plugins = await nativePlugins();
      const [method, saved] = await Promise.all([
        availableMethod(plugins),
        savedCredential(plugins),
      ]);
      if (live()) setState({ ready: true, method, saved, plugins });
    } catch {
      if (live()) setState((s) => ({ ...s, ready: true }));
    }
  }, []);
  useEffect(() => {
    let live = true;
    void read(() => live);
    return () => {
      live = false;
    };
  }, [read]);
  const refresh = useCallback(() => {
    void read(() => true);
  }, [read]);
  return { ...state, refresh };
}
