import type { LoginResponse } from '@apothecall/domain/accounts/accounts.api';
import { biometricMethodKey } from '@apothecall/domain/session/session.rules';
import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { getEntryReferral, useBrandState } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';
import { BiometricLoginError, logInWithBiometrics } from '../../../lib/native/biometric-login';
import { appPlatform } from '../../../lib/native/runtime';
import { logInWithAuthId } from '../api/log-in-with-auth-id';
import { useBiometrics } from '../hooks/use-biometrics';

/**
 * The login screen's 'Log in with {Touch ID|Face ID|Biometric ID}' (native apps),
 * shown while this device keeps a credential and its biometrics are available. A failure shows
 * '{method} login failed.'; a credential the server refuses is deleted and the button goes.
 */
export function BiometricLoginButton({
  onLoggedIn,
}: {
  onLoggedIn: (data: LoginResponse) => void;
}) {
  const t = useT();
  const brand = useBrandState();
  const device = useBiometrics();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { plugins, saved, method } = device;
  const alert = error ? (
    <Alert color="red" role="alert">
      {error}
    </Alert>
  ) : null;
  // Nothing saved (or no biometrics now): no button; a failure that just deleted the
  // credential still says so.
  if (!plugins || !saved || !method) return alert;
  const methodName = t(biometricMethodKey(saved.method));

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const referral = getEntryReferral()?.code;
      const data = await logInWithBiometrics(plugins, {
        reason: t('session.biometric.reason', { brand: brand.name ?? 'Apothecall' }),
        login: (authId) =>
          logInWithAuthId({
            authId,
            whiteLabelId: brand.id,
            platform: appPlatform(),
            version: __APP_VERSION__,
            ...(referral ? { referral } : {}),
          }),
      });
      onLoggedIn(data);
    } catch (failure) {
      if (failure instanceof BiometricLoginError) {
        if (!failure.cancelled) {
          setError(t(failure.messageKey, { method: t(failure.methodKey) }));
        }
        if (failure.credentialDeleted) device.refresh();
      } else {
        setError(t('session.biometricFailed', { method: methodName }));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      {alert}
      <Button variant="light" fullWidth loading={busy} onClick={() => void run()}>
        {t('session.biometric.login', { method: methodName })}
      </Button>
    </Stack>
  );
}
