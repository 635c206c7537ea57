/** The brands area's events (platform/events.ts). Ids only. */
declare module '../../platform/events' {
  interface AppEvents {
    /** A brand was created or saved in the back office: every process reads the brands again. */
    'brands.changed': { brandId: string };
  }
}

export {};
