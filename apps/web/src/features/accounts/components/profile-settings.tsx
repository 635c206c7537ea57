import type { AccountSettings } from '@apothecall/domain/accounts/accounts.schemas';
import { isLang, languages } from '@apothecall/domain/i18n/i18n.rules';
import { Alert, Card, Loader, NativeSelect, Stack, Switch, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setLanguage, useT } from '../../../lib/i18n';
import { settingsQueryKey } from '../api/get-settings';
import { setSettings } from '../api/set-settings';
import { useSettings } from '../hooks/use-settings';
import { failureMessage } from './profile-errors';

/** Asks the browser for notification permission; true when granted. */
async function allowNotifications(): Promise<boolean> {
  if (typeof Notification === 'undefined') return false;
  if (Notification.permission === 'granted') return true;
  if (Notification.permission === 'denied') return false;
  try {
    return (await Notification.requestPermission()) === 'granted';
  } catch {
    return false;
  }
}

const twoFactorModes = ['off', 'email', 'sms'] as const;

/** The account's settings: notifications, two-factor login and language, each saved at once. */
export function ProfileSettings() {
  const t = useT();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const mutation = useMutation({
    mutationFn: (change: Partial<AccountSettings>) => setSettings({ settings: change }),
    onSuccess: (saved, change) => {
      queryClient.setQueriesData<AccountSettings>({ queryKey: settingsQueryKey }, () => saved);
      if (change.notifications === true) {
        notifications.show({
          color: 'green',
          message: t('accountActions.notifications.activated'),
        });
      } else {
        notifications.show({ color: 'green', message: t('profileScreens.settings.saved') });
      }
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        message: t('profileScreens.settings.failed', { message: failureMessage(t, error) }),
      });
    },
  });

  if (settings.isPending) return <Loader role="status" size="sm" aria-label={t('shell.loading')} />;
  if (settings.isError) {
    return (
      <Alert color="red" role="alert">
        {t('profileScreens.settings.failed', { message: failureMessage(t, settings.error) })}
      </Alert>
    );
  }
  const current = settings.data;
  return (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }}>
      <Stack>
        <Title order={2} size="h4">
          {t('profileScreens.settings.title')}
        </Title>
        <Switch
          label={t('profileScreens.settings.notifications')}
          description={t('profileScreens.settings.notificationsHint')}
          checked={current.notifications}
          disabled={mutation.isPending}
          onChange={async (event) => {
            const on = event.currentTarget.checked;
            if (on && !(await allowNotifications())) {
              notifications.show({
                color: 'red',
                title: t('accountActions.notifications.activateFailed.title'),
                message: t('accountActions.notifications.activateFailed.body'),
              });
              return;
            }
            mutation.mutate({ notifications: on });
          }}
        />
        <NativeSelect
          label={t('profileScreens.settings.twoFactor')}
          value={current.twoFactor}
          disabled={mutation.isPending}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const mode = twoFactorModes.find((m) => m === value);
            if (mode) mutation.mutate({ twoFactor: mode });
          }}
          data={twoFactorModes.map((mode) => ({
            value: mode,
            label: t(`profileScreens.settings.twoFactor.${mode}`),
          }))}
        />
        <NativeSelect
          label={t('profileScreens.settings.language')}
          value={current.language}
          disabled={mutation.isPending}
          onChange={(event) => {
            const lang = event.currentTarget.value;
            if (!isLang(lang)) return;
            void setLanguage(lang);
            mutation.mutate({ language: lang });
          }}
          data={languages.map((lang) => ({ value: lang, label: t(`shell.language.${lang}`) }))}
        />
      </Stack>
    </Card>
  );
}
