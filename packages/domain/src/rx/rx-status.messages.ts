/**
 * Patient-facing and pharmacy-side Rx visit status texts and prompts (spec section 4).
 * The patient texts of section 4 are given in lower case in the spec; they are shown here in
 * sentence case. Pharmacy hints are the "meaning" column of the pharmacy-side status table.
 */
const en = {
  'rxStatus.received': 'Your {name} visit of {date}: {status}',
  'rxStatus.receivedRef': 'Visit {ref}: {status}',
  // Patient-facing texts, one per status
  'rxStatus.patient.waiting': 'Pending medical review',
  'rxStatus.patient.started': 'Medical review in progress',
  'rxStatus.patient.ended': 'Medical review in progress',
  'rxStatus.patient.exit': 'Additional information requested',
  'rxStatus.patient.voided': 'Prescription cannot be filled',
  'rxStatus.patient.unclaimed': 'Awaiting pharmacy processing',
  'rxStatus.patient.contacted': 'Pharmacy awaiting your response',
  'rxStatus.patient.review': 'Pharmacy awaiting prescriber review',
  'rxStatus.patient.pendingMedPayment': 'Authorized pending medication payment',
  'rxStatus.patient.claimed': 'Pharmacy processing',
  'rxStatus.patient.denied': 'Awaiting pharmacy action',
  'rxStatus.patient.approved': 'Awaiting pharmacy action',
  'rxStatus.patient.ready': 'Ready for pickup',
  'rxStatus.patient.shipped': 'Shipped',
  'rxStatus.patient.picked-up': 'Picked up',
  'rxStatus.patient.delivered': 'Delivered',
  'rxStatus.patient.refund': 'Refunded',
  'rxStatus.patient.rxed': 'Prescription written',
  'rxStatus.patient.cancel': 'Cancelled',
  // Pharmacy-side labels (including the display-only statuses)
  'rxStatus.pharmacy.label.cancel': 'Cancelled',
  'rxStatus.pharmacy.label.voided': 'Voided',
  'rxStatus.pharmacy.label.denied': 'Denied',
  'rxStatus.pharmacy.label.unclaimed': 'Unclaimed',
  'rxStatus.pharmacy.label.contacted': 'Contacted',
  'rxStatus.pharmacy.label.review': 'Review',
  'rxStatus.pharmacy.label.approved': 'Approved',
  'rxStatus.pharmacy.label.claimed': 'Claimed',
  'rxStatus.pharmacy.label.ready': 'Ready',
  'rxStatus.pharmacy.label.shipped': 'Shipped',
  'rxStatus.pharmacy.label.picked-up': 'Picked up',
  'rxStatus.pharmacy.label.delivered': 'Delivered',
  'rxStatus.pharmacy.label.transmitted': 'Transmitted',
  'rxStatus.pharmacy.label.ERROR': 'Error',
  'rxStatus.pharmacy.label.Transmit-Error': 'Transmit error',
  // Pharmacy-side assign hints (the meaning of each status)
  'rxStatus.pharmacy.hint.cancel': 'The visit was cancelled.',
  'rxStatus.pharmacy.hint.voided':
    'Visit cannot be processed (patient declined or cannot be contacted).',
  'rxStatus.pharmacy.hint.denied':
    'The change request was denied. The existing prescription can still be claimed.',
  'rxStatus.pharmacy.hint.unclaimed': 'Prescription available to claim and download.',
  'rxStatus.pharmacy.hint.contacted': 'Patient contacted. Used to track progress.',
  'rxStatus.pharmacy.hint.review':
    'A request to change the prescription. Only available before the visit is claimed. Only dosing changes are accepted.',
  'rxStatus.pharmacy.hint.approved': 'Prescription changed. The new one can be claimed.',
  'rxStatus.pharmacy.hint.claimed':
    'The pharmacy claims the visit and the legal prescription becomes downloadable. A fee is deducted from the prepay account after confirmation.',
  'rxStatus.pharmacy.hint.ready': 'Ready for pickup. A note is allowed.',
  'rxStatus.pharmacy.hint.shipped': 'Shipped. A note is allowed.',
  'rxStatus.pharmacy.hint.picked-up': 'Picked up. A note is allowed.',
  'rxStatus.pharmacy.hint.delivered': 'Delivered. A note is allowed.',
  // Pharmacy-side prompts and buttons
  'rxStatus.pharmacy.prompt.contacted': 'Please enter note from patient contact.',
  'rxStatus.pharmacy.prompt.review':
    'Please Enter reason for your request to change the prescription. Only dosing change will be accepted.',
  'rxStatus.pharmacy.prompt.voided': 'Please enter the reason the visit cannot be processed.',
  'rxStatus.pharmacy.prompt.optionalNote': 'You may add a note.',
  'rxStatus.pharmacy.submitPayment': 'Submit Payment',
  'rxStatus.pharmacy.statusChanged': 'Status changed',
  'rxStatus.pharmacy.noteRequired': 'Please enter a note for this status change.',
  'rxStatus.pharmacy.noteNotAccepted': 'This status change does not take a note.',
  'rxStatus.pharmacy.changeNotAllowed': 'The status cannot be changed from {from} to {to}.',
} as const;

