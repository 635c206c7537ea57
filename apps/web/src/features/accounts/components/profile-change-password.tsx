import {
  passwordSchema,
  validatePasswordConfirmation,
} from '@apothecall/domain/accounts/credentials.rules';
import { Button, Card, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useT } from '../../../lib/i18n';
import { useChangePassword } from '../api/change-password';
import { failureMessage, translateError } from './profile-errors';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Changing the account's password: the current one, then the new one twice. */
export function ChangePassword() {
  const t = useT();
  const form = useForm<PasswordForm>({
    mode: 'uncontrolled',
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (!values.oldPassword) errors.oldPassword = 'common.required';
      const next = passwordSchema.safeParse(values.newPassword);
      if (!next.success) errors.newPassword = next.error.issues[0]?.message ?? 'common.required';
      const same = validatePasswordConfirmation(values.newPassword, values.confirmPassword);
      if (!same.ok) errors.confirmPassword = same.key;
      return errors;
    },
  });
  const mutation = useChangePassword({
    onSuccess: () => {
      form.reset();
      notifications.show({ color: 'green', message: t('accountActions.passwordChanged') });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        message: t('accountActions.passwordChangeFailed', { message: failureMessage(t, error) }),
      });
    },
  });
  const errors = form.errors;
  return (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }}>
      <form
        onSubmit={form.onSubmit((values) =>
          mutation.mutate({ oldPassword: values.oldPassword, newPassword: values.newPassword }),
        )}
        noValidate
      >
        <Stack>
          <Title order={2} size="h4">
            {t('profileScreens.password.title')}
          </Title>
          <PasswordInput
            label={t('profileScreens.password.old')}
            autoComplete="current-password"
            key={form.key('oldPassword')}
            {...form.getInputProps('oldPassword')}
            error={translateError(t, errors.oldPassword)}
          />
          <PasswordInput
            label={t('profileScreens.password.new')}
            autoComplete="new-password"
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
            error={translateError(t, errors.newPassword)}
          />
          <PasswordInput
            label={t('profileScreens.password.confirm')}
            autoComplete="new-password"
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
            error={translateError(t, errors.confirmPassword)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              {t('profileScreens.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
