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
};

export const appointmentsMessages = { en, es };
export { en as appointmentsMessagesEn, es as appointmentsMessagesEs };
export type AppointmentsMessageKey = keyof typeof en;
