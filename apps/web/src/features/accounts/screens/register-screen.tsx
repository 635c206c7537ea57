import {
  passwordSchema,
  validatePasswordConfirmation,
} from '@apothecall/domain/accounts/credentials.rules';
import { namePartSchema } from '@apothecall/domain/accounts/people.rules';
import { registerProfileSchema } from '@apothecall/domain/accounts/profile.schemas';
import { link } from '@apothecall/domain/navigation/links';
import { safeReturnPath } from '@apothecall/domain/navigation/routes';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { getEntryReferral, useBrandState } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';
import { appPlatform } from '../../../lib/native/runtime';
import { setSession } from '../../../lib/session-store';
import { useRegisterAndLogIn } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { encodeFieldError, fieldErrorsOf } from '../components/auth-form-errors';
import { fullName, localToday } from '../components/person-form';
import { RegisterFields, type RegisterValues } from '../components/register-fields';

const initialValues: RegisterValues = {
  firstName: '',
  lastName: '',
  dob: '',
  gender: '',
  email: '',
  phone: '',
  address: '',
  state: '',
  zipCode: '',
  password: '',
  confirmPassword: '',
};

/** The wire profile of the form (name sent joined as "First Last"). */
function profileInput(values: RegisterValues) {
  return {
    name: fullName(values.firstName, values.lastName),
    dob: values.dob,
    gender: values.gender,
    address: values.address,
    state: values.state,
    zipCode: values.zipCode,
    phone: values.phone,
    email: values.email,
  };
}

function profileSchema(minRegistrationAge: number) {
  return registerProfileSchema({ today: localToday(), minRegistrationAge });
}

function firstIssue(issues: readonly { message: string; params?: unknown }[]): string {
  const issue = issues[0];
  return issue ? encodeFieldError(issue.message, issue.params) : 'common.required';
}

/** Section 5 rules from the domain package; errors are encoded catalogue keys. */
function validateRegister(
  values: RegisterValues,
  minRegistrationAge: number,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const result = namePartSchema.safeParse(values[field]);
    if (!result.success) errors[field] = firstIssue(result.error.issues);
  }
  const profile = profileSchema(minRegistrationAge).safeParse(profileInput(values));
  if (!profile.success) {
    const profileErrors = fieldErrorsOf(profile.error.issues);
    const { name, ...rest } = profileErrors;
    Object.assign(errors, rest);
    if (name && !errors.firstName && !errors.lastName) errors.firstName = name;
  }
  const password = passwordSchema.safeParse(values.password);
  if (!password.success) {
    errors.password = firstIssue(password.error.issues);
  }
  const confirmation = validatePasswordConfirmation(values.password, values.confirmPassword);
  if (values.confirmPassword === '') errors.confirmPassword = 'common.required';
  else if (!confirmation.ok) errors.confirmPassword = confirmation.key;
  return errors;
}

export function RegisterScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const brand = useBrandState();
  const minRegistrationAge = brand.client.minRegistrationAge;
  const returnTo = safeReturnPath(params.get('to'));
  const carried = { to: returnTo === '/' ? undefined : returnTo };

  const form = useForm<RegisterValues>({
    mode: 'uncontrolled',
    initialValues,
    validate: (values) => validateRegister(values, minRegistrationAge),
  });

  const mutation = useRegisterAndLogIn({
    onSuccess: (session) => {
      if (!session) {
        navigate(link('/account-created', carried));
        return;
      }
      setSession({ token: session.token, profile: session.profile });
      // Registered from inside a flow (an Rx treatment's link): back into it.
      navigate(returnTo, { replace: true });
    },
  });

  return (
    <AuthCard title={t('accountScreens.register.title')} maw={640} screen="register">
      <Text size="sm" c="dimmed">
        {t('accountScreens.register.intro')}
      </Text>
      {mutation.error ? (
        <Alert color="red" title={t('accountScreens.register.errorTitle')} role="alert">
          {mutation.error instanceof ApiError ? mutation.error.message : t('errors.network')}
        </Alert>
      ) : null}
      <form
        onSubmit={form.onSubmit((values) => {
          // A new account is logged in at once with what was just typed.
          const referral = params.get('id') ?? getEntryReferral()?.code ?? undefined;
          mutation.mutate({
            registration: {
              profile: profileSchema(minRegistrationAge).parse(profileInput(values)),
              whiteLabelId: brand.id,
              credentials: { password: values.password },
              referral,
            },
            login: {
              loginId: values.email.trim(),
              password: values.password,
              platform: appPlatform(),
              version: __APP_VERSION__,
              referral,
            },
          });
        })}
        noValidate
      >
        <Stack>
          <RegisterFields form={form} />
          <Text size="sm">
            {t('accountScreens.register.termsNotice')}{' '}
            <Anchor component={Link} to={link('/terms')}>
              {t('accountScreens.register.readTerms')}
            </Anchor>
          </Text>
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {t('accountScreens.register.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={link('/login', carried)} size="sm" ta="center">
        {t('accountScreens.register.haveAccount')}
      </Anchor>
    </AuthCard>
  );
}
