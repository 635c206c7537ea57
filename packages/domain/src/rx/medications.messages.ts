/** Prepaid-visit medication rule texts. */
const en = {} as const;

const es: Record<keyof typeof en, string> = {};

export const medicationsMessages = { en, es };
