/**
 * The rx-forms area's events (platform/events.ts): ids only, never the form or the designee.
 */
declare module '../../platform/events' {
  interface AppEvents {
    /** A pharmacy asks the visit's account holder to sign a form (notifications tell them). */
    'rxForms.requested': { formRequestId: string; accountId: string };
  }
}

export const rxFormsEventNames = { requested: 'rxForms.requested' } as const;
