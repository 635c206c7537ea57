/** Card, transaction and coupon texts. */
const en = {} as const;

const es: Record<keyof typeof en, string> = {};

export const paymentsMessages = { en, es };
