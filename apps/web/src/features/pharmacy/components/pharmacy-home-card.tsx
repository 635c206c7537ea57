import { link } from '@apothecall/domain/navigation/links';
import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useT } from '../../../lib/i18n';

/** A pharmacy's Home: the way to the prescription dashboard, the links and (admin) pharmacists. */
export function PharmacyHomeCard({ admin }: { admin: boolean }) {
  const t = useT();
  return (
    <SectionCard
      title={t('pharmacyScreens.home.title')}
      description={t('pharmacyScreens.home.body')}
      testId="pharmacy-home-card"
    >
      <Group gap="xs">
        <Button component={Link} to={link('/prescriptions')}>
          {t('pharmacyScreens.home.open')}
        </Button>
        <Button component={Link} to={link('/links')} variant="default">
          {t('pharmacyScreens.home.links')}
        </Button>
        {admin ? (
          <Button component={Link} to={link('/pharmacists')} variant="default">
            {t('pharmacyScreens.home.pharmacists')}
          </Button>
        ) : null}
      </Group>
    </SectionCard>
  );
}
