import { link } from '@apothecall/domain/navigation/links';
import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { dangerButton } from '../../../components/danger-button';
import { Dialog } from '../../../components/dialog';
import { useT } from '../../../lib/i18n';
import { useRemoveAccount } from '../api/remove-account';
import { failureMessage } from './profile-errors';

/** Removing the account, behind its password in a dialog. */
export function RemoveAccount() {
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useRemoveAccount({
    onSuccess: () => {
      setOpen(false);
      notifications.show({ color: 'green', message: t('profileScreens.remove.done') });
      navigate(link('/'), { replace: true });
    },
    onError: (failure) => {
      notifications.show({
        color: 'red',
        message: t('profileScreens.remove.failed', { message: failureMessage(t, failure) }),
      });
    },
  });
  return (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }}>
      <Stack>
        <Title order={2} size="h4">
          {t('profileScreens.remove.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('profileScreens.remove.body')}
        </Text>
        <Button color="red" variant="outline" w="fit-content" onClick={() => setOpen(true)}>
          {t('profileScreens.remove.open')}
        </Button>
      </Stack>
      <Dialog opened={open} onClose={() => setOpen(false)} title={t('profileScreens.remove.title')}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!password) {
              setError(t('common.required'));
              return;
            }
            setError(null);
            mutation.mutate({ password });
          }}
          noValidate
        >
          <Stack>
            <Text size="sm">{t('profileScreens.remove.body')}</Text>
            <PasswordInput
              label={t('profileScreens.remove.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('profileScreens.remove.cancel')}
              </Button>
              <Button type="submit" {...dangerButton} loading={mutation.isPending}>
                {t('profileScreens.remove.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Dialog>
    </Card>
  );
}
