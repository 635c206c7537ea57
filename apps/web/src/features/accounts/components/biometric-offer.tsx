import { biometricMethodKey } from '@apothecall/domain/session/session.rules';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { useBrandState } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';
import { BiometricLoginError, turnOnBiometricLogin } from '../../../lib/native/biometric-login';
import { appPlatform } from '../../../lib/native/runtime';
import { useSession } from '../../../lib/session-store';
import { enrolAuthId } from '../api/enrol-auth-id';
import {
  biometricOfferDeclined,
  declineBiometricOffer,
  endBiometricOffer,
  pendingBiometricOffer,
} from '../biometric-offer-store';
import { useBiometrics } from '../hooks/use-biometrics';
import { enrolWithReauth, usePasswordReauth } from './password-reauth';

/**
 * After a password login in the native apps, 'Log in with {method} next time?':
 * offered once per login when the device has biometrics and keeps no credential for this login
 * id, and not again on this device for a login id that said 'Not now'.
 */
export function BiometricOffer() {
  const t = useT();
  const brand = useBrandState();
  const session = useSession();
  const device = useBiometrics();
  const [pending] = useState(pendingBiometricOffer);
  const [open, setOpenState] = useState(true);
  const setOpen = (next: boolean) => {
    if (!next) endBiometricOffer();
    setOpenState(next);
  };
  const [busy, setBusy] = useState(false);
  const loginId = session?.profile.loginId ?? null;
  const { plugins, method, saved } = device;
  const reauth = usePasswordReauth(t(biometricMethodKey(method ?? 'biometricId')));
  const show =
    open &&
    pending !== null &&
    pending === loginId &&
    plugins !== null &&
    method !== null &&
    saved?.loginId !== loginId &&
    !biometricOfferDeclined(loginId);
  if (!show || !plugins || !method || !loginId) return null;
  const methodName = t(biometricMethodKey(method));

  const turnOn = async () => {
    setBusy(true);
    try {
      const on = await turnOnBiometricLogin(plugins, {
        loginId,
        reason: t('session.biometric.reason', { brand: brand.name ?? 'Apothecall' }),
        enrol: () =>
          enrolWithReauth((password) => enrolAuthId(appPlatform(), password), reauth.ask),
      });
      notifications.show({
        color: 'green',
        message: t('session.biometric.on', { method: t(biometricMethodKey(on)) }),
      });
      setOpen(false);
    } catch (failure) {
      if (failure instanceof BiometricLoginError && failure.cancelled) return;
      notifications.show({
        color: 'red',
        message: t('session.biometricFailed', { method: methodName }),
      });
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog
        opened
        onClose={() => setOpen(false)}
        title={t('session.biometric.offerTitle', { method: methodName })}
      >
        <Stack>
          <Text size="sm">{t('session.biometric.offerBody', { method: methodName })}</Text>
          <Group justify="flex-end">
            <Button
              variant="subtle"
              onClick={() => {
                declineBiometricOffer(loginId);
                setOpen(false);
              }}
            >
              {t('session.biometric.notNow')}
            </Button>
            <Button loading={busy} onClick={() => void turnOn()}>
              {t('session.biometric.turnOn', { method: methodName })}
            </Button>
          </Group>
        </Stack>
      </Dialog>
      {reauth.dialog}
    </>
  );
}
