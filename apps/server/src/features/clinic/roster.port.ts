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
  /**
   * Providers licensed in the state, on duty and present now (a connection of theirs seen within
   * the presence grace): who a patient may wait for.
   */
  onDutyCount(state: string): Promise<number>;
  /** Switching on duty counts as being seen. */
  setDuty(providerId: string, onDuty: boolean, at: Date): Promise<void>;
  /**
   * A connection of the provider was seen (socket heartbeat, authenticated request): written
   * only when on duty and not written in the last ~30 s (one conditional statement).
   */
  seen(providerId: string, at: Date): Promise<void>;
  /** Switches off duty every provider not seen within the grace; the ones switched. */
  expireAbsent(at: Date): Promise<string[]>;
  isOnDuty(providerId: string): Promise<boolean>;
  profile(providerId: string): Promise<ProviderProfile | undefined>;
}
