/** Subscription texts. */
const en = {} as const;

const es: Record<keyof typeof en, string> = {};

export const subscriptionsMessages = { en, es };
