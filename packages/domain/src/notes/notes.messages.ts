/** Visit notes list, single note and PDF (web and server PDF). */
const en = {
  'notes.title': 'Notes',
} as const;

const es: Record<keyof typeof en, string> = {
  'notes.title': 'Notas',
};

export const notesMessages = { en, es };
