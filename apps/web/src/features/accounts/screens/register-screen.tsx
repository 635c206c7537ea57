import {
  passwordSchema,
  validatePasswordConfirmation,
} from '@apothecall/domain/accounts/credentials.rules';
import { genders, namePartSchema } from '@apothecall/domain/accounts/people.rules';
import { registerProfileSchema } from '@apothecall/domain/accounts/profile.schemas';
import { formatDobForDisplay } from '@apothecall/domain/dates/dates.rules';
import { safeReturnPath } from '@apothecall/domain/navigation/routes';
import { stateNameKey, usStateCodes } from '@apothecall/domain/places/places.rules';
import { formatPhone } from '@apothecall/domain/validation/contact.rules';
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { getEntryReferral, useBrandState } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';
import { appPlatform } from '../../../lib/native/runtime';
import { setSession } from '../../../lib/session-store';
import { login } from '../api/login';
import { register } from '../api/register';
import { AuthCard } from '../components/auth-card';
import {
  encodeFieldError,
  fieldErrorsOf,
  translateFieldError,
} from '../components/auth-form-errors';
import { fullName, localToday } from '../components/person-form';

interface RegisterValues {
  firstName: string;
  lastName: string;
  dob: string;
  gender: string;
  email: string;
  phone: string;
  address: string;
  state: string;
  zipCode: string;
  password: string;
  confirmPassword: string;
}

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
  const carried = returnTo === '/' ? '' : `?to=${encodeURIComponent(returnTo)}`;

  const form = useForm<RegisterValues>({
    mode: 'uncontrolled',
    initialValues,
    validate: (values) => validateRegister(values, minRegistrationAge),
  });

  const mutation = useMutation({
    mutationFn: async (values: RegisterValues) => {
      const parsed = profileSchema(minRegistrationAge).parse(profileInput(values));
      const referral = params.get('id') ?? getEntryReferral()?.code ?? undefined;
      await register({
        profile: parsed,
        whiteLabelId: brand.id,
        credentials: { password: values.password },
        referral,
      });
      // A new account is logged in at once with what was just typed (issue 13). The answer
      // to a registration is the same whether or not the e-mail had an account already, so
      // when this login fails (it had one, with another password) the account-created screen
      // tells the person to check their e-mail, as before.
      try {
        return await login({
          loginId: values.email.trim(),
          password: values.password,
          platform: appPlatform(),
          version: __APP_VERSION__,
          referral,
        });
      } catch {
        return null;
      }
    },
    onSuccess: (session) => {
      if (!session) {
        navigate(`/account-created${carried}`);
        return;
      }
      setSession({ token: session.token, profile: session.profile });
      // Registered from inside a flow (an Rx treatment's link): back into it.
      navigate(returnTo, { replace: true });
    },
  });

  const errors = form.errors;
  const input = (field: keyof RegisterValues) => ({
    key: form.key(field),
    ...form.getInputProps(field),
    error: translateFieldError(t, errors[field]),
  });
  const normaliseOnBlur = (field: 'dob' | 'phone', format: (value: string) => string) => () => {
    const value = form.getValues()[field];
    const formatted = format(value);
    if (value.trim() !== '' && formatted !== value) form.setFieldValue(field, formatted);
  };

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
      <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('accountScreens.register.firstName')}
              autoComplete="given-name"
              {...input('firstName')}
            />
            <TextInput
              label={t('accountScreens.register.lastName')}
              autoComplete="family-name"
              {...input('lastName')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={-8}>
            {t('accountScreens.register.nameHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('accountScreens.register.dob')}
              description={t('accountScreens.register.dobHint')}
              placeholder={t('accountScreens.register.dobHint')}
              autoComplete="bday"
              inputMode="numeric"
              {...input('dob')}
              onBlur={normaliseOnBlur('dob', (v) => formatDobForDisplay(v) ?? v)}
            />
            <Radio.Group label={t('accountScreens.register.gender')} {...input('gender')}>
              <Group gap="md" mt="xs">
                {genders.map((gender) => (
                  <Radio
                    key={gender}
                    value={gender}
                    label={t(`accountScreens.register.gender.${gender}`)}
                  />
                ))}
              </Group>
            </Radio.Group>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('accountScreens.register.email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              {...input('email')}
            />
            <TextInput
              label={t('accountScreens.register.phone')}
              description={t('accountScreens.register.phoneHint')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              {...input('phone')}
              onBlur={normaliseOnBlur('phone', formatPhone)}
            />
          </SimpleGrid>
          <TextInput
            label={t('accountScreens.register.address')}
            description={t('accountScreens.register.addressHint')}
            autoComplete="street-address"
            {...input('address')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label={t('accountScreens.register.state')}
              autoComplete="address-level1"
              data={[
                { value: '', label: t('accountScreens.register.statePlaceholder') },
                ...usStateCodes.map((code) => ({ value: code, label: t(stateNameKey(code)) })),
              ]}
              {...input('state')}
            />
            <TextInput
              label={t('accountScreens.register.zipCode')}
              autoComplete="postal-code"
              inputMode="numeric"
              maxLength={5}
              {...input('zipCode')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label={t('accountScreens.register.password')}
              description={t('accountScreens.register.passwordHint')}
              autoComplete="new-password"
              {...input('password')}
            />
            <PasswordInput
              label={t('accountScreens.register.confirmPassword')}
              autoComplete="new-password"
              {...input('confirmPassword')}
            />
          </SimpleGrid>
          <Text size="sm">
            {t('accountScreens.register.termsNotice')}{' '}
            <Anchor component={Link} to="/terms">
              {t('accountScreens.register.readTerms')}
            </Anchor>
          </Text>
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {t('accountScreens.register.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={`/login${carried}`} size="sm" ta="center">
        {t('accountScreens.register.haveAccount')}
      </Anchor>
    </AuthCard>
  );
}
