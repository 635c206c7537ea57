/** Provider console: queue, duty, visit workspace, note, prescription, outcomes (web). */
const en = {
  'clinicUi.title': 'Clinic',
} as const;

const es: Record<keyof typeof en, string> = {
  'clinicUi.title': 'Clínica',
};

export const clinicScreensMessages = { en, es };
