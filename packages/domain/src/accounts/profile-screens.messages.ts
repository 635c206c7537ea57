/** Profile, family, location and settings screens. */
const en = {
  'profileScreens.placeholder': 'Placeholder',
} as const;

const es: Record<keyof typeof en, string> = {
  'profileScreens.placeholder': 'Marcador',
};

export const profileScreensMessages = { en, es };
