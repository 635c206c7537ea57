/**
 * Texts of the back office's visits area: the server's answers, what the patient is
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
  'backoffice.visits.rx.pharmacyClaimed':
    'A pharmacy has claimed this prescription ({pharmacyStatus}): it cannot be cancelled here. Ask the pharmacy.',
  'backoffice.visits.rx.pharmacyWorking':
    'A pharmacy is working on this prescription ({pharmacyStatus}): it cannot be cancelled here. Ask the pharmacy.',
  'backoffice.visits.rx.prescribed':
    'The prescription was written and given to the patient: it cannot be cancelled.',
  'backoffice.visits.cancelledUnpaidNote': 'Your visit was cancelled by our support team: {note}',
  'backoffice.visits.cancelledPrepaidNote':
    'Your visit was cancelled by our support team and your prepaid visit was given back: {note}',
  'backoffice.visits.stuck.waitingNoProvider.one': 'Waiting over {count} minute with no provider',
  'backoffice.visits.stuck.waitingNoProvider.other':
    'Waiting over {count} minutes with no provider',
  'backoffice.visits.stuck.rxUnreviewed.one': 'Unreviewed over {count} hour',
  'backoffice.visits.stuck.rxUnreviewed.other': 'Unreviewed over {count} hours',
  'backoffice.visits.stuck.pharmacyUnclaimed.one': 'Unclaimed by the pharmacy over {count} hour',
  'backoffice.visits.stuck.pharmacyUnclaimed.other': 'Unclaimed by the pharmacy over {count} hours',
  'backoffice.visits.kind.video': 'Video',
  'backoffice.visits.kind.appointment': 'Appointment',
  'backoffice.visits.kind.rx': 'Rx',
  'backoffice.visits.ui.kind': 'Kind',
  'backoffice.visits.ui.allKinds': 'All kinds',
  'backoffice.visits.ui.status': 'Status',
  'backoffice.visits.ui.empty': 'No visits match.',
  'backoffice.visits.ui.col.ref': 'Reference',
  'backoffice.visits.ui.col.kind': 'Kind',
  'backoffice.visits.ui.col.status': 'Status',
  'backoffice.visits.ui.col.patient': 'Patient',
  'backoffice.visits.ui.col.state': 'State',
  'backoffice.visits.ui.col.who': 'Provider or pharmacy',
  'backoffice.visits.ui.col.age': 'Age',
  'backoffice.visits.ui.col.stuck': 'Stuck',
  'backoffice.visits.ui.minutes': '{minutes} min',
  'backoffice.visits.ui.cancel': 'Cancel and refund',
  'backoffice.visits.ui.noteLeadRx':
    'The patient reads it in the visit and by text. A prepaid visit goes back to the patient.',
  'backoffice.visits.ui.reassign': 'Reassign',
  'backoffice.visits.ui.back': 'Back',
  'backoffice.visits.ui.note': 'Note for the patient',
  'backoffice.visits.ui.noteLead': 'The patient reads it in the visit and by text.',
  'backoffice.visits.ui.confirmCancel': 'Cancel visit {ref} and refund it in full?',
  'backoffice.visits.ui.confirmReassign': 'Put visit {ref} back in the line for any provider?',
  'backoffice.visits.ui.cancelled': 'Visit {ref} was cancelled and refunded.',
  'backoffice.visits.ui.reassigned': 'Visit {ref} is back in the line.',
  'backoffice.visits.ui.previous': 'Previous page',
  'backoffice.visits.ui.next': 'Next page',
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
  'backoffice.visits.rx.pharmacyClaimed':
    'Una farmacia ya tomó esta receta ({pharmacyStatus}): no se puede cancelar aquí. Consulte a la farmacia.',
  'backoffice.visits.rx.pharmacyWorking':
    'Una farmacia está atendiendo esta receta ({pharmacyStatus}): no se puede cancelar aquí. Consulte a la farmacia.',
  'backoffice.visits.rx.prescribed':
    'La receta ya se escribió y se entregó al paciente: no se puede cancelar.',
  'backoffice.visits.cancelledUnpaidNote': 'Nuestro equipo de soporte canceló su consulta: {note}',
  'backoffice.visits.cancelledPrepaidNote':
    'Nuestro equipo de soporte canceló su consulta y le devolvió su consulta prepagada: {note}',
  'backoffice.visits.stuck.waitingNoProvider.one': 'Esperando más de {count} minuto sin proveedor',
  'backoffice.visits.stuck.waitingNoProvider.other':
    'Esperando más de {count} minutos sin proveedor',
  'backoffice.visits.stuck.rxUnreviewed.one': 'Sin revisar más de {count} hora',
  'backoffice.visits.stuck.rxUnreviewed.other': 'Sin revisar más de {count} horas',
  'backoffice.visits.stuck.pharmacyUnclaimed.one':
    'Sin reclamar por la farmacia más de {count} hora',
  'backoffice.visits.stuck.pharmacyUnclaimed.other':
    'Sin reclamar por la farmacia más de {count} horas',
  'backoffice.visits.kind.video': 'Video',
  'backoffice.visits.kind.appointment': 'Cita',
  'backoffice.visits.kind.rx': 'Rx',
  'backoffice.visits.ui.kind': 'Tipo',
  'backoffice.visits.ui.allKinds': 'Todos los tipos',
  'backoffice.visits.ui.status': 'Estado',
  'backoffice.visits.ui.empty': 'Ninguna consulta coincide.',
  'backoffice.visits.ui.col.ref': 'Referencia',
  'backoffice.visits.ui.col.kind': 'Tipo',
  'backoffice.visits.ui.col.status': 'Estado',
  'backoffice.visits.ui.col.patient': 'Paciente',
  'backoffice.visits.ui.col.state': 'Estado (EE. UU.)',
  'backoffice.visits.ui.col.who': 'Proveedor o farmacia',
  'backoffice.visits.ui.col.age': 'Antigüedad',
  'backoffice.visits.ui.col.stuck': 'Detenida',
  'backoffice.visits.ui.minutes': '{minutes} min',
  'backoffice.visits.ui.cancel': 'Cancelar y reembolsar',
  'backoffice.visits.ui.noteLeadRx':
    'El paciente la lee en la consulta y por mensaje de texto. Una consulta prepagada se le devuelve al paciente.',
  'backoffice.visits.ui.reassign': 'Reasignar',
  'backoffice.visits.ui.back': 'Volver',
  'backoffice.visits.ui.note': 'Nota para el paciente',
  'backoffice.visits.ui.noteLead': 'El paciente la lee en la consulta y por mensaje de texto.',
  'backoffice.visits.ui.confirmCancel': '¿Cancelar la consulta {ref} y reembolsarla por completo?',
  'backoffice.visits.ui.confirmReassign':
    '¿Devolver la consulta {ref} a la fila para cualquier proveedor?',
  'backoffice.visits.ui.cancelled': 'La consulta {ref} se canceló y se reembolsó.',
  'backoffice.visits.ui.reassigned': 'La consulta {ref} volvió a la fila.',
  'backoffice.visits.ui.previous': 'Página anterior',
  'backoffice.visits.ui.next': 'Página siguiente',
};

export type BackofficeVisitsMessageKey = keyof typeof en;
export const backofficeVisitsMessages = { en, es };
export { en as backofficeVisitsMessagesEn, es as backofficeVisitsMessagesEs };
