/** Appointment dialogs and dictionary messages. */
const en = {} as const;

const es: Record<keyof typeof en, string> = {};

export const appointmentsMessages = { en, es };
