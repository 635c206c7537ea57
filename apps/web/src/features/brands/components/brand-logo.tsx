import { Image } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import { useBrand } from '../hooks/use-brand';

/** The brand's logo (the main brand's when the brand has none). */
export function BrandLogo({ size = 32 }: { size?: number }) {
  const t = useT();
  const brand = useBrand();
  const name = brand.name ?? t('shell.appName');
  return (
    <Image
      src={brand.logo}
      alt={t('brands.logoAlt', { brand: name })}
      w={size}
      h={size}
      fit="contain"
      data-testid="brand-logo"
    />
  );
}
