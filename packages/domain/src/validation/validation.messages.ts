/** Validation messages of spec section 5. */
const en = {} as const;

const es: Record<keyof typeof en, string> = {};

export const validationMessages = { en, es };
