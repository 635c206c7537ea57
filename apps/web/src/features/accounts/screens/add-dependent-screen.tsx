import type { Person } from '@apothecall/domain/accounts/accounts.schemas';
import {
  genders,
  maxAge,
  namePartSchema,
  type Relation,
  relationOptions,
} from '@apothecall/domain/accounts/people.rules';
import { createDependentSchema } from '@apothecall/domain/accounts/profile.schemas';
import { link } from '@apothecall/domain/navigation/links';
import {
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useBrandState } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';
import { type AddDependentRequest, useAddDependent } from '../api/add-dependent';
import { useRefetchFamily } from '../api/get-dependents';
import { refreshSessionProfile } from '../api/get-profile';
import { encodeFieldError } from '../components/auth-form-errors';
import { fullName, localToday } from '../components/person-form';
import { translateError } from '../components/profile-errors';
import { relationLabelKey } from '../hooks/use-relation-label';

interface DependentForm {
  firstName: string;
  lastName: string;
  dob: string;
  gender: string;
  relation: string;
}

const feminineRelations: readonly Relation[] = ['daughter', 'mother', 'sister'];
const masculineRelations: readonly Relation[] = ['son', 'father', 'brother'];

/** 'Dependent added' is gendered in Spanish: by the relation, else by the gender. */
function addedKey(person: Pick<Person, 'relation' | 'gender'>) {
  const relation = person.relation as Relation;
  const feminine =
    feminineRelations.includes(relation) ||
    (!masculineRelations.includes(relation) && person.gender === 'F');
  return feminine
    ? 'accountActions.dependentAdded.feminine'
    : 'accountActions.dependentAdded.masculine';
}

/** A name field's first issue, its parameters carried with the key (auth-form-errors.ts). */
function firstNameIssue(issues: readonly { message: string; params?: unknown }[]): string {
  const issue = issues[0];
  return issue ? encodeFieldError(issue.message, issue.params) : 'common.required';
}

/** Add a dependent (spec sections 2, 5 and 6): aged 4 (configured) to 110, one of 8 relations. */
export function AddDependentScreen() {
  const t = useT();
  const navigate = useNavigate();
  const refetchFamily = useRefetchFamily();
  const { client } = useBrandState();
  const minDependentAge = client.minDependentAge;
  const params = { minAge: minDependentAge, maxAge };

  const form = useForm<DependentForm>({
    mode: 'uncontrolled',
    initialValues: { firstName: '', lastName: '', dob: '', gender: '', relation: '' },
    validate: (values) => {
      const errors: Record<string, string> = {};
      const first = namePartSchema.safeParse(values.firstName);
      if (!first.success) errors.firstName = firstNameIssue(first.error.issues);
      const last = namePartSchema.safeParse(values.lastName);
      if (!last.success) errors.lastName = firstNameIssue(last.error.issues);
      const schema = createDependentSchema({
        today: localToday(),
        minDependentAge,
      });
      const result = schema.safeParse({
        name: fullName(values.firstName, values.lastName),
        dob: values.dob,
        gender: values.gender,
        relation: values.relation,
      });
      if (!result.success) {
        for (const issue of result.error.issues) {
          const field = issue.path[0] === 'name' ? 'firstName' : String(issue.path[0]);
          if (!errors[field]) errors[field] = issue.message;
        }
      }
      return errors;
    },
  });

  // The request of valid values (the form checked them with the same schema).
  const requestOf = (values: DependentForm): AddDependentRequest => {
    const profile = createDependentSchema({
      today: localToday(),
      minDependentAge,
    }).parse({
      name: fullName(values.firstName, values.lastName),
      dob: values.dob,
      gender: values.gender,
      relation: values.relation,
    });
    return {
      profile: {
        name: profile.name,
        dob: profile.dob,
        gender: profile.gender,
        relation: profile.relation,
      },
    };
  };

  const mutation = useAddDependent({
    onSuccess: async (person) => {
      notifications.show({ color: 'green', message: t(addedKey(person)) });
      // The switcher lists the family from the session profile: refresh it.
      await refreshSessionProfile();
      await refetchFamily();
      navigate(link('/'), { replace: true });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        message: t('accountActions.addDependentFailed', {
          message: error instanceof ApiError ? error.message : t('errors.network'),
        }),
      });
    },
  });

  return (
    <Stack p="md" maw={640} mx="auto" w="100%" data-screen="add-dependent">
      <Title order={1} size="h2">
        {t('profileScreens.addDependent.title')}
      </Title>
      <Text c="dimmed">{t('profileScreens.addDependent.body', { minAge: minDependentAge })}</Text>
      <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }}>
        <form onSubmit={form.onSubmit((values) => mutation.mutate(requestOf(values)))} noValidate>
          <Stack>
            <DependentFields form={form} params={params} />
            <Group justify="flex-end" gap="xs">
              <Button component={Link} to={link('/')} variant="default">
                {t('profileScreens.addDependent.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                {t('profileScreens.addDependent.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

/** The dependent's name, date of birth, gender and relation. */
function DependentFields({
  form,
  params,
}: {
  form: UseFormReturnType<DependentForm>;
  params: { minAge: number; maxAge: number };
}) {
  const t = useT();
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label={t('profileScreens.field.firstName')}
          autoComplete="off"
          key={form.key('firstName')}
          {...form.getInputProps('firstName')}
          error={translateError(t, form.errors.firstName, params)}
        />
        <TextInput
          label={t('profileScreens.field.lastName')}
          autoComplete="off"
          key={form.key('lastName')}
          {...form.getInputProps('lastName')}
          error={translateError(t, form.errors.lastName, params)}
        />
      </SimpleGrid>
      <TextInput
        label={t('profileScreens.field.dob')}
        placeholder={t('profileScreens.field.dobHint')}
        description={t('profileScreens.field.dobHint')}
        inputMode="numeric"
        autoComplete="off"
        key={form.key('dob')}
        {...form.getInputProps('dob')}
        error={translateError(t, form.errors.dob, params)}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NativeSelect
          label={t('profileScreens.field.gender')}
          data={[
            { value: '', label: '—' },
            ...genders.map((g) => ({ value: g, label: t(`profileScreens.gender.${g}`) })),
          ]}
          key={form.key('gender')}
          {...form.getInputProps('gender')}
          error={translateError(t, form.errors.gender, params)}
        />
        <NativeSelect
          label={t('profileScreens.field.relation')}
          data={[
            { value: '', label: '—' },
            ...relationOptions.map((r) => ({ value: r, label: t(relationLabelKey(r)) })),
          ]}
          key={form.key('relation')}
          {...form.getInputProps('relation')}
          error={translateError(t, form.errors.relation, params)}
        />
      </SimpleGrid>
    </>
  );
}
