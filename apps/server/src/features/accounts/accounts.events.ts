/**
 * The accounts area's events (platform/events.ts). Ids and states only: the address is the
 * truncated prefix (IPv4 /24, IPv6 /48), never the whole address, and never the login id or
 * anything typed as a password.
 */
declare module '../../platform/events' {
  interface AppEvents {
    /**
     * A login of a known account succeeded or failed (wrong password, disabled, expired, wrong
     * two-factor code, too many attempts). The pharmacy's analytics keep its staff's history.
     */
    'accounts.loginAttempted': {
      accountId: string;
      role: string;
      organizationType: string | null;
      organizationId: string | null;
      outcome: 'success' | 'failure';
      reason: string | null;
      platform: string | null;
      ipPrefix: string | null;
      /** ISO instant of the attempt. */
      at: string;
    };
  }
}

export const accountsEventNames = { loginAttempted: 'accounts.loginAttempted' } as const;
