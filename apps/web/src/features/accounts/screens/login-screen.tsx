import {
  type LoginResponse,
  loginWithCodeRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import { link } from '@apothecall/domain/navigation/links';
import { safeReturnPath } from '@apothecall/domain/navigation/routes';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { getEntryReferral, useBrandState } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';
import { appPlatform, isNative } from '../../../lib/native/runtime';
import { setSession, useSession } from '../../../lib/session-store';
import { useDraft } from '../../../lib/use-draft';
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
const emptyLogin: LoginValues = { loginId: '', password: '', tfaCode: '' };
type Login = Omit<z.infer<typeof loginWithCodeRequestSchema>, 'tfaCode'>;

/** The pending login's token a TFA_REQUIRED answer carries (for POST /submit-code). */
function tfaTokenOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.errorCode !== 'TFA_REQUIRED') return null;
  const token = error.details.tfaToken;
  return typeof token === 'string' ? token : null;
}

/**
 * The login form's refusals: the e-mail and password, or (two-factor) the e-mail kept and the
 * code. The password is not asked again once proven.
 */
function checkLogin(
  values: LoginValues,
  needsCode: boolean,
): Partial<Record<keyof LoginValues, string>> {
  const errors: Partial<Record<keyof LoginValues, string>> = zod4Resolver(formSchema)(
    needsCode
      ? { loginId: values.loginId, password: 'proven', tfaCode: values.tfaCode }
      : { ...values, tfaCode: undefined },
  );
  if (needsCode && values.tfaCode.trim() === '') errors.tfaCode = 'accounts.tfa.codeFormat';
  return errors;
}

/** The login form's draft and refusals (a changed field clears its own refusal). */
type LoginForm = ReturnType<typeof useDraft<LoginValues>>;

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

  const form = useDraft<LoginValues>(emptyLogin);

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
        form.set('password', '');
        form.set('tfaCode', '');
      } else if (error instanceof ApiError && error.errorCode === 'TFA_INVALID') {
        // A wrong code: try again (5 wrong ones spend it; "Start over" then sends a new one).
        form.set('tfaCode', '');
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
    form.set('tfaCode', '');
    mutation.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // As a check does: the refusals it finds replace those shown (none when it passes).
    const refusals = checkLogin(form.draft, needsCode);
    form.refuse(refusals);
    if (Object.keys(refusals).length === 0) mutation.mutate(stepOf(form.draft));
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
      <form onSubmit={submit} noValidate>
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
        loginId={() => form.draft.loginId}
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
function CodeStep({ form, message }: { form: LoginForm; message: string }) {
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
        value={form.draft.tfaCode}
        onChange={(event) => form.set('tfaCode', event.currentTarget.value)}
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
function CredentialFields({ form, needsCode }: { form: LoginForm; needsCode: boolean }) {
  const t = useT();
  return (
    <>
      <TextInput
        label={t('accounts.login.loginId')}
        autoComplete="username"
        type="email"
        inputMode="email"
        readOnly={needsCode}
        value={form.draft.loginId}
        onChange={(event) => form.set('loginId', event.currentTarget.value)}
        error={translateFieldError(t, form.errors.loginId)}
      />
      {needsCode ? null : (
        <PasswordInput
          label={t('accounts.login.password')}
          autoComplete="current-password"
          value={form.draft.password}
          onChange={(event) => form.set('password', event.currentTarget.value)}
          error={translateFieldError(t, form.errors.password)}
        />
      )}
    </>
  );
}
