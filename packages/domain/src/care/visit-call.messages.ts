/** Video call and chat panel shared by patient and provider (web). */
const en = {
  'call.title': 'Video visit',
} as const;

const es: Record<keyof typeof en, string> = {
  'call.title': 'Consulta por video',
};

export const visitCallMessages = { en, es };
