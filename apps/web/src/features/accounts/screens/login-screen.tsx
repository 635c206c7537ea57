import { loginRequestSchema } from '@apothecall/domain/accounts/accounts.schemas';
import { isMessageKey } from '@apothecall/domain/i18n/catalog';
import { safeReturnPath } from '@apothecall/domain/navigation/routes';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Image,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { type Translate, useT } from '../../../lib/i18n';
import { setSession, useSession } from '../../../lib/session-store';
import { login } from '../api/login';

const formSchema = loginRequestSchema.pick({ loginId: true, password: true });

/** Form errors are catalogue keys (from the domain schema) or already-translated text. */
function translateFieldError(t: Translate, message: unknown): string | undefined {
  if (typeof message !== 'string') return undefined;
  return isMessageKey(message) ? t(message) : message;
}

export function LoginScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const returnTo = safeReturnPath(params.get('to'));

  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { loginId: '', password: '' },
    validate: zod4Resolver(formSchema),
  });

  const mutation = useMutation({
    mutationFn: (values: { loginId: string; password: string }) =>
      login({
        ...values,
        platform: 'web',
        version: __APP_VERSION__,
        referral: params.get('id') ?? undefined,
      }),
    onSuccess: (data) => {
      setSession({ token: data.token, profile: data.profile });
      navigate(returnTo, { replace: true });
    },
  });

  if (session) return <Navigate to={returnTo} replace />;

  const errors = form.errors;
  return (
    <Stack align="center" py="xl" px="md">
      <Card withBorder shadow="sm" radius="md" p="lg" w="100%" maw={420}>
        <Stack>
          <Group justify="center">
            <Image src="/brand/apothecall.svg" alt={t('shell.appName')} w={64} h={64} />
          </Group>
          <Title order={1} size="h2" ta="center">
            {t('accounts.login.title')}
          </Title>
          {mutation.error ? (
            <Alert color="red" title={t('accounts.login.errorTitle')} role="alert">
              {mutation.error instanceof ApiError ? mutation.error.message : t('errors.network')}
            </Alert>
          ) : null}
          <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
            <Stack>
              <TextInput
                label={t('accounts.login.loginId')}
                autoComplete="username"
                type="email"
                inputMode="email"
                key={form.key('loginId')}
                {...form.getInputProps('loginId')}
                error={translateFieldError(t, errors.loginId)}
              />
              <PasswordInput
                label={t('accounts.login.password')}
                autoComplete="current-password"
                key={form.key('password')}
                {...form.getInputProps('password')}
                error={translateFieldError(t, errors.password)}
              />
              <Button type="submit" loading={mutation.isPending} fullWidth>
                {t('accounts.login.submit')}
              </Button>
            </Stack>
          </form>
          <Group justify="space-between">
            <Anchor href="#/resetpw/help" size="sm">
              {t('accounts.login.passwordHelp')}
            </Anchor>
            <Anchor href="#/register" size="sm">
              {t('accounts.login.register')}
            </Anchor>
          </Group>
          <Text size="xs" c="dimmed" ta="center">
            {t('shell.appName')}
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
