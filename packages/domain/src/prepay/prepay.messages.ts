/** Prepay program and access-token texts. */
const en = {} as const;

const es: Record<keyof typeof en, string> = {};

export const prepayMessages = { en, es };
