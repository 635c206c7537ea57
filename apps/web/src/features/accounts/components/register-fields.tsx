import { genders } from '@apothecall/domain/accounts/people.rules';
import { formatDobForDisplay } from '@apothecall/domain/dates/dates.rules';
import { stateNameKey, usStateCodes } from '@apothecall/domain/places/places.rules';
import { formatPhone } from '@apothecall/domain/validation/contact.rules';
import {
  Group,
  NativeSelect,
  PasswordInput,
  Radio,
  SimpleGrid,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useT } from '../../../lib/i18n';
import { translateFieldError } from './auth-form-errors';

export interface RegisterValues {
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

type RegisterForm = UseFormReturnType<RegisterValues>;

/** A field's props from the form, its refusal translated. */
function useInput(form: RegisterForm) {
  const t = useT();
  return (field: keyof RegisterValues) => ({
    key: form.key(field),
    ...form.getInputProps(field),
    error: translateFieldError(t, form.errors[field]),
  });
}

/** On leaving a field, writes its value the usual way (a date of birth, a phone number). */
function normaliseOnBlur(
  form: RegisterForm,
  field: 'dob' | 'phone',
  format: (value: string) => string,
) {
  return () => {
    const value = form.getValues()[field];
    const formatted = format(value);
    if (value.trim() !== '' && formatted !== value) form.setFieldValue(field, formatted);
  };
}

/** The registration's fields: the person, how to reach them, and the password. */
export function RegisterFields({ form }: { form: RegisterForm }) {
  return (
    <>
      <PersonFields form={form} />
      <ContactFields form={form} />
      <PasswordFields form={form} />
    </>
  );
}

/** First and last name, date of birth and gender. */
function PersonFields({ form }: { form: RegisterForm }) {
  const t = useT();
  const input = useInput(form);
  return (
    <>
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
          onBlur={normaliseOnBlur(form, 'dob', (v) => formatDobForDisplay(v) ?? v)}
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
    </>
  );
}

/** E-mail, phone, address, state and ZIP code. */
function ContactFields({ form }: { form: RegisterForm }) {
  const t = useT();
  const input = useInput(form);
  return (
    <>
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
          onBlur={normaliseOnBlur(form, 'phone', formatPhone)}
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
    </>
  );
}

/** The password, twice. */
function PasswordFields({ form }: { form: RegisterForm }) {
  const t = useT();
  const input = useInput(form);
  return (
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
  );
}
