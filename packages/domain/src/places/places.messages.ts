/** State availability texts ('Service unavailable in {state}'). */
const en = {} as const;

const es: Record<keyof typeof en, string> = {};

export const placesMessages = { en, es };
