import {
  type LoginResponse,
  loginWithCodeRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import { link } from '@apothecall/domain/navigation/links';
import { safeReturnPath } from '@apothecall/domain/navigation/routes';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { getEntryReferral, useBrandState } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';
import { appPlatform, isNative } from '../../../lib/native/runtime';
import { setSession, useSession } from '../../../lib/session-store';
import { type LoginStep, useLogin } from '../api/login';
import { askBiometricOffer } from '../biometric-offer-store';
import { AuthCard } from '../components/auth-card';
import { translateFieldError } from '../components/auth-form-errors';
import { AuthPasswordHelp } from '../components/auth-password-help';

/** Biometric login (native apps only): a chunk a browser never fetches. */
const BiometricLoginButton = lazy(() =>
  import('../components/biometric-login-button').then((m) => ({
    default: m.BiometricLoginButton,
  })),
);

const formSchema = loginWithCodeRequestSchema.pick({
  loginId: true,
  password: true,
  tfaCode: true,
});
type LoginValues = { loginId: string; password: string; tfaCode: string };
type Login = Omit<z.infer<typeof loginWithCodeRequestSchema>, 'tfaCode'>;

/** The pending login's token a TFA_REQUIRED answer carries (for POST /submit-code). */
function tfaTokenOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.errorCode !== 'TFA_REQUIRED') return null;
  const token = error.details.tfaToken;
  return typeof token === 'string' ? token : null;
}

/**
 * The login form: the e-mail and password, or (two-factor) the e-mail kept and the code. The
 * password is not asked again once proven.
 */
function useLoginForm(needsCode: boolean) {
  return useForm<LoginValues>({
    mode: 'uncontrolled',
    initialValues: { loginId: '', password: '', tfaCode: '' },
    validate: (values) => {
      const errors = zod4Resolver(formSchema)(
        needsCode
          ? { loginId: values.loginId, password: 'proven', tfaCode: values.tfaCode }
          : { ...values, tfaCode: undefined },
      );
      if (needsCode && values.tfaCode.trim() === '') errors.tfaCode = 'accounts.tfa.codeFormat';
      return errors;
    },
  });
}

