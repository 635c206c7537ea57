import { passwordResetSchema } from '@apothecall/domain/accounts/credentials.rules';
import { link } from '@apothecall/domain/navigation/links';
import { Alert, Anchor, Button, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useCancelResetCode } from '../api/cancel-reset-code';
import { useSaveResetPassword } from '../api/save-reset-password';
import { useResetCodeCheck } from '../api/verify-reset-code';
import { AuthCard } from '../components/auth-card';
import { translateFieldError } from '../components/auth-form-errors';

/**
 * The e-mailed link /#/resetpw/{code}: checks the code, then lets the user create and verify a
 * new password, or cancel the request (spec section 2).
 */
export function ResetPasswordScreen() {
  const t = useT();
  const navigate = useNavigate();
  const resetCode = useParams().id ?? '';

  // Checked afresh on every visit: a used or cancelled code must never look valid from cache.
  const verify = useResetCodeCheck(resetCode, {
    retry: false,
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: zod4Resolver(passwordResetSchema),
  });

  const save = useSaveResetPassword({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('accountScreens.resetPassword.saved') });
      navigate(link('/login'), { replace: true });
    },
  });

  const cancel = useCancelResetCode({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('accountActions.passwordReset.notChanged') });
      navigate(link('/login'), { replace: true });
    },
  });

  if (verify.isPending) return <CheckingCode />;

  if (verify.isError) {
    return <CodeRefused error={verify.error} onRetry={() => void verify.refetch()} />;
  }

  const failure = save.error ?? cancel.error;
  return (
    <AuthCard title={t('accountScreens.resetPassword.title')} screen="reset-password">
      <Text size="sm">{t('accountScreens.resetPassword.intro')}</Text>
      {failure ? (
        <Alert color="red" role="alert" title={t('accountScreens.resetPassword.errorTitle')}>
          {failure instanceof ApiError ? failure.message : t('errors.network')}
        </Alert>
      ) : null}
      <form
        onSubmit={form.onSubmit((values) => save.mutate({ resetCode, password: values.password }))}
        noValidate
      >
        <Stack>
          <NewPasswordFields form={form} />
          <Button type="submit" loading={save.isPending} disabled={cancel.isPending} fullWidth>
            {t('accountScreens.resetPassword.submit')}
          </Button>
          <Button
            variant="default"
            loading={cancel.isPending}
            disabled={save.isPending}
            onClick={() => cancel.mutate({ resetCode })}
            fullWidth
          >
            {t('accountScreens.resetPassword.cancel')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** The way back to the login screen. */
function BackToLogin() {
  const t = useT();
  return (
    <Anchor component={Link} to={link('/login')} size="sm" ta="center">
      {t('accountScreens.resetPassword.backToLogin')}
    </Anchor>
  );
}

/** While the code is checked. */
function CheckingCode() {
  const t = useT();
  return (
    <AuthCard title={t('accountScreens.resetPassword.title')} screen="reset-password">
      <Group justify="center" gap="sm" role="status">
        <Loader size="sm" />
        <Text>{t('accountScreens.resetPassword.checking')}</Text>
      </Group>
    </AuthCard>
  );
}

/**
 * The code could not be checked: used, cancelled or unknown (no retry), or a failure to ask
 * (Retry).
 */
function CodeRefused({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useT();
  const invalid = error instanceof ApiError && error.status > 0 && error.status < 500;
  return (
    <AuthCard title={t('accountScreens.resetPassword.title')} screen="reset-password">
      <Alert
        color="red"
        role="alert"
        title={
          invalid
            ? t('accountScreens.resetPassword.invalidTitle')
            : t('accountScreens.resetPassword.errorTitle')
        }
      >
        {error instanceof ApiError ? error.message : t('errors.network')}
      </Alert>
      {invalid ? null : (
        <Button variant="light" onClick={onRetry}>
          {t('accountScreens.resetPassword.retry')}
        </Button>
      )}
      <BackToLogin />
    </AuthCard>
  );
}

/** The new password, twice. */
function NewPasswordFields({
  form,
}: {
  form: UseFormReturnType<{ password: string; confirmPassword: string }>;
}) {
  const t = useT();
  return (
    <>
      <PasswordInput
        label={t('accountScreens.resetPassword.password')}
        description={t('accountScreens.register.passwordHint')}
        autoComplete="new-password"
        key={form.key('password')}
        {...form.getInputProps('password')}
        error={translateFieldError(t, form.errors.password)}
      />
      <PasswordInput
        label={t('accountScreens.resetPassword.confirmPassword')}
        autoComplete="new-password"
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
        error={translateFieldError(t, form.errors.confirmPassword)}
      />
    </>
  );
}
