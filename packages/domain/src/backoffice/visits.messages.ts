/**
 * Texts of the back office's visits area (issue 35): the server's answers, what the patient is
 * told when the operator cancels or reassigns a visit, and the screen /admin/visits.
 */
const en = {
  'backoffice.visits.field.kind': 'Choose a kind of visit: video, appointment or Rx.',
  'backoffice.visits.field.status': 'Enter a status (2 to 40 letters).',
  'backoffice.visits.field.page': 'Choose a page from 1 to 1000.',
  'backoffice.visits.field.note': 'Write a note for the patient (3 to 500 characters).',
  'backoffice.visits.notFound': 'No visit has this id.',
  'backoffice.visits.final': 'This visit is already over ({status}): it cannot be cancelled.',
  'backoffice.visits.notClaimed':
    'No provider has claimed this visit: there is nothing to reassign.',
  'backoffice.visits.cancelledNote':
    'Your visit was cancelled by our support team and fully refunded: {note}',
  'backoffice.visits.reassignedNote':
    'Your visit goes back to the line for the next provider: {note}',
  'backoffice.visits.stuck.waitingNoProvider': 'Waiting over {minutes} minutes with no provider',
  'backoffice.visits.stuck.rxUnreviewed': 'Unreviewed over {hours} hours',
  'backoffice.visits.stuck.pharmacyUnclaimed': 'Unclaimed by the pharmacy over {hours} hours',
};

const es: Record<keyof typeof en, string> = {
  'backoffice.visits.field.kind': 'Elija un tipo de consulta: video, cita o Rx.',
  'backoffice.visits.field.status': 'Escriba un estado (de 2 a 40 letras).',
  'backoffice.visits.field.page': 'Elija una página del 1 al 1000.',
  'backoffice.visits.field.note': 'Escriba una nota para el paciente (de 3 a 500 caracteres).',
  'backoffice.visits.notFound': 'Ninguna consulta tiene este id.',
  'backoffice.visits.final': 'Esta consulta ya terminó ({status}): no se puede cancelar.',
  'backoffice.visits.notClaimed':
    'Ningún proveedor ha tomado esta consulta: no hay nada que reasignar.',
  'backoffice.visits.cancelledNote':
    'Nuestro equipo de soporte canceló su consulta y le devolvió todo el importe: {note}',
  'backoffice.visits.reassignedNote':
    'Su consulta vuelve a la fila para el próximo proveedor: {note}',
  'backoffice.visits.stuck.waitingNoProvider': 'Esperando más de {minutes} minutos sin proveedor',
  'backoffice.visits.stuck.rxUnreviewed': 'Sin revisar más de {hours} horas',
  'backoffice.visits.stuck.pharmacyUnclaimed': 'Sin reclamar por la farmacia más de {hours} horas',
};

export type BackofficeVisitsMessageKey = keyof typeof en;
export const backofficeVisitsMessages = { en, es };
export { en as backofficeVisitsMessagesEn, es as backofficeVisitsMessagesEs };
