/** Care reasons, pre-visit screening texts and alarms. */
const en = {} as const;

const es: Record<keyof typeof en, string> = {};

export const careMessages = { en, es };
