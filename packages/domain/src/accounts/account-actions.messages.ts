/** Profile, password, dependent, location and notification toasts and dialogs. */
const en = {} as const;

const es: Record<keyof typeof en, string> = {};

export const accountActionsMessages = { en, es };
