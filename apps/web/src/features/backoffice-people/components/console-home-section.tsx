import {
  type BackOfficeArea,
  backOfficeAreasOf,
} from '@apothecall/domain/backoffice/backoffice.rules';
import { matchRoute } from '@apothecall/domain/navigation/routes';
import { Anchor, Stack, Text } from '@mantine/core';
import { SectionCard } from '../../../components/section-card';
import { useT } from '../../../lib/i18n';

/** The areas of the console whose screen is built: a route /admin/{area} exists. */
export function builtBackOfficeAreas(role: string | null | undefined): BackOfficeArea[] {
  return backOfficeAreasOf(role).filter((area) => matchRoute(`/admin/${area}`) !== undefined);
}

/**
 * The console's home: on the admin's and support's Home, the back-office areas the
 * role may open whose screen is built, each a link with a one-line description. Areas appear
 * here as their screens are added to the routes.
 */
export function ConsoleHomeSection({ role }: { role: string }) {
  const t = useT();
  const areas = builtBackOfficeAreas(role);
  if (areas.length === 0) return null;
  return (
    <SectionCard
      title={t('backoffice.home.title')}
      description={t('backoffice.home.lead')}
      testId="backoffice-home"
    >
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {areas.map((area) => (
          <li key={area}>
            <Anchor href={`#/admin/${area}`} fw={600} data-testid={`backoffice-home-${area}`}>
              {t(`backoffice.area.${area}`)}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t(`backoffice.area.${area}.lead`)}
            </Text>
          </li>
        ))}
      </Stack>
    </SectionCard>
  );
}
