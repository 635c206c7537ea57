import {
  minDependentAgeDefault,
  minRegistrationAgeDefault,
} from '@apothecall/domain/accounts/people.rules';
import type { WhiteLabelResponse } from '@apothecall/domain/brands/brands.api';
import { type ResolvedWhiteLabel, withBrandDefaults } from '@apothecall/domain/brands/brands.rules';
import type { WhiteLabel } from '@apothecall/domain/brands/brands.schemas';
import {
  defaultAutoLogoffMinutes,
  defaultIdleLogoutMs,
} from '@apothecall/domain/session/session.rules';
import { useSyncExternalStore } from 'react';

/**
 * The white-label brand this tab runs under (spec section 4, "White-label") and what the entry
 * link brought with it (spec section 2): the company key (kept in sessionStorage for the tab's
 * session) and the referral code with its itemId (kept in sessionStorage for register and
 * login). Shared by the app shell, the api client and the features, which may not import each
 * other's files.
 */
export const mainBrandId = 'apothecall';
/** The main brand's logo: used while no brand is loaded and when a brand has none. */
export const mainBrandLogo = '/brand/apothecall.svg';

const companyKey = 'apothecall.brand.company';
const referralKey = 'apothecall.entry.referral';

export interface ClientSettings {
  idleLogoutMs: number;
  autoLogoffMinutes: number;
  minRegistrationAge: number;
  minDependentAge: number;
}

export interface BrandState {
  /** False until the white-label answered (the main brand's look is shown meanwhile). */
  loaded: boolean;
  /** The brand id sent in X-App-Params. */
  id: string;
  whiteLabel: ResolvedWhiteLabel<WhiteLabel> | null;
  /** The brand's display name; null until loaded (the app name is shown meanwhile). */
  name: string | null;
  /** The version in the brand's icon addresses; null until loaded (the product's icons). */
  iconVersion: string | null;
  /** The logo to show: the brand's, or the main brand's when it has none. */
  logo: string;
  /** Whether registration is offered (default on). */
  registerEnabled: boolean;
  /** Whether the 'Powered by' attribution is shown (default on). */
  attribution: boolean;
  homePage: string;
  thirdParty: boolean;
  client: ClientSettings;
}

const defaultClient: ClientSettings = {
  idleLogoutMs: defaultIdleLogoutMs,
  autoLogoffMinutes: defaultAutoLogoffMinutes,
  minRegistrationAge: minRegistrationAgeDefault,
  minDependentAge: minDependentAgeDefault,
};

function initialState(): BrandState {
  return {
    loaded: false,
    id: storedCompany() ?? mainBrandId,
    whiteLabel: null,
    name: null,
    iconVersion: null,
    logo: mainBrandLogo,
    registerEnabled: true,
    attribution: true,
    homePage: '/',
    thirdParty: false,
    client: defaultClient,
  };
}

const listeners = new Set<() => void>();
let state: BrandState = initialState();

function emit() {
  for (const listener of listeners) listener();
}

export function getBrand(): BrandState {
  return state;
}

/** The brand id for the X-App-Params header. */
export function currentBrandId(): string {
  return state.id;
}

/** Applies a white-label answer (defaults: register enabled, attribution on). */
export function setBrand(response: WhiteLabelResponse): void {
  const whiteLabel = withBrandDefaults(response.whiteLabel);
  state = {
    loaded: true,
    id: whiteLabel.id,
    whiteLabel,
    name: response.name,
    iconVersion: response.iconVersion,
    logo: whiteLabel.logo?.trim() ? whiteLabel.logo : mainBrandLogo,
    registerEnabled: whiteLabel.register.enabled,
    attribution: whiteLabel.attribution,
    homePage: whiteLabel.homePage,
    thirdParty: response.thirdParty,
    client: response.client,
  };
  emit();
}

/** No brand could be loaded: carry on with the main brand's look and defaults. */
export function markBrandFailed(): void {
  state = { ...state, loaded: true };
  emit();
}

function session(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The company key an entry link named in this tab, if any. */
export function storedCompany(): string | null {
  return session()?.getItem(companyKey) ?? null;
}

export function rememberCompany(company: string): void {
  session()?.setItem(companyKey, company);
}

export function forgetCompany(): void {
  session()?.removeItem(companyKey);
}

export interface EntryReferral {
  code: string;
  itemId?: string;
}

/** The referral code (query `id`) and itemId the entry link carried, for register and login. */
export function getEntryReferral(): EntryReferral | null {
  try {
    const raw = session()?.getItem(referralKey);
    return raw ? (JSON.parse(raw) as EntryReferral) : null;
  } catch {
    return null;
  }
}

export function rememberEntryReferral(referral: EntryReferral): void {
  session()?.setItem(referralKey, JSON.stringify(referral));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The brand as a React value (re-renders when the white-label arrives or changes). */
export function useBrandState(): BrandState {
  return useSyncExternalStore(subscribe, getBrand, getBrand);
}
