import type { NotificationSettings } from '@apothecall/domain/notifications/notifications.api';
import { Alert, Button, Card, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { isNative } from '../../../lib/native/runtime';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useNotificationSettingsChange } from '../api/set-notification-settings';
import { DeniedDialog } from '../components/denied-dialog';
import { turnOnNative } from '../native-push';
import { notificationCalls } from '../notification-calls';
import {
  askPermission,
  browserPush,
  isOnHere,
  type PushBrowser,
  subscribeTimeoutMs,
  type TurnOnResult,
  turnOff,
  turnOn,
} from '../web-push';

/** Whether this device gets notifications: on here, on for the account, and allowed. */
function onForThisDevice(settings: NotificationSettings): boolean {
  // The native apps' permission is the system's; the switch follows the device's choice.
  if (isNative()) return settings.enabled && isOnHere();
  const browser = browserPush();
  return (
    settings.enabled &&
    isOnHere() &&
    browser !== null &&
    browser.notification.permission === 'granted'
  );
}

function NotificationSwitch({ settings }: { settings: NotificationSettings }) {
  const t = useT();
  const [checked, setChecked] = useState(() => onForThisDevice(settings));
  const [problem, setProblem] = useState<string | null>(null);
  const [denied, setDenied] = useState(false);

  const on = useNotificationSettingsChange(
    (input: {
      browser: PushBrowser | null;
      asked: Promise<'granted' | 'denied'> | undefined;
    }): Promise<TurnOnResult> =>
      isNative()
        ? turnOnNative(notificationCalls)
        : turnOn(input.browser, notificationCalls, undefined, input.asked),
    (result) => (result.kind === 'on' ? result.settings : undefined),
    {
      onSuccess: (result) => {
        if (result.kind === 'unsupported') setProblem(t('notificationUi.unsupported'));
        else if (result.kind === 'denied') setDenied(true);
        else if (result.kind === 'noKey') {
          setProblem(t('notificationUi.failed', { message: t('notifications.webPushOff') }));
        } else if (result.kind === 'subscribeFailed') {
          setProblem(t('notificationUi.subscribeFailed'));
        } else if (result.kind === 'subscribeTimedOut') {
          setProblem(t('notificationUi.subscribeTimedOut', { seconds: subscribeTimeoutMs / 1000 }));
        } else {
          setChecked(true);
          notifications.show({
            id: 'notifications-on',
            color: 'green',
            message: t('notificationUi.activated'),
          });
        }
      },
      onError: (error) => setProblem(t('notificationUi.failed', { message: errorText(t, error) })),
    },
  );
  const off = useNotificationSettingsChange(
    () => turnOff(browserPush(), notificationCalls),
    (next) => next,
    {
      onSuccess: () => {
        setChecked(false);
        notifications.show({
          id: 'notifications-off',
          color: 'green',
          message: t('notificationUi.deactivated'),
        });
      },
      onError: (error) =>
        setProblem(t('notificationUi.offFailed', { message: errorText(t, error) })),
    },
  );
  const pending = on.isPending || off.isPending;

  return (
    <>
      <Switch
        size="md"
        label={t('notificationUi.toggle')}
        checked={checked}
        disabled={pending}
        data-testid="notifications-switch"
        onChange={(event) => {
          setProblem(null);
          if (event.currentTarget.checked) {
            // The permission is asked within this click (browsers ask only from a gesture).
            const browser = isNative() ? null : browserPush();
            on.mutate({ browser, asked: browser ? askPermission(browser) : undefined });
          } else {
            off.mutate();
          }
        }}
      />
      {pending ? <Loader role="status" size="sm" aria-label={t('shell.loading')} /> : null}
      {problem ? (
        <Alert color="red" role="alert" data-testid="notifications-problem">
          {problem}
        </Alert>
      ) : null}
      <DeniedDialog opened={denied} onClose={() => setDenied(false)} />
    </>
  );
}

/**
 * Notification settings (spec section 2: "Turn notifications on or off"), reached
 * from the profile menu and the profile's settings: one switch, kept on this device
 * (localStorage) and on the account (POST /notifications/settings), with this browser's push
 * subscription.
 */
export function NotificationsScreen() {
  const t = useT();
  const settings = useNotificationSettings({ staleTime: 0 });
  return (
    <Stack p="md" maw={760} mx="auto" w="100%" data-screen="notifications">
      <Title order={1} size="h2">
        {t('notificationUi.heading')}
      </Title>
      <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }}>
        <Stack gap="sm">
          <Text>{t('notificationUi.intro')}</Text>
          {settings.isPending ? (
            <Loader role="status" size="sm" aria-label={t('shell.loading')} />
          ) : null}
          {settings.isError ? (
            <Alert color="red" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {t('notificationUi.loadFailed', { message: errorText(t, settings.error) })}
                </Text>
                <Button size="xs" variant="default" onClick={() => void settings.refetch()}>
                  {t('notificationUi.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {/* The switch starts from what was read once; it then follows its own changes. */}
          {settings.data ? <NotificationSwitch settings={settings.data} /> : null}
        </Stack>
      </Card>
    </Stack>
  );
}