const es: Record<keyof typeof en, string> = {
  'rxStatus.received': 'Su consulta de {name} del {date}: {status}',
  'rxStatus.receivedRef': 'Consulta {ref}: {status}',
  'rxStatus.patient.waiting': 'Pendiente de revisión médica',
  'rxStatus.patient.started': 'Revisión médica en curso',
  'rxStatus.patient.ended': 'Revisión médica en curso',
  'rxStatus.patient.exit': 'Se solicita información adicional',
  'rxStatus.patient.voided': 'La receta no se puede surtir',
  'rxStatus.patient.unclaimed': 'En espera de procesamiento por la farmacia',
  'rxStatus.patient.contacted': 'La farmacia espera su respuesta',
  'rxStatus.patient.review': 'La farmacia espera la revisión del prescriptor',
  'rxStatus.patient.pendingMedPayment': 'Autorizada, pendiente del pago del medicamento',
  'rxStatus.patient.claimed': 'La farmacia la está procesando',
  'rxStatus.patient.denied': 'En espera de acción de la farmacia',
  'rxStatus.patient.approved': 'En espera de acción de la farmacia',
  'rxStatus.patient.ready': 'Lista para recoger',
  'rxStatus.patient.shipped': 'Enviada',
  'rxStatus.patient.picked-up': 'Recogida',
  'rxStatus.patient.delivered': 'Entregada',
  'rxStatus.patient.refund': 'Reembolsada',
  'rxStatus.patient.rxed': 'Receta emitida',
  'rxStatus.patient.cancel': 'Cancelada',
  'rxStatus.pharmacy.label.cancel': 'Cancelada',
  'rxStatus.pharmacy.label.voided': 'Anulada',
  'rxStatus.pharmacy.label.denied': 'Denegada',
  'rxStatus.pharmacy.label.unclaimed': 'Sin reclamar',
  'rxStatus.pharmacy.label.contacted': 'Contactado',
  'rxStatus.pharmacy.label.review': 'En revisión',
  'rxStatus.pharmacy.label.approved': 'Aprobada',
  'rxStatus.pharmacy.label.claimed': 'Reclamada',
  'rxStatus.pharmacy.label.ready': 'Lista',
  'rxStatus.pharmacy.label.shipped': 'Enviada',
  'rxStatus.pharmacy.label.picked-up': 'Recogida',
  'rxStatus.pharmacy.label.delivered': 'Entregada',
  'rxStatus.pharmacy.label.transmitted': 'Transmitida',
  'rxStatus.pharmacy.label.ERROR': 'Error',
  'rxStatus.pharmacy.label.Transmit-Error': 'Error de transmisión',
  'rxStatus.pharmacy.hint.cancel': 'La consulta fue cancelada.',
  'rxStatus.pharmacy.hint.voided':
    'La consulta no se puede procesar (el paciente la rechazó o no se le puede contactar).',
  'rxStatus.pharmacy.hint.denied':
    'Se denegó la solicitud de cambio. La receta existente todavía se puede reclamar.',
  'rxStatus.pharmacy.hint.unclaimed': 'Receta disponible para reclamar y descargar.',
  'rxStatus.pharmacy.hint.contacted': 'Se contactó al paciente. Sirve para dar seguimiento.',
  'rxStatus.pharmacy.hint.review':
    'Una solicitud de cambio de la receta. Solo está disponible antes de reclamar la consulta. Solo se aceptan cambios de dosis.',
  'rxStatus.pharmacy.hint.approved': 'La receta cambió. La nueva se puede reclamar.',
  'rxStatus.pharmacy.hint.claimed':
    'La farmacia reclama la consulta y la receta legal se puede descargar. Se descuenta una tarifa de la cuenta de prepago tras la confirmación.',
  'rxStatus.pharmacy.hint.ready': 'Lista para recoger. Se permite agregar una nota.',
  'rxStatus.pharmacy.hint.shipped': 'Enviada. Se permite agregar una nota.',
  'rxStatus.pharmacy.hint.picked-up': 'Recogida. Se permite agregar una nota.',
  'rxStatus.pharmacy.hint.delivered': 'Entregada. Se permite agregar una nota.',
  'rxStatus.pharmacy.prompt.contacted': 'Ingrese la nota del contacto con el paciente.',
  'rxStatus.pharmacy.prompt.review':
    'Ingrese el motivo de su solicitud de cambio de la receta. Solo se aceptarán cambios de dosis.',
  'rxStatus.pharmacy.prompt.voided':
    'Ingrese el motivo por el que no se puede procesar la consulta.',
  'rxStatus.pharmacy.prompt.optionalNote': 'Puede agregar una nota.',
  'rxStatus.pharmacy.submitPayment': 'Enviar pago',
  'rxStatus.pharmacy.statusChanged': 'Estado cambiado',
  'rxStatus.pharmacy.noteRequired': 'Ingrese una nota para este cambio de estado.',
  'rxStatus.pharmacy.noteNotAccepted': 'Este cambio de estado no admite una nota.',
  'rxStatus.pharmacy.changeNotAllowed': 'El estado no puede cambiar de {from} a {to}.',
};

export const rxStatusMessages = { en, es };
export { en as rxStatusMessagesEn, es as rxStatusMessagesEs };
export type RxStatusMessageKey = keyof typeof en;
