import { isLang, languages } from '@apothecall/domain/i18n/i18n.rules';
import { link } from '@apothecall/domain/navigation/links';
import { Alert, Button, Card, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { setLanguage, useT } from '../../../lib/i18n';
import { useSetSettings } from '../api/set-settings';
import { useSettings } from '../hooks/use-settings';
import { failureMessage } from './profile-errors';

const twoFactorModes = ['off', 'email', 'sms'] as const;

/**
 * The account's settings: two-factor login and language, each saved at once, and the way to the
 * notification settings (/notifications: this device's push and the account's switch).
 */
export function ProfileSettings() {
  const t = useT();
  const settings = useSettings();
  const mutation = useSetSettings({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('profileScreens.settings.saved') });
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
        <Stack gap={4} align="flex-start">
          <Text fw={500} size="sm">
            {t('profileScreens.settings.notifications')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('profileScreens.settings.notificationsHint')}
          </Text>
          <Button
            component={Link}
            to={link('/notifications')}
            variant="light"
            size="xs"
            data-testid="profile-notifications"
          >
            {t('navigation.menu.notifications')}
          </Button>
        </Stack>
        <NativeSelect
          label={t('profileScreens.settings.twoFactor')}
          value={current.twoFactor}
          disabled={mutation.isPending}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const mode = twoFactorModes.find((m) => m === value);
            if (mode) mutation.mutate({ settings: { twoFactor: mode } });
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
            mutation.mutate({ settings: { language: lang } });
          }}
          data={languages.map((lang) => ({ value: lang, label: t(`shell.language.${lang}`) }))}
        />
      </Stack>
    </Card>
  );
}
