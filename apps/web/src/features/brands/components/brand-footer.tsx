import { Group, Text } from '@mantine/core';
import { ExternalLink } from '../../../components/external-link';
import { useT } from '../../../lib/i18n';
import { useBrand } from '../hooks/use-brand';

/** The main product's site, linked from the attribution. */
const attributionUrl = 'https://apothecall.com/';

/** 'Powered by Apothecall', shown when the brand's attribution is on (default). */
export function BrandFooter() {
  const t = useT();
  const brand = useBrand();
  if (!brand.attribution) return null;
  return (
    <Group component="footer" justify="center" py="xs" px="md">
      <Text size="xs" c="dimmed">
        <ExternalLink href={attributionUrl} c="dimmed" size="xs" data-testid="attribution">
          {t('brands.poweredBy')}
        </ExternalLink>
      </Text>
    </Group>
  );
}
