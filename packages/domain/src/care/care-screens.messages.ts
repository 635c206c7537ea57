/** Get Care wizard, waiting room and meet screens (web). */
const en = {
  'careUi.title': 'Get Care',
} as const;

const es: Record<keyof typeof en, string> = {
  'careUi.title': 'Obtener atención',
};

export const careScreensMessages = { en, es };
