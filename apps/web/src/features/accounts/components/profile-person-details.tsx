import type { Person } from '@apothecall/domain/accounts/accounts.schemas';
import {
  genders,
  maxAge,
  namePartSchema,
  relationOptions,
} from '@apothecall/domain/accounts/people.rules';
import {
  createDependentSchema,
  registerProfileSchema,
} from '@apothecall/domain/accounts/profile.schemas';
import { usStates } from '@apothecall/domain/places/places.rules';
import {
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useBrandState } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';
import { useRefetchFamily } from '../api/get-dependents';
import { refreshSessionProfile } from '../api/get-profile';
import { type SetProfileRequest, useSetProfile } from '../api/set-profile';
import { relationLabelKey } from '../hooks/use-relation-label';
import { encodeFieldError } from './auth-form-errors';
import {
  changedPersonFields,
  type EditablePersonField,
  localToday,
  type PersonFormValues,
  personFormInput,
  toPersonForm,
} from './person-form';
import { failureMessage, translateError } from './profile-errors';

/** Personal information of the current person, validated by the domain's profile schemas. */
export function PersonDetails({ person, isHolder }: { person: Person; isHolder: boolean }) {
  const t = useT();
  const refetchFamily = useRefetchFamily();
  const { client } = useBrandState();
  const params = {
    minAge: isHolder ? client.minRegistrationAge : client.minDependentAge,
    maxAge,
  };

  const schemaFor = () => {
    const today = localToday();
    return isHolder
      ? registerProfileSchema({ today, minRegistrationAge: client.minRegistrationAge })
      : createDependentSchema({ today, minDependentAge: client.minDependentAge });
  };
  const input = (values: PersonFormValues) => personFormInput(values, isHolder);

  const form = useForm<PersonFormValues>({
    mode: 'uncontrolled',
    initialValues: toPersonForm(person),
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const field of ['firstName', 'lastName'] as const) {
        const part = namePartSchema.safeParse(values[field]);
        if (!part.success) {
          const issue = part.error.issues[0];
          const params = issue && 'params' in issue ? issue.params : undefined;
          errors[field] = issue ? encodeFieldError(issue.message, params) : 'common.required';
        }
      }
      const result = schemaFor().safeParse(input(values));
      if (!result.success) {
        for (const issue of result.error.issues) {
          const field = issue.path[0] === 'name' ? 'firstName' : String(issue.path[0]);
          if (!errors[field]) errors[field] = issue.message;
        }
      }
      return errors;
    },
  });

  // The changed fields of valid values (the form checked them with the same schema); null when
  // nothing changed.
  const requestOf = (values: PersonFormValues): SetProfileRequest | null => {
    const parsed = schemaFor().parse(input(values)) as Partial<
      Record<EditablePersonField, unknown>
    >;
    const changed = changedPersonFields(parsed, person);
    if (Object.keys(changed).length === 0) return null;
    return { profile: { id: person.id, ...changed } };
  };

  const mutation = useSetProfile({
    onSuccess: async (updated) => {
      if (!updated) {
        notifications.show({ message: t('profileScreens.profile.noChanges') });
        return;
      }
      notifications.show({ color: 'green', message: t('accountActions.accountUpdated') });
      await refetchFamily();
      // Names in the switcher come from the session profile.
      await refreshSessionProfile();
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        message: t('accountActions.updateUserFailed', { message: failureMessage(t, error) }),
      });
    },
  });

  const errors = form.errors;
  const field = (name: keyof PersonFormValues) => ({
    key: form.key(name),
    ...form.getInputProps(name),
    error: translateError(t, errors[name], params),
  });
  return (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }}>
      <form onSubmit={form.onSubmit((values) => mutation.mutate(requestOf(values)))} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t('profileScreens.profile.details')}
          </Title>
          <PersonFields field={field} isHolder={isHolder} />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              {t('profileScreens.profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The person's fields (a dependent's relation too), each given its props by `field`. */
function PersonFields({
  field,
  isHolder,
}: {
  field: (name: keyof PersonFormValues) => object;
  isHolder: boolean;
}) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput label={t('profileScreens.field.firstName')} {...field('firstName')} />
      <TextInput label={t('profileScreens.field.lastName')} {...field('lastName')} />
      <TextInput
        label={t('profileScreens.field.dob')}
        description={t('profileScreens.field.dobHint')}
        inputMode="numeric"
        {...field('dob')}
      />
      <NativeSelect
        label={t('profileScreens.field.gender')}
        data={genders.map((g) => ({ value: g, label: t(`profileScreens.gender.${g}`) }))}
        {...field('gender')}
      />
      {isHolder ? null : (
        <NativeSelect
          label={t('profileScreens.field.relation')}
          data={relationOptions.map((r) => ({ value: r, label: t(relationLabelKey(r)) }))}
          {...field('relation')}
        />
      )}
      <TextInput
        label={t('profileScreens.field.address')}
        autoComplete="street-address"
        {...field('address')}
      />
      <NativeSelect
        label={t('profileScreens.field.state')}
        data={[
          { value: '', label: '—' },
          ...usStates.map((s) => ({ value: s.code, label: t(s.nameKey) })),
        ]}
        {...field('state')}
      />
      <TextInput
        label={t('profileScreens.field.zipCode')}
        inputMode="numeric"
        autoComplete="postal-code"
        {...field('zipCode')}
      />
      <TextInput
        label={t('profileScreens.field.phone')}
        type="tel"
        autoComplete="tel"
        {...field('phone')}
      />
      <TextInput
        label={t('profileScreens.field.email')}
        type="email"
        autoComplete="email"
        // The holder's e-mail is their login id; it is shown, not changed, here.
        readOnly={isHolder}
        {...field('email')}
      />
    </SimpleGrid>
  );
}
