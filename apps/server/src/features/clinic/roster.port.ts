/** A provider's professional details, printed on notes. */
export interface ProviderProfile {
  suffix: string;
  npi: string;
  credential: Record<string, unknown>;
}

/**
 * What other areas may ask of the clinic (the provider console): who is licensed where, who is
 * on duty, a provider's credentials. Other areas never read the clinic's tables.
 */
export interface RosterPort {
  /** The states a provider is licensed in. */
  licenses(providerId: string): Promise<string[]>;
  /** Providers licensed in a state. */
  licensedIn(state: string): Promise<string[]>;
  /** Providers licensed in the state and on duty now. */
  onDutyCount(state: string): Promise<number>;
  setDuty(providerId: string, onDuty: boolean, at: Date): Promise<void>;
  isOnDuty(providerId: string): Promise<boolean>;
  profile(providerId: string): Promise<ProviderProfile | undefined>;
}
