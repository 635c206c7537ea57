/** Brand texts: attribution, external-link confirmation, app-store prompts. */
const en = {
  'brands.placeholder': 'Placeholder',
} as const;

const es: Record<keyof typeof en, string> = {
  'brands.placeholder': 'Marcador',
};

export const brandsMessages = { en, es };
