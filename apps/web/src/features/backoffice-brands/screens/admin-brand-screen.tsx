import { mayBackOffice } from '@apothecall/domain/backoffice/backoffice.rules';
import { contrastRatio } from '@apothecall/domain/brands/brand-colors.rules';
import type {
  AdminBrand,
  BrandFieldsInput,
  hostKinds,
} from '@apothecall/domain/brands/brands-admin.api';
import {
  type BrandColorField,
  brandColorFields,
  colorVerdict,
  type FieldChange,
  fieldChanges,
} from '@apothecall/domain/brands/brands-admin.rules';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { type UsStateCode, usStates } from '@apothecall/domain/places/places.rules';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  ColorInput,
  FileInput,
  Group,
  Image,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import {
  adminBrandQueryKey,
  adminBrandsQueryKey,
  createBrand,
  getAdminBrand,
  saveBrand,
  uploadBrandLogo,
} from '../api';

type HostKind = (typeof hostKinds)[number];

/** The form: the brand's fields, host lists as text (one per line), the key when new. */
interface BrandForm {
  id: string;
  name: string;
  hostKind: HostKind;
  hosts: string;
  aliases: string;
  thirdParty: boolean;
  colorPrimary: string;
  colorAccent: string;
  colorWarning: string;
  homePage: string;
  backgroundImage: string;
  registerEnabled: boolean;
  attribution: boolean;
  appSettings: AdminBrand['appSettings'];
  availableStates: string[];
  asyncStates: string[];
  open: string;
  close: string;
  timeZone: string;
}

const blank: BrandForm = {
  id: '',
  name: '',
  hostKind: 'partner',
  hosts: '',
  aliases: '',
  thirdParty: false,
  colorPrimary: '#0b7285',
  colorAccent: '#0b7285',
  colorWarning: '#c92a2a',
  homePage: '/',
  backgroundImage: '',
  registerEnabled: true,
  attribution: true,
  appSettings: {
    availableLang: ['en', 'es'],
    prepayPurchaseActive: false,
    subscriptionPurchaseActive: false,
    legalNotice: { consentToTreat: null, terms: null },
    consentNotice: {},
    forcedPage: null,
    forcedAuthPage: null,
    showAppStore: false,
    prepayOnly: false,
    appStoreURL: null,
    googlePlayURL: null,
    prepayPricingTypes: [],
  },
  availableStates: [],
  asyncStates: [],
  open: '08:00',
  close: '22:00',
  timeZone: 'America/New_York',
};

