/** Session texts: auto-logout, biometric login. */
const en = {} as const;

const es: Record<keyof typeof en, string> = {};

export const sessionMessages = { en, es };
