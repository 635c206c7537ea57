import type { ProviderAdminView } from '@apothecall/domain/providers/providers.api';
import { Badge, Group, Title } from '@mantine/core';
import { Facts } from '../../../components/facts';
import { SectionCard } from '../../../components/section-card';
import { useT } from '../../../lib/i18n';

/** The provider's name and credentials, with whether they are on duty and active. */
export function ProviderHeading({ provider }: { provider: ProviderAdminView }) {
  const t = useT();
  return (
    <Group gap="sm">
      <Title order={1} size="h2">
        {provider.credentials ? `${provider.name}, ${provider.credentials}` : provider.name}
      </Title>
      <Badge
        color={provider.onDuty ? 'green' : 'gray'}
        c={provider.onDuty ? 'green.9' : 'gray.8'}
        variant="light"
        tt="none"
      >
        {provider.onDuty ? t('providersUi.onDuty') : t('providersUi.offDuty')}
      </Badge>
      <Badge
        color={provider.active ? 'blue' : 'red'}
        c={provider.active ? 'blue.9' : 'red.9'}
        variant="light"
        tt="none"
      >
        {provider.active ? t('providersUi.active') : t('providersUi.inactive')}
      </Badge>
    </Group>
  );
}

/** The provider's e-mail, NPI, credentials and DEA number. */
export function ProviderProfile({ provider }: { provider: ProviderAdminView }) {
  const t = useT();
  return (
    <SectionCard title={t('providersUi.profile.title')}>
      <Facts
        labelWidth={160}
        rows={[
          { key: 'email', label: t('providersUi.profile.email'), value: provider.email },
          { key: 'npi', label: t('providersUi.profile.npi'), value: provider.npi },
          {
            key: 'credentials',
            label: t('providersUi.profile.credentials'),
            value: provider.credentials || '—',
          },
          {
            key: 'dea',
            label: t('providersUi.profile.dea'),
            value: provider.dea ?? t('providersUi.profile.noDea'),
          },
        ]}
      />
    </SectionCard>
  );
}
