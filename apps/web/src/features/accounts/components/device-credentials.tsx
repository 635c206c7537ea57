import type { DeviceCredential } from '@apothecall/domain/accounts/accounts.api';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/payments/payment-format';
import { useDevices } from '../api/get-devices';
import { useRemoveDevice } from '../api/remove-device';
import { failureMessage } from './profile-errors';

/**
 * The profile's 'Devices that can log in': every device with biometric
 * login on for this account, when it was turned on and last used; 'Remove' ends that device's
 * credential (it needs the password again). Shown in the browser too, so a lost phone can be
 * removed from any computer.
 */
export function DeviceCredentials() {
  const t = useT();
  const lang = useLang();
  const devices = useDevices();
  const [removing, setRemoving] = useState<DeviceCredential | null>(null);
  const remove = useRemoveDevice({
    onSuccess: () => {
      setRemoving(null);
      notifications.show({ color: 'green', message: t('session.devices.removed') });
    },
  });
  const nameOf = (device: DeviceCredential) => t(`session.devices.platform.${device.platform}`);

  return (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }} data-testid="device-credentials">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('session.devices.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('session.devices.intro')}
        </Text>
        {devices.isPending ? (
          <Loader role="status" size="sm" aria-label={t('shell.loading')} />
        ) : null}
        {devices.isError ? (
          <Alert color="red" role="alert">
            {t('session.devices.failed')} {failureMessage(t, devices.error)}
          </Alert>
        ) : null}
        {devices.data?.length === 0 ? <Text size="sm">{t('session.devices.none')}</Text> : null}
        {devices.data && devices.data.length > 0 ? (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {devices.data.map((device) => {
              const added = formatDateTime(device.createdAt, lang);
              return (
                <Group
                  component="li"
                  key={device.id}
                  justify="space-between"
                  wrap="nowrap"
                  data-device-id={device.id}
                >
                  <Stack gap={0}>
                    <Text fw={600}>{nameOf(device)}</Text>
                    <Text size="sm" c="dimmed">
                      {t('session.devices.added', { date: added })}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {device.lastUsedAt
                        ? t('session.devices.lastUsed', {
                            date: formatDateTime(device.lastUsedAt, lang),
                          })
                        : t('session.devices.neverUsed')}
                    </Text>
                  </Stack>
                  <Button
                    variant="light"
                    color="red"
                    aria-label={t('session.devices.removeLabel', {
                      device: nameOf(device),
                      date: added,
                    })}
                    onClick={() => {
                      remove.reset();
                      setRemoving(device);
                    }}
                  >
                    {t('session.devices.remove')}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title={t('session.devices.remove')}
        body={t('session.devices.removeConfirm')}
        confirmLabel={t('session.devices.remove')}
        cancelLabel={t('session.reauth.cancel')}
        pending={remove.isPending}
        error={remove.isError ? failureMessage(t, remove.error) : null}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onClose={() => setRemoving(null)}
        testId="device-remove"
      />
    </Card>
  );
}
