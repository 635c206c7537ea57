import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError } from '../../platform/errors';

/** A provider's professional details, printed on notes. */
export interface ProviderProfile {
  suffix: string;
  npi: string;
  /** DEA registration number, when they have one. */
  dea?: string | null;
  credential: Record<string, unknown>;
}

/** A provider's profile as the back office lists it. */
export interface ProviderProfileRecord extends ProviderProfile {
  accountId: string;
}

/** A licence of any provider, for the expiry reminders. */
export interface ProviderLicenceRow {
  accountId: string;
  state: string;
  number: string;
  expiresOn: string | null;
}

/** A provider's licence in a state, with whether it is in force now. */
export interface LicenceRecord {
  state: string;
  number: string;
  /** 'YYYY-MM-DD'; null for a licence recorded before expiry dates were kept. */
  expiresOn: string | null;
  inForce: boolean;
}

/**
 * What other areas may ask of the clinic (the provider console): who is licensed where, who is
 * on duty, a provider's credentials. Other areas never read the clinic's tables.
 */
export interface RosterPort {
  /**
   * The states a provider is licensed in now: their licences in force today in each state's own
   * zone (domain clinic/licences.rules). Every queue, claim and review path asks this function
   * (or `standing`, which applies the same rule), so an expired licence stops them everywhere
   * the same day.
   */
  licenses(providerId: string): Promise<string[]>;
  /** Every licence of the provider (in force or not), by state. */
  licenceRecords(providerId: string): Promise<LicenceRecord[]>;
  /** Providers licensed in a state now (licence in force). */
  licensedIn(state: string): Promise<string[]>;
  /**
   * Providers licensed in the state now, on duty and present now (a connection of theirs seen within
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
  /** `licenses` (the same rule) and `isOnDuty` in one read, for the queue's refresh. */
  standing(providerId: string): Promise<{ states: string[]; onDuty: boolean }>;
  profile(providerId: string): Promise<ProviderProfile | undefined>;

  // The back office's providers area.
  /** Every provider profile (who the clinic knows as a provider). */
  profiles(): Promise<ProviderProfileRecord[]>;
  /** The account holding an NPI, if any. */
  npiOwner(npi: string): Promise<string | undefined>;
  /** Creates or replaces a provider's profile. */
  saveProfile(profile: ProviderProfileRecord): Promise<void>;
  /** Adds or replaces the provider's licence in the state. */
  saveLicence(
    accountId: string,
    licence: { state: string; number: string; expiresOn: string },
  ): Promise<void>;
  /** Removes the provider's licence in the state; false when there was none. */
  removeLicence(accountId: string, state: string): Promise<boolean>;
  /** The providers on duty and present now. */
  presentNow(): Promise<string[]>;
  /** Every licence with an expiry date on or before `lastDay` and not before `firstDay`. */
  licencesExpiringBetween(firstDay: string, lastDay: string): Promise<ProviderLicenceRow[]>;
  /**
   * Records that the provider was told about this licence's expiry; false when they already were
   * (one reminder per provider, state and expiry date, whichever process sends it).
   */
  markReminded(accountId: string, state: string, expiresOn: string, at: Date): Promise<boolean>;
}

/**
 * A claim of a visit in a state where the provider's licence has expired: refused
 * with 403 LICENCE_NOT_IN_FORCE naming the state and the expiry date, audited as denied. Returns
 * when the provider never held a licence there (the caller answers "not found", as before).
 * The on-demand claim and the Rx line's claim both call it.
 */
export async function refuseLapsedLicence(
  roster: Pick<RosterPort, 'licenceRecords'>,
  actor: Pick<Actor, 'accountId' | 'ip' | 'requestId'>,
  audit: Pick<AuditService, 'denied'>,
  action: string,
  state: string,
  visitId: string,
): Promise<void> {
  const lapsed = (await roster.licenceRecords(actor.accountId)).find(
    (l) => l.state === state && !l.inForce,
  );
  if (!lapsed) return;
  await audit.denied(actor, action, null, { visitId, reason: 'licence-not-in-force' });
  throw new AppError(403, 'LICENCE_NOT_IN_FORCE', 'care.clinic.licenceNotInForce', {
    state,
    date: lapsed.expiresOn ?? '',
  });
}