export function LoginScreen() {
  const t = useT();
  const brand = useBrandState();
  const [params] = useSearchParams();
  const session = useSession();
  const returnTo = safeReturnPath(params.get('to'));
  // Two-factor: a TFA_REQUIRED answer carries a token; the code goes with it to /submit-code.
  // The password leaves the form as soon as it is proven.
  const [tfaToken, setTfaToken] = useState<string | null>(null);
  const needsCode = tfaToken !== null;

  const form = useLoginForm(needsCode);

  // The step the form's values make: the code with the pending login's token, or the password.
  const stepOf = (values: LoginValues): LoginStep => {
    if (tfaToken) return { tfaToken, code: values.tfaCode.trim() };
    const request: Login = {
      loginId: values.loginId,
      password: values.password,
      platform: appPlatform(),
      version: __APP_VERSION__,
      referral: params.get('id') ?? getEntryReferral()?.code ?? undefined,
    };
    return request;
  };

  const mutation = useLogin({
    onSuccess: (data) => {
      // In the native apps a password login offers biometric login for next time.
      if (isNative()) askBiometricOffer(data.profile.loginId);
      signedIn(data);
    },
    onError: (error) => {
      const token = tfaTokenOf(error);
      if (token) {
        setTfaToken(token);
        form.setFieldValue('password', '');
        form.setFieldValue('tfaCode', '');
      } else if (error instanceof ApiError && error.errorCode === 'TFA_INVALID') {
        // A wrong code: try again (5 wrong ones spend it; "Start over" then sends a new one).
        form.setFieldValue('tfaCode', '');
      } else if (needsCode && error instanceof ApiError && error.errorCode === 'UNAUTHORIZED') {
        // The pending login ended (10 minutes): log in again.
        setTfaToken(null);
      }
    },
  });

  // The session alone moves on: the screen then draws <Navigate> below, once. It used to
  // navigate here as well, and the second of the two navigations could land after the person's
  // first click on Home (a provider's "Open Rx reviews" in an e2e run stayed on Home).
  function signedIn(data: { token: string; profile: LoginResponse['profile'] }) {
    setSession({ token: data.token, profile: data.profile });
  }

  if (session) return <Navigate to={returnTo} replace />;

  const error = mutation.error;
  const codeRequested = error instanceof ApiError && error.errorCode === 'TFA_REQUIRED';
  const restart = () => {
    setTfaToken(null);
    form.setFieldValue('tfaCode', '');
    mutation.reset();
  };

  return (
    <AuthCard title={t('accounts.login.title')} screen="login">
      {error && !codeRequested ? (
        <Alert color="red" title={t('accounts.login.errorTitle')} role="alert">
          {error instanceof ApiError ? error.message : t('errors.network')}
        </Alert>
      ) : null}
      {isNative() && !needsCode ? (
        <Suspense fallback={null}>
          <BiometricLoginButton onLoggedIn={signedIn} />
        </Suspense>
      ) : null}
      <form onSubmit={form.onSubmit((values) => mutation.mutate(stepOf(values)))} noValidate>
        <Stack>
          <CredentialFields form={form} needsCode={needsCode} />
          {needsCode ? (
            <CodeStep
              form={form}
              message={codeRequested ? error.message : t('accounts.tfa.required')}
            />
          ) : null}
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {t('accounts.login.submit')}
          </Button>
          {needsCode ? (
            <Button variant="subtle" onClick={restart} fullWidth>
              {t('accountScreens.tfa.restart')}
            </Button>
          ) : null}
        </Stack>
      </form>
      <LoginLinks
        loginId={() => form.getValues().loginId}
        onHelpOpen={() => {
          // The failed login's alert does not stay behind the dialog.
          if (!needsCode) mutation.reset();
        }}
        registerEnabled={brand.registerEnabled}
        returnTo={returnTo}
      />
    </AuthCard>
  );
}

/** Two-factor: what the server asked, and the code's field. */
function CodeStep({ form, message }: { form: UseFormReturnType<LoginValues>; message: string }) {
  const t = useT();
  return (
    <>
      <Text size="sm" role="status">
        {message}
      </Text>
      <TextInput
        label={t('accountScreens.tfa.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        data-autofocus
        key={form.key('tfaCode')}
        {...form.getInputProps('tfaCode')}
        error={translateFieldError(t, form.errors.tfaCode)}
      />
    </>
  );
}

/** Password help (the e-mail typed so far goes with it) and, when the brand allows, Register. */
function LoginLinks({
  loginId,
  onHelpOpen,
  registerEnabled,
  returnTo,
}: {
  loginId: () => string;
  onHelpOpen: () => void;
  registerEnabled: boolean;
  returnTo: string;
}) {
  const t = useT();
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <AuthPasswordHelp initialEmail={loginId} onOpen={onHelpOpen} />
      {registerEnabled ? (
        <Anchor
          href={`#${link('/register', { to: returnTo === '/' ? undefined : returnTo })}`}
          size="sm"
        >
          {t('accounts.login.register')}
        </Anchor>
      ) : null}
    </Group>
  );
}

/** The e-mail (kept, read-only, while the code is asked) and the password. */
function CredentialFields({
  form,
  needsCode,
}: {
  form: UseFormReturnType<LoginValues>;
  needsCode: boolean;
}) {
  const t = useT();
  return (
    <>
      <TextInput
        label={t('accounts.login.loginId')}
        autoComplete="username"
        type="email"
        inputMode="email"
        readOnly={needsCode}
        key={form.key('loginId')}
        {...form.getInputProps('loginId')}
        error={translateFieldError(t, form.errors.loginId)}
      />
      {needsCode ? null : (
        <PasswordInput
          label={t('accounts.login.password')}
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
          error={translateFieldError(t, form.errors.password)}
        />
      )}
    </>
  );
}
