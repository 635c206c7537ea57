/**
 * The prepay area's events (platform/events.ts): ids and amounts only, never a patient.
 */
declare module '../../platform/events' {
  interface AppEvents {
    /** A program's balance fell under its limit: its holder's devices are told. */
    'prepay.lowBalance': { programId: string; accountId: string; balance: number };
  }
}

export const prepayEventNames = { lowBalance: 'prepay.lowBalance' } as const;
