import type { AdminBrand } from '@apothecall/domain/brands/brands-admin.api';
import { brandColorFields } from '@apothecall/domain/brands/brands-admin.rules';
import {
  Checkbox,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { SectionCard } from '../../../components/section-card';
import { useT } from '../../../lib/i18n';
import { ColorField, LogoUpload, StatePicker } from './brand-fields';
import type { BrandForm, HostKind } from './brand-form';

/** What every section of the brand's form is given: the form and its setters. */
export interface BrandSectionProps {
  form: BrandForm;
  set: <K extends keyof BrandForm>(key: K, value: BrandForm[K]) => void;
  setApp: <K extends keyof BrandForm['appSettings']>(
    key: K,
    value: BrandForm['appSettings'][K],
  ) => void;
  brand: AdminBrand | undefined;
  mayWrite: boolean;
}

/** The brand's name and its company key (set once, when it is created). */
export function IdentitySection({ form, set, brand }: BrandSectionProps) {
  const t = useT();
  return (
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
  );
}

/** The kind of host, its host names and aliases, and whether it is a third party's. */
export function HostsSection({ form, set, mayWrite }: BrandSectionProps) {
  const t = useT();
  return (
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
  );
}

/** The logo (once the brand exists), the colours, the home page and background image. */
export function LookSection({ form, set, brand, mayWrite }: BrandSectionProps) {
  const t = useT();
  return (
    <SectionCard title={t('backoffice.brands.section.look')}>
      {brand ? (
        <LogoUpload brand={brand} mayWrite={mayWrite} />
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
  );
}

/** The app's settings: languages, sign-up, attribution, purchases and the app stores. */
export function AppSection({ form, set, setApp }: BrandSectionProps) {
  const t = useT();
  return (
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
  );
}

/** Where the brand offers care (and asynchronous care) and its hours. */
export function CareSection({ form, set }: BrandSectionProps) {
  const t = useT();
  return (
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
  );
}
