import type { AccountSettings, Person } from '@apothecall/domain/accounts/accounts.schemas';
import {
  createDependentSchema,
  registerProfileSchema,
} from '@apothecall/domain/accounts/profile.schemas';
import { genders, maxAge, relationOptions } from '@apothecall/domain/constants/constants';
import { isMessageKey } from '@apothecall/domain/i18n/catalog';
import { isLang, languages } from '@apothecall/domain/i18n/i18n.rules';
import { usStates } from '@apothecall/domain/places/places.rules';
import {
  formatDobForDisplay,
  namePartSchema,
  passwordSchema,
  validatePasswordConfirmation,
} from '@apothecall/domain/validation/validation.rules';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useBrandState } from '../../../lib/brand-store';
import { setLanguage, type Translate, useT } from '../../../lib/i18n';
import {
  clearSession,
  currentPerson,
  type StoredSession,
  updateProfile,
  useSession,
} from '../../../lib/session-store';
import { changePassword } from '../api/change-password';
import { familyQueryKey, getDependents } from '../api/get-dependents';
import { getProfile } from '../api/get-profile';
import { settingsQueryKey } from '../api/get-settings';
import { removeAccount } from '../api/remove-account';
import { setProfile } from '../api/set-profile';
import { setSettings } from '../api/set-settings';
import { localToday } from '../components/person-form';
import { relationLabelKey } from '../hooks/use-relation-label';
import { useSettings } from '../hooks/use-settings';

type Params = Record<string, number>;

function translateError(t: Translate, message: unknown, params?: Params): string | undefined {
  if (typeof message !== 'string') return undefined;
  return isMessageKey(message) ? t(message, params) : message;
}

function failureMessage(t: Translate, error: unknown): string {
  return error instanceof ApiError ? error.message : t('errors.network');
}

interface PersonForm {
  firstName: string;
  lastName: string;
  dob: string;
  gender: string;
  relation: string;
  address: string;
  state: string;
  zipCode: string;
  phone: string;
  email: string;
}

const editable = [
  'name',
  'dob',
  'gender',
  'relation',
  'address',
  'state',
  'zipCode',
  'phone',
  'email',
] as const;
type EditableField = (typeof editable)[number];

function toForm(person: Person): PersonForm {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    dob: formatDobForDisplay(person.dob) ?? person.dob,
    gender: person.gender,
    relation: person.relation === 'self' ? '' : person.relation,
    address: person.address,
    state: person.state,
    zipCode: person.zipCode,
    phone: person.phone,
    email: person.email,
  };
}

/** Personal information of the current person, validated by the domain's profile schemas. */
function PersonDetails({ person, isHolder }: { person: Person; isHolder: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
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
  const input = (values: PersonForm) => ({
    name: `${values.firstName.trim()} ${values.lastName.trim()}`,
    dob: values.dob,
    gender: values.gender,
    address: values.address,
    state: values.state,
    zipCode: values.zipCode,
    phone: values.phone,
    email: values.email,
    ...(isHolder ? {} : { relation: values.relation }),
  });

  const form = useForm<PersonForm>({
    mode: 'uncontrolled',
    initialValues: toForm(person),
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const field of ['firstName', 'lastName'] as const) {
        const part = namePartSchema.safeParse(values[field]);
        if (!part.success) errors[field] = part.error.issues[0]?.message ?? 'common.required';
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

  const mutation = useMutation({
    mutationFn: async (values: PersonForm) => {
      const parsed = schemaFor().parse(input(values)) as Partial<Record<EditableField, unknown>>;
      const changed: Partial<Record<EditableField, string>> = {};
      for (const field of editable) {
        const value = parsed[field];
        if (typeof value === 'string' && value !== person[field]) changed[field] = value;
      }
      if (Object.keys(changed).length === 0) return null;
      return setProfile({ profile: { id: person.id, ...changed } });
    },
    onSuccess: async (updated) => {
      if (!updated) {
        notifications.show({ message: t('profileScreens.profile.noChanges') });
        return;
      }
      notifications.show({ color: 'green', message: t('accountActions.accountUpdated') });
      await queryClient.invalidateQueries({ queryKey: familyQueryKey });
      // Names in the switcher come from the session profile.
      try {
        updateProfile((await getProfile()).profile);
      } catch {
        // The session check refreshes it within a minute.
      }
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        message: t('accountActions.updateUserFailed', { message: failureMessage(t, error) }),
      });
    },
  });

  const errors = form.errors;
  const field = (name: keyof PersonForm) => ({
    key: form.key(name),
    ...form.getInputProps(name),
    error: translateError(t, errors[name], params),
  });
  return (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }}>
      <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t('profileScreens.profile.details')}
          </Title>
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

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

