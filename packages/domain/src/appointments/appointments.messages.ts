/** Appointment dialogs and dictionary messages (spec sections 4 and 8). */
const en = {
  'appointments.notAvailableForVisitType': 'Appointments not available for this type of visit.',
  'appointments.expired': 'Your appointment has expired. Please delete the appointment.',
  'appointments.notInLocation': 'This appointment is not available in the current care location.',
  'appointments.created.title': 'Appointment Created',
  'appointments.created.body':
    'Please return within {minutes} minutes of the appointment time and submit payment to start your visit.',
  'appointments.started': 'Appointment started',
  'appointments.tooEarly':
    'Your appointment can be started {minutes} minutes before the appointment time.',
  'appointments.taken': 'This time was just booked by someone else. Please choose another time.',
  'appointments.notOffered': 'This time is not available. Please choose another time.',
  'appointments.blockHasBookings':
    'This availability has booked appointments ahead. Ask the patients to rebook first.',
  'appointments.blockOverlaps':
    'This time overlaps your availability from {from} to {to} starting {date}. Choose a time that does not overlap, or remove that availability first.',
  'appointments.reminder.subject': 'Your video appointment',
  'appointments.reminder.day':
    'Reminder: your video appointment with {provider} is tomorrow, {when}. Open {link} within {minutes} minutes of the time to pay and start.',
  'appointments.reminder.soon':
    'Your video appointment with {provider} starts at {when}. Open {link} now to pay and start.',
  'appointments.cancelled.subject': 'Your video appointment is cancelled',
  'appointments.cancelled.body':
    'Your video appointment with {provider} on {when} is cancelled. To book another time, open {link}.',
} as const;

const es: Record<keyof typeof en, string> = {
  'appointments.notAvailableForVisitType':
    'Las citas no están disponibles para este tipo de consulta.',
  'appointments.expired': 'Su cita ha vencido. Elimine la cita.',
  'appointments.notInLocation': 'Esta cita no está disponible en la ubicación de atención actual.',
  'appointments.created.title': 'Cita creada',
  'appointments.created.body':
    'Regrese dentro de los {minutes} minutos de la hora de la cita y envíe el pago para iniciar su consulta.',
  'appointments.started': 'Cita iniciada',
  'appointments.tooEarly':
    'Su cita se puede iniciar {minutes} minutos antes de la hora de la cita.',
  'appointments.taken': 'Otra persona acaba de reservar este horario. Elija otro horario.',
  'appointments.notOffered': 'Este horario no está disponible. Elija otro horario.',
  'appointments.blockHasBookings':
    'Esta disponibilidad tiene citas reservadas. Pida a los pacientes que reserven de nuevo primero.',
  'appointments.blockOverlaps':
    'Este horario se superpone con su disponibilidad de {from} a {to} a partir del {date}. Elija un horario que no se superponga o elimine primero esa disponibilidad.',
  'appointments.reminder.subject': 'Su cita por video',
  'appointments.reminder.day':
    'Recordatorio: su cita por video con {provider} es mañana, {when}. Abra {link} dentro de los {minutes} minutos de la hora para pagar e iniciar.',
  'appointments.reminder.soon':
    'Su cita por video con {provider} empieza a las {when}. Abra {link} ahora para pagar e iniciar.',
  'appointments.cancelled.subject': 'Su cita por video fue cancelada',
  'appointments.cancelled.body':
    'Se canceló su cita por video con {provider} del {when}. Para reservar otro horario, abra {link}.',
};

export const appointmentsMessages = { en, es };
export { en as appointmentsMessagesEn, es as appointmentsMessagesEs };
export type AppointmentsMessageKey = keyof typeof en;