function formOf(brand: AdminBrand): BrandForm {
  return {
    id: brand.id,
    name: brand.name,
    hostKind: brand.hostKind,
    hosts: brand.hosts.join('\n'),
    aliases: brand.aliases.join('\n'),
    thirdParty: brand.thirdParty,
    colorPrimary: brand.colorPrimary,
    colorAccent: brand.colorAccent,
    colorWarning: brand.colorWarning,
    homePage: brand.homePage,
    backgroundImage: brand.backgroundImage ?? '',
    registerEnabled: brand.registerEnabled,
    attribution: brand.attribution,
    appSettings: brand.appSettings,
    availableStates: brand.care.availableStates,
    asyncStates: brand.care.asyncStates,
    open: brand.care.hours.open,
    close: brand.care.hours.close,
    timeZone: brand.care.hours.timeZone,
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean);

/** The body the server takes (it checks everything; the form only shapes it). */
function fieldsOf(form: BrandForm): BrandFieldsInput {
  return {
    name: form.name,
    hostKind: form.hostKind,
    hosts: lines(form.hosts),
    aliases: lines(form.aliases),
    thirdParty: form.thirdParty,
    colorPrimary: form.colorPrimary,
    colorAccent: form.colorAccent,
    colorWarning: form.colorWarning,
    homePage: form.homePage,
    backgroundImage: form.backgroundImage.trim() === '' ? null : form.backgroundImage.trim(),
    registerEnabled: form.registerEnabled,
    attribution: form.attribution,
    appSettings: {
      ...form.appSettings,
      appStoreURL: form.appSettings.appStoreURL?.trim() || null,
      googlePlayURL: form.appSettings.googlePlayURL?.trim() || null,
    },
    care: {
      // The server refuses any state not in the list (the pickers offer only those).
      availableStates: [...form.availableStates].sort() as UsStateCode[],
      asyncStates: [...form.asyncStates].sort() as UsStateCode[],
      hours: { open: form.open, close: form.close, timeZone: form.timeZone },
    },
  };
}

/** The label of a changed field (its first part), for the confirmation. */
const fieldLabels: Record<string, MessageKey> = {
  name: 'backoffice.brands.label.name',
  hostKind: 'backoffice.brands.label.hostKind',
  hosts: 'backoffice.brands.label.hosts',
  aliases: 'backoffice.brands.label.aliases',
  thirdParty: 'backoffice.brands.label.thirdParty',
  colorPrimary: 'backoffice.brands.label.colorPrimary',
  colorAccent: 'backoffice.brands.label.colorAccent',
  colorWarning: 'backoffice.brands.label.colorWarning',
  homePage: 'backoffice.brands.label.homePage',
  backgroundImage: 'backoffice.brands.label.backgroundImage',
  registerEnabled: 'backoffice.brands.label.registerEnabled',
  attribution: 'backoffice.brands.label.attribution',
  'appSettings.availableLang': 'backoffice.brands.label.availableLang',
  'appSettings.prepayPurchaseActive': 'backoffice.brands.label.prepayPurchaseActive',
  'appSettings.subscriptionPurchaseActive': 'backoffice.brands.label.subscriptionPurchaseActive',
  'appSettings.prepayOnly': 'backoffice.brands.label.prepayOnly',
  'appSettings.showAppStore': 'backoffice.brands.label.showAppStore',
  'appSettings.appStoreURL': 'backoffice.brands.label.appStoreURL',
  'appSettings.googlePlayURL': 'backoffice.brands.label.googlePlayURL',
  'care.availableStates': 'backoffice.brands.label.availableStates',
  'care.asyncStates': 'backoffice.brands.label.asyncStates',
  'care.hours.open': 'backoffice.brands.label.open',
  'care.hours.close': 'backoffice.brands.label.close',
  'care.hours.timeZone': 'backoffice.brands.label.timeZone',
  logoUrl: 'backoffice.brands.label.logo',
};

const shown = (value: unknown) =>
  Array.isArray(value) ? value.join(', ') : value === null ? '—' : String(value);

/**
 * /admin/brands/new and /admin/brands/:id (issue 35): a brand's name and company key, host
 * names and aliases, logo and colours (each with its contrast on white, by the domain's rule:
 * a colour that does not read is refused by the server, and the screen offers the nearest that
 * does), app settings, and the states and hours of its care. An admin saves after confirming
 * the list of what changed (the changes apply at once); support reads, nothing to save.
 */
export function AdminBrandScreen() {
  const t = useT();
  const { id } = useParams();
  const session = useSession();
  const mayWrite = mayBackOffice(session?.profile.role, 'brands', 'write');
  const page = useQuery({
    queryKey: adminBrandQueryKey(id ?? ''),
    queryFn: () => getAdminBrand(id ?? ''),
    enabled: id !== undefined,
  });

  return (
    <Stack p="md" maw={1080} mx="auto" w="100%" data-screen="admin-brand">
      <Group justify="space-between">
        <Anchor component={Link} to="/admin/brands" size="sm">
          {t('backoffice.brands.back')}
        </Anchor>
        {id === undefined ? null : (
          <Anchor
            component={Link}
            to={`/admin/brands/${encodeURIComponent(id)}/offers`}
            size="sm"
            data-testid="brand-offers-link"
          >
            {t('backoffice.brands.offersLink')}
          </Anchor>
        )}
      </Group>
      {id === undefined ? (
        <BrandEditor brand={undefined} mayWrite={mayWrite} />
      ) : page.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : page.isError ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t('backoffice.brands.loadFailed', { message: errorText(t, page.error) })}
            </Text>
            <Button size="xs" variant="default" onClick={() => void page.refetch()}>
              {t('backoffice.brands.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <BrandEditor key={JSON.stringify(page.data)} brand={page.data} mayWrite={mayWrite} />
      )}
    </Stack>
  );
}

function BrandEditor({ brand, mayWrite }: { brand: AdminBrand | undefined; mayWrite: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<BrandForm>(() => (brand ? formOf(brand) : blank));
  const [confirming, setConfirming] = useState<FieldChange[] | undefined>();
  const set = <K extends keyof BrandForm>(key: K, value: BrandForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setApp = <K extends keyof BrandForm['appSettings']>(
    key: K,
    value: BrandForm['appSettings'][K],
  ) => setForm((f) => ({ ...f, appSettings: { ...f.appSettings, [key]: value } }));

  const refresh = (saved: AdminBrand) => {
    queryClient.setQueryData(adminBrandQueryKey(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: adminBrandsQueryKey });
  };
  const create = useMutation({
    mutationFn: () => createBrand({ ...fieldsOf(form), id: form.id.trim() }),
    onSuccess: (created) => {
      refresh(created);
      notifications.show({
        color: 'green',
        message: t('backoffice.brands.created', { name: created.name }),
      });
      void navigate(`/admin/brands/${encodeURIComponent(created.id)}`);
    },
  });
  const save = useMutation({
    mutationFn: () => saveBrand(brand?.id ?? '', fieldsOf(form)),
    onSuccess: ({ brand: saved, changed }) => {
      setConfirming(undefined);
      refresh(saved);
      notifications.show({
        color: 'green',
        message:
          changed.length === 0
            ? t('backoffice.brands.unchanged')
            : t('backoffice.brands.saved', {
                fields: changed.map((f) => (fieldLabels[f] ? t(fieldLabels[f]) : f)).join(', '),
              }),
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mayWrite) return;
    if (!brand) {
      create.mutate();
      return;
    }
    save.reset();
    const { id: _id, isMain: _main, logoUrl: _logo, ...before } = brand;
    setConfirming(fieldChanges(before, fieldsOf(form)));
  };
  const failure = create.error ?? save.error;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h2">
          {brand ? brand.name : t('backoffice.brands.new')}
        </Title>
        {mayWrite ? null : <Text size="sm">{t('backoffice.brands.readOnly')}</Text>}
        <fieldset disabled={!mayWrite} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            <SectionCard title={t('backoffice.brands.section.identity')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('backoffice.brands.label.name')}
                  value={form.name}
                  onChange={(e) => set('name', e.currentTarget.value)}
                  required
                  data-testid="brand-name"
                />
                <TextInput
                  label={t('backoffice.brands.label.key')}
                  description={t('backoffice.brands.label.keyHelp')}
                  value={form.id}
                  onChange={(e) => set('id', e.currentTarget.value)}
                  readOnly={brand !== undefined}
                  required
                  data-testid="brand-key"
                />
              </SimpleGrid>
            </SectionCard>

            <SectionCard title={t('backoffice.brands.section.hosts')}>
              <Stack gap="xs">
                <Text size="sm" fw={500} id="brand-host-kind">
                  {t('backoffice.brands.label.hostKind')}
                </Text>
                <SegmentedControl
                  aria-labelledby="brand-host-kind"
                  value={form.hostKind}
                  onChange={(value) => set('hostKind', value as HostKind)}
                  disabled={!mayWrite}
                  data={(['main', 'partner', 'test'] as const).map((kind) => ({
                    value: kind,
                    label: t(`backoffice.brands.hostKind.${kind}`),
                  }))}
                />
              </Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Textarea
                  label={t('backoffice.brands.label.hosts')}
                  description={t('backoffice.brands.label.hostsHelp')}
                  value={form.hosts}
                  onChange={(e) => set('hosts', e.currentTarget.value)}
                  autosize
                  minRows={2}
                  data-testid="brand-hosts"
                />
                <Textarea
                  label={t('backoffice.brands.label.aliases')}
                  description={t('backoffice.brands.label.aliasesHelp')}
                  value={form.aliases}
                  onChange={(e) => set('aliases', e.currentTarget.value)}
                  autosize
                  minRows={2}
                  data-testid="brand-aliases"
                />
              </SimpleGrid>
              <Checkbox
                label={t('backoffice.brands.label.thirdParty')}
                checked={form.thirdParty}
                onChange={(e) => set('thirdParty', e.currentTarget.checked)}
              />
            </SectionCard>

            <SectionCard title={t('backoffice.brands.section.look')}>
              {brand ? (
                <LogoUpload brand={brand} mayWrite={mayWrite} onUploaded={refresh} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('backoffice.brands.logo.afterCreate')}
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {brandColorFields.map((field) => (
                  <ColorField
                    key={field}
                    field={field}
                    value={form[field]}
                    onChange={(value) => set(field, value)}
                    mayWrite={mayWrite}
                  />
                ))}
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('backoffice.brands.label.homePage')}
                  value={form.homePage}
                  onChange={(e) => set('homePage', e.currentTarget.value)}
                />
                <TextInput
                  label={t('backoffice.brands.label.backgroundImage')}
                  value={form.backgroundImage}
                  onChange={(e) => set('backgroundImage', e.currentTarget.value)}
                />
              </SimpleGrid>
            </SectionCard>

            <SectionCard title={t('backoffice.brands.section.app')}>
              <Checkbox.Group
                label={t('backoffice.brands.label.availableLang')}
                value={form.appSettings.availableLang}
                onChange={(value) =>
                  setApp('availableLang', value as BrandForm['appSettings']['availableLang'])
                }
              >
                <Group mt="xs">
                  <Checkbox value="en" label={t('backoffice.brands.lang.en')} />
                  <Checkbox value="es" label={t('backoffice.brands.lang.es')} />
                </Group>
              </Checkbox.Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Checkbox
                  label={t('backoffice.brands.label.registerEnabled')}
                  checked={form.registerEnabled}
                  onChange={(e) => set('registerEnabled', e.currentTarget.checked)}
                />
                <Checkbox
                  label={t('backoffice.brands.label.attribution')}
                  checked={form.attribution}
                  onChange={(e) => set('attribution', e.currentTarget.checked)}
                />
                {(
                  [
                    'prepayPurchaseActive',
                    'subscriptionPurchaseActive',
                    'prepayOnly',
                    'showAppStore',
                  ] as const
                ).map((key) => (
                  <Checkbox
                    key={key}
                    label={t(`backoffice.brands.label.${key}`)}
                    checked={form.appSettings[key]}
                    onChange={(e) => setApp(key, e.currentTarget.checked)}
                  />
                ))}
                <TextInput
                  label={t('backoffice.brands.label.appStoreURL')}
                  value={form.appSettings.appStoreURL ?? ''}
                  onChange={(e) => setApp('appStoreURL', e.currentTarget.value)}
                />
                <TextInput
                  label={t('backoffice.brands.label.googlePlayURL')}
                  value={form.appSettings.googlePlayURL ?? ''}
                  onChange={(e) => setApp('googlePlayURL', e.currentTarget.value)}
                />
              </SimpleGrid>
            </SectionCard>

            <SectionCard title={t('backoffice.brands.section.care')}>
              <StatePicker
                label={t('backoffice.brands.label.availableStates')}
                value={form.availableStates}
                onChange={(value) => set('availableStates', value)}
                testId="brand-available-states"
              />
              <StatePicker
                label={t('backoffice.brands.label.asyncStates')}
                value={form.asyncStates}
                onChange={(value) => set('asyncStates', value)}
                testId="brand-async-states"
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  type="time"
                  label={t('backoffice.brands.label.open')}
                  value={form.open}
                  onChange={(e) => set('open', e.currentTarget.value)}
                />
                <TextInput
                  type="time"
                  label={t('backoffice.brands.label.close')}
                  value={form.close}
                  onChange={(e) => set('close', e.currentTarget.value)}
                />
                <TextInput
                  label={t('backoffice.brands.label.timeZone')}
                  value={form.timeZone}
                  onChange={(e) => set('timeZone', e.currentTarget.value)}
                />
              </SimpleGrid>
            </SectionCard>
          </Stack>
        </fieldset>
        {failure && !confirming ? (
          <Alert color="red" role="alert" data-testid="brand-error">
            {errorText(t, failure)}
          </Alert>
        ) : null}
        {mayWrite ? (
          <Group>
            <Button type="submit" loading={create.isPending} data-testid="brand-submit">
              {brand ? t('backoffice.brands.save') : t('backoffice.brands.create')}
            </Button>
          </Group>
        ) : null}
      </Stack>
      {confirming ? (
        <Dialog
          opened
          onClose={() => setConfirming(undefined)}
          title={t('backoffice.brands.confirm.title')}
        >
          <Stack>
            {confirming.length === 0 ? (
              <Text>{t('backoffice.brands.confirm.none')}</Text>
            ) : (
              <>
                <Text size="sm">{t('backoffice.brands.confirm.lead')}</Text>
                <Stack gap={4} component="ul" m={0} pl="md" data-testid="brand-changes">
                  {confirming.map((change) => (
                    <Text component="li" size="sm" key={change.field}>
                      <strong>
                        {fieldLabels[change.field] ? t(fieldLabels[change.field]!) : change.field}
                      </strong>
                      : {shown(change.before)} → {shown(change.after)}
                    </Text>
                  ))}
                </Stack>
              </>
            )}
            {save.isError ? (
              <Alert color="red" role="alert">
                {errorText(t, save.error)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(undefined)}>
                {t('backoffice.brands.cancel')}
              </Button>
              {confirming.length > 0 ? (
                <Button
                  onClick={() => save.mutate()}
                  loading={save.isPending}
                  data-testid="brand-confirm"
                >
                  {t('backoffice.brands.confirm.save')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Dialog>
      ) : null}
    </form>
  );
}

/** A colour with its live verdict (the domain's rule): it reads, or the nearest that does. */
function ColorField({
  field,
  value,
  onChange,
  mayWrite,
}: {
  field: BrandColorField;
  value: string;
  onChange: (value: string) => void;
  mayWrite: boolean;
}) {
  const t = useT();
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  const verdict = valid ? colorVerdict(value) : undefined;
  const ratio = valid ? contrastRatio(value, '#ffffff').toFixed(1) : '';
  let note: ReactNode = null;
  if (verdict?.reads) {
    note = (
      <Text size="xs" c="green.9" data-testid={`brand-${field}-verdict`}>
        {t('backoffice.brands.color.reads', { ratio })}
      </Text>
    );
  } else if (verdict) {
    note = (
      <Stack gap={4} align="flex-start">
        <Text size="xs" c="red.9" data-testid={`brand-${field}-verdict`} role="status">
          {t('backoffice.brands.color.fails', { ratio, suggestion: verdict.suggestion })}
        </Text>
        {mayWrite ? (
          <Button size="compact-xs" variant="default" onClick={() => onChange(verdict.suggestion)}>
            {t('backoffice.brands.color.use', { suggestion: verdict.suggestion })}
          </Button>
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <ColorInput
        label={t(`backoffice.brands.label.${field}`)}
        format="hex"
        value={value}
        onChange={onChange}
        disabled={!mayWrite}
        withEyeDropper={false}
        data-testid={`brand-${field}`}
      />
      {note}
    </Stack>
  );
}

function StatePicker({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  testId: string;
}) {
  const t = useT();
  return (
    <Checkbox.Group label={label} value={value} onChange={onChange} data-testid={testId}>
      <SimpleGrid cols={{ base: 2, sm: 4, md: 6 }} mt="xs" spacing="xs">
        {usStates.map((state) => (
          <Checkbox
            key={state.code}
            value={state.code}
            label={`${state.code} · ${t(state.nameKey)}`}
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/** The logo: the current one and, for an admin, an upload (PNG, JPEG or WebP, up to 1 MB). */
function LogoUpload({
  brand,
  mayWrite,
  onUploaded,
}: {
  brand: AdminBrand;
  mayWrite: boolean;
  onUploaded: (brand: AdminBrand) => void;
}) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => uploadBrandLogo(brand.id, chosen),
    onSuccess: (saved) => {
      setFile(null);
      onUploaded(saved);
      notifications.show({ color: 'green', message: t('backoffice.brands.logo.uploaded') });
    },
  });
  return (
    <Stack gap="xs">
      {brand.logoUrl ? (
        <Image
          src={brand.logoUrl}
          alt={t('brands.logoAlt', { brand: brand.name })}
          h={64}
          w="auto"
          fit="contain"
          style={{ alignSelf: 'flex-start' }}
          data-testid="admin-brand-logo"
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('backoffice.brands.logo.none')}
        </Text>
      )}
      {mayWrite ? (
        <Group align="flex-end">
          <FileInput
            label={t('backoffice.brands.label.logo')}
            accept="image/png,image/jpeg,image/webp"
            value={file}
            onChange={setFile}
            clearable
            data-testid="brand-logo-file"
          />
          <Button
            variant="default"
            disabled={!file}
            loading={upload.isPending}
            onClick={() => file && upload.mutate(file)}
            data-testid="brand-logo-upload"
          >
            {t('backoffice.brands.logo.upload')}
          </Button>
        </Group>
      ) : null}
      {upload.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, upload.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}
