/**
 * The announcements area's events (platform/events.ts): ids only, never the text.
 */
declare module '../../platform/events' {
  interface AppEvents {
    /** An announcement was posted: the pharmacy logins it reaches are told (notifications). */
    'announcements.published': { announcementId: string; accountIds: string[] };
  }
}

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** Find whom a new announcement reaches and tell them (ids only). */
    'announcements.notify': { announcementId: string };
  }
}

export const announcementEventNames = { published: 'announcements.published' } as const;
