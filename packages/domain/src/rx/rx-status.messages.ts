/** Patient-facing and pharmacy-side Rx visit status texts and prompts. */
const en = {} as const;

const es: Record<keyof typeof en, string> = {};

export const rxStatusMessages = { en, es };
