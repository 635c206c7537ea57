import { biometricMethodKey } from '@apothecall/domain/session/session.rules';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useBrandState } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';
import {
  BiometricLoginError,
  turnOffBiometricLogin,
  turnOnBiometricLogin,
} from '../../../lib/native/biometric-login';
import { appPlatform } from '../../../lib/native/runtime';
import { useSession } from '../../../lib/session-store';
import { enrolAuthId } from '../api/enrol-auth-id';
import { useRefreshDevices } from '../api/get-devices';
import { revokeAuthId } from '../api/revoke-auth-id';
import { clearBiometricDecline } from '../biometric-offer-store';
import { useBiometrics } from '../hooks/use-biometrics';
import { enrolWithReauth, usePasswordReauth } from './password-reauth';

/**
 * The profile's biometric login switch (native apps): on when this device keeps this
 * login's credential; turning it off ends the credential on the server too. Turning it on asks
 * for the password again when this login is more than a few minutes old.
 */
export function BiometricSetting() {
  const t = useT();
  const brand = useBrandState();
  const session = useSession();
  const device = useBiometrics();
  const [busy, setBusy] = useState(false);
  const loginId = session?.profile.loginId;
  const { plugins, method, saved } = device;
  const shown = saved?.method ?? method ?? 'biometricId';
  const methodName = t(biometricMethodKey(shown));
  const reauth = usePasswordReauth(methodName);
  const refreshDevices = useRefreshDevices();
  if (!plugins || !loginId || (!method && !saved)) return null;
  const isOn = saved?.loginId === loginId;

  const toggle = async () => {
    setBusy(true);
    try {
      if (isOn) {
        await turnOffBiometricLogin(plugins, revokeAuthId);
        notifications.show({
          color: 'green',
          message: t('session.biometric.off', { method: methodName }),
        });
      } else {
        await turnOnBiometricLogin(plugins, {
          loginId,
          reason: t('session.biometric.reason', { brand: brand.name ?? 'Apothecall' }),
          enrol: () =>
            enrolWithReauth((password) => enrolAuthId(appPlatform(), password), reauth.ask),
        });
        clearBiometricDecline(loginId);
        notifications.show({
          color: 'green',
          message: t('session.biometric.on', { method: methodName }),
        });
      }
    } catch (failure) {
      if (!(failure instanceof BiometricLoginError && failure.cancelled)) {
        notifications.show({
          color: 'red',
          message: t('session.biometricFailed', { method: methodName }),
        });
      }
    } finally {
      setBusy(false);
      device.refresh();
      refreshDevices();
    }
  };

  return (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }} data-testid="biometric-setting">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4">
          {t('session.biometric.login', { method: methodName })}
        </Title>
        <Text size="sm" c="dimmed">
          {isOn
            ? t('session.biometric.on', { method: methodName })
            : t('session.biometric.off', { method: methodName })}
        </Text>
        <Button variant="light" loading={busy} onClick={() => void toggle()}>
          {isOn
            ? t('session.biometric.turnOff', { method: methodName })
            : t('session.biometric.turnOn', { method: methodName })}
        </Button>
      </Stack>
      {reauth.dialog}
    </Card>
  );
}
