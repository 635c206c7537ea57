/** Labels, titles and help texts of the account screens (register, profile, family, consents...). */
const en = {
  'accountScreens.placeholder': 'Account',
} as const;

const es: Record<keyof typeof en, string> = {
  'accountScreens.placeholder': 'Cuenta',
};

export const accountScreensMessages = { en, es };
