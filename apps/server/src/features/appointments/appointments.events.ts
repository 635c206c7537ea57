import type { ReminderKind } from './appointment-reminder.job';

/**
 * The appointments area's events (platform/events.ts): ids only, never the reason or a name.
 */
declare module '../../platform/events' {
  interface AppEvents {
    /** An appointment's reminder went out: the patient's devices are told too. */
    'appointments.reminderDue': { appointmentId: string; accountId: string; kind: ReminderKind };
  }
}

export const appointmentsEventNames = { reminderDue: 'appointments.reminderDue' } as const;
