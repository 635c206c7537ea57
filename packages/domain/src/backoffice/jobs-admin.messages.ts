/**
 * Texts of the back office's Jobs and outbox: the screen /admin/jobs (failed jobs and
 * undelivered messages, each with a retry). The server's refusal is `backoffice.refused`.
 */
const en = {
  'jobsUi.title': 'Jobs and outbox',
  'jobsUi.lead':
    'Background jobs that used up their retries, and e-mail and text messages not delivered. No message text is shown.',
  'jobsUi.tab.failed': 'Failed jobs',
  'jobsUi.tab.outbox': 'Undelivered messages',
  'jobsUi.col.job': 'Job',
  'jobsUi.col.when': 'When',
  'jobsUi.col.attempts': 'Attempts',
  'jobsUi.col.error': 'Error',
  'jobsUi.col.channel': 'Channel',
  'jobsUi.col.recipient': 'Recipient',
  'jobsUi.col.kind': 'Kind',
  'jobsUi.col.action': 'Action',
  'jobsUi.status.label': 'Messages',
  'jobsUi.status.failed': 'Failed',
  'jobsUi.status.pending': 'Pending',
  'jobsUi.emptyFailed': 'No failed jobs.',
  'jobsUi.emptyOutbox': 'No messages here.',
  'jobsUi.purged': 'Given up: its text was deleted, so it cannot be sent again.',
  'jobsUi.retry': 'Retry',
  'jobsUi.retryJob': 'Retry job {job}',
  'jobsUi.retryMessage': 'Retry the {channel} message to {recipient}',
  'jobsUi.confirmJob': 'Run the job {job} again? It runs once more with the same input.',
  'jobsUi.confirmMessage': 'Send the {channel} message to {recipient} again?',
  'jobsUi.cancel': 'Cancel',
  'jobsUi.retried': 'Queued again.',
  'jobsUi.notRetried': 'Nothing to retry: it was already retried, sent or given up.',
  'jobsUi.loadFailed': 'Could not load the list: {message}',
  'jobsUi.reload': 'Try again',
};

const es: Record<keyof typeof en, string> = {
  'jobsUi.title': 'Tareas y mensajes salientes',
  'jobsUi.lead':
    'Tareas en segundo plano que agotaron sus reintentos, y correos y mensajes de texto no entregados. No se muestra el texto de ningún mensaje.',
  'jobsUi.tab.failed': 'Tareas fallidas',
  'jobsUi.tab.outbox': 'Mensajes no entregados',
  'jobsUi.col.job': 'Tarea',
  'jobsUi.col.when': 'Cuándo',
  'jobsUi.col.attempts': 'Intentos',
  'jobsUi.col.error': 'Error',
  'jobsUi.col.channel': 'Canal',
  'jobsUi.col.recipient': 'Destinatario',
  'jobsUi.col.kind': 'Tipo',
  'jobsUi.col.action': 'Acción',
  'jobsUi.status.label': 'Mensajes',
  'jobsUi.status.failed': 'Fallidos',
  'jobsUi.status.pending': 'Pendientes',
  'jobsUi.emptyFailed': 'No hay tareas fallidas.',
  'jobsUi.emptyOutbox': 'No hay mensajes aquí.',
  'jobsUi.purged': 'Abandonado: su texto se borró y no puede volver a enviarse.',
  'jobsUi.retry': 'Reintentar',
  'jobsUi.retryJob': 'Reintentar la tarea {job}',
  'jobsUi.retryMessage': 'Reintentar el mensaje por {channel} a {recipient}',
  'jobsUi.confirmJob':
    '¿Ejecutar de nuevo la tarea {job}? Se ejecuta una vez más con los mismos datos.',
  'jobsUi.confirmMessage': '¿Enviar de nuevo el mensaje por {channel} a {recipient}?',
  'jobsUi.cancel': 'Cancelar',
  'jobsUi.retried': 'En cola de nuevo.',
  'jobsUi.notRetried': 'Nada que reintentar: ya se reintentó, se envió o se abandonó.',
  'jobsUi.loadFailed': 'No se pudo cargar la lista: {message}',
  'jobsUi.reload': 'Intentar de nuevo',
};

export const jobsAdminMessages = { en, es };
export { en as jobsAdminMessagesEn, es as jobsAdminMessagesEs };
