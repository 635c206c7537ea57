/** Brand texts: attribution, external-link confirmation, app-store prompts. */
const en = {
  'brands.poweredBy': 'Powered by Apothecall',
  'brands.logoAlt': '{brand} logo',
  'brands.pharmacy.loading': 'Loading your pharmacy…',
  'brands.pharmacy.notFound': 'This pharmacy link is not valid. You are using {brand}.',
} as const;

const es: Record<keyof typeof en, string> = {
  'brands.poweredBy': 'Con la tecnología de Apothecall',
  'brands.logoAlt': 'Logotipo de {brand}',
  'brands.pharmacy.loading': 'Cargando su farmacia…',
  'brands.pharmacy.notFound': 'Este enlace de farmacia no es válido. Está usando {brand}.',
};

export const brandsMessages = { en, es };
export { en as brandsMessagesEn, es as brandsMessagesEs };
export type BrandsMessageKey = keyof typeof en;