function ChangePassword() {
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
  const mutation = useMutation({
    mutationFn: (values: PasswordForm) =>
      changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword }),
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
      <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
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

/** Asks the browser for notification permission; true when granted. */
async function allowNotifications(): Promise<boolean> {
  if (typeof Notification === 'undefined') return false;
  if (Notification.permission === 'granted') return true;
  if (Notification.permission === 'denied') return false;
  try {
    return (await Notification.requestPermission()) === 'granted';
  } catch {
    return false;
  }
}

const twoFactorModes = ['off', 'email', 'sms'] as const;

function Settings() {
  const t = useT();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const mutation = useMutation({
    mutationFn: (change: Partial<AccountSettings>) => setSettings({ settings: change }),
    onSuccess: (saved, change) => {
      queryClient.setQueriesData<AccountSettings>({ queryKey: settingsQueryKey }, () => saved);
      if (change.notifications === true) {
        notifications.show({
          color: 'green',
          message: t('accountActions.notifications.activated'),
        });
      } else {
        notifications.show({ color: 'green', message: t('profileScreens.settings.saved') });
      }
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        message: t('profileScreens.settings.failed', { message: failureMessage(t, error) }),
      });
    },
  });

  if (settings.isPending) return <Loader size="sm" aria-label={t('shell.loading')} />;
  if (settings.isError) {
    return (
      <Alert color="red" role="alert">
        {t('profileScreens.settings.failed', { message: failureMessage(t, settings.error) })}
      </Alert>
    );
  }
  const current = settings.data;
  return (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }}>
      <Stack>
        <Title order={2} size="h4">
          {t('profileScreens.settings.title')}
        </Title>
        <Switch
          label={t('profileScreens.settings.notifications')}
          description={t('profileScreens.settings.notificationsHint')}
          checked={current.notifications}
          disabled={mutation.isPending}
          onChange={async (event) => {
            const on = event.currentTarget.checked;
            if (on && !(await allowNotifications())) {
              notifications.show({
                color: 'red',
                title: t('accountActions.notifications.activateFailed.title'),
                message: t('accountActions.notifications.activateFailed.body'),
              });
              return;
            }
            mutation.mutate({ notifications: on });
          }}
        />
        <NativeSelect
          label={t('profileScreens.settings.twoFactor')}
          value={current.twoFactor}
          disabled={mutation.isPending}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const mode = twoFactorModes.find((m) => m === value);
            if (mode) mutation.mutate({ twoFactor: mode });
          }}
          data={twoFactorModes.map((mode) => ({
            value: mode,
            label: t(`profileScreens.settings.twoFactor.${mode}`),
          }))}
        />
        <NativeSelect
          label={t('profileScreens.settings.language')}
          value={current.language}
          disabled={mutation.isPending}
          onChange={(event) => {
            const lang = event.currentTarget.value;
            if (!isLang(lang)) return;
            void setLanguage(lang);
            mutation.mutate({ language: lang });
          }}
          data={languages.map((lang) => ({ value: lang, label: t(`shell.language.${lang}`) }))}
        />
      </Stack>
    </Card>
  );
}

function RemoveAccount() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => removeAccount({ password }),
    onSuccess: () => {
      setOpen(false);
      clearSession();
      queryClient.clear();
      notifications.show({ color: 'green', message: t('profileScreens.remove.done') });
      navigate('/', { replace: true });
    },
    onError: (failure) => {
      notifications.show({
        color: 'red',
        message: t('profileScreens.remove.failed', { message: failureMessage(t, failure) }),
      });
    },
  });
  return (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }}>
      <Stack>
        <Title order={2} size="h4">
          {t('profileScreens.remove.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('profileScreens.remove.body')}
        </Text>
        <Button color="red" variant="outline" w="fit-content" onClick={() => setOpen(true)}>
          {t('profileScreens.remove.open')}
        </Button>
      </Stack>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('profileScreens.remove.title')}
        centered
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!password) {
              setError(t('common.required'));
              return;
            }
            setError(null);
            mutation.mutate();
          }}
          noValidate
        >
          <Stack>
            <Text size="sm">{t('profileScreens.remove.body')}</Text>
            <PasswordInput
              label={t('profileScreens.remove.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('profileScreens.remove.cancel')}
              </Button>
              <Button type="submit" color="red" loading={mutation.isPending}>
                {t('profileScreens.remove.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}

function ProfileContent({ session }: { session: StoredSession }) {
  const t = useT();
  const member = currentPerson(session);
  const isHolder = member.id === session.profile.users[0]?.id;
  const family = useQuery({ queryKey: familyQueryKey, queryFn: getDependents });
  const person = family.data?.find((p) => p.id === member.id);
  return (
    <Stack p="md" maw={760} mx="auto" w="100%" data-screen="profile">
      <Title order={1} size="h2">
        {t('profileScreens.profile.title')}
      </Title>
      <Text c="dimmed">{t('profileScreens.profile.subtitle', { name: member.name })}</Text>
      {family.isPending ? <Loader size="sm" aria-label={t('shell.loading')} /> : null}
      {family.isError ? (
        <Alert color="red" role="alert">
          {t('accountActions.loadFailed.dependents', {
            message: failureMessage(t, family.error),
          })}
        </Alert>
      ) : null}
      {family.isSuccess && !person ? (
        <Alert color="yellow">{t('profileScreens.profile.notFound')}</Alert>
      ) : null}
      {person ? (
        <PersonDetails key={`${person.id}:${person.name}`} person={person} isHolder={isHolder} />
      ) : null}
      <ChangePassword />
      <Settings />
      <RemoveAccount />
    </Stack>
  );
}

/** Profile (spec section 2): the current person's details, password, settings, removal. */
export function ProfileScreen() {
  const session = useSession();
  return session ? <ProfileContent session={session} /> : null;
}
