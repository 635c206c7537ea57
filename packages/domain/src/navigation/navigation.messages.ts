/** Route-guard messages. */
const en = {} as const;

const es: Record<keyof typeof en, string> = {};

export const navigationMessages = { en, es };
