/**
 * US states and where each kind of service is offered (spec sections 1, 3 and 9).
 *
 * Decisions where the spec is silent (see docs/rules.md):
 * - The state list is the 50 states plus DC (DC appears in the spec's own lists); territories
 *   are not served.
 * - Configured lists that are empty (or absent) fall back to the default state list (FL) — for
 *   the available (consult) states and for the asynchronous-visit states alike.
 * - On-demand visits need the state to be both available (configured list) and staffed for
 *   on-demand visits (FL, TX).
 * - Async visits are refused in the async-only restricted states, unless the state only
 *   requires a first video/call and the patient already had one (options.priorEncounter).
 *   A prior video visit also satisfies a "call" requirement; a call does not satisfy "video".
 * - In-store assessment is offered in every served state except the 11 listed in section 1;
 *   provider licensing is checked when the telemedicine visit it leads to starts.
 * - Roles that count as available everywhere (tester, demo, AllAccess, spec section 6) pass
 *   options.availableEverywhere, which skips the configured lists and the async restriction.
 */
import type { placesMessages } from './places.messages';

/** States offered when the configured available-states list is empty. */
export const defaultStateList = ['FL'] as const;
/** States where on-demand (video now) visits are staffed. */
export const onDemandStates = ['FL', 'TX'] as const;

export type PlacesMessageKey = keyof typeof placesMessages.en;

export const usStateCodes = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
export type UsStateCode = (typeof usStateCodes)[number];

export function isUsStateCode(value: unknown): value is UsStateCode {
  return typeof value === 'string' && (usStateCodes as readonly string[]).includes(value);
}

/** Trims and upper-cases a state code; undefined when it is not a served US state. */
export function normalizeStateCode(value: string): UsStateCode | undefined {
  const code = value.trim().toUpperCase();
  return isUsStateCode(code) ? code : undefined;
}

/** The catalogue key of a state's name ('places.state.FL' -> Florida / Florida). */
export function stateNameKey(code: UsStateCode): PlacesMessageKey {
  return `places.state.${code}`;
}

/** US states with their name keys, in the order of usStateCodes (alphabetical by name). */
export const usStates: readonly {
  readonly code: UsStateCode;
  readonly nameKey: PlacesMessageKey;
}[] = usStateCodes.map((code) => ({ code, nameKey: stateNameKey(code) }));

/**
 * States where gabapentin is a controlled substance or monitored like one (spec section 9).
 */
export const gabapentinRestrictedStates: readonly UsStateCode[] = [
  'AL',
  'KY',
  'MI',
  'ND',
  'TN',
  'VA',
  'WV',
  'CT',
  'KS',
  'MA',
  'IN',
  'DC',
  'NJ',
  'MN',
  'NE',
  'OH',
  'UT',
  'WY',
  'OR',
  'NC',
  'WI',
];

export type TelemedicineMode = 'video' | 'call';
export type RequirementScope = 'firstVisit' | 'everyVisit';

export interface TelemedicineRequirement {
  /** A synchronous video visit, or a phone call with the provider. */
  readonly mode: TelemedicineMode;
  /** Only the first visit ("1st Video", "1st Call") or every visit ("Video", "Call"). */
  readonly scope: RequirementScope;
}

/**
 * Async-only restricted states and their telemedicine requirement (spec section 9):
 * AR 1st Video, DC 1st Call, LA Call, MD 1st Video, MN Video, MS Call, NY Video,
 * OK 1st Video, RI Call, WA 1st Call, WV 1st Call.
 */
export const asyncRestrictedStates = {
  AR: { mode: 'video', scope: 'firstVisit' },
  DC: { mode: 'call', scope: 'firstVisit' },
  LA: { mode: 'call', scope: 'everyVisit' },
  MD: { mode: 'video', scope: 'firstVisit' },
  MN: { mode: 'video', scope: 'everyVisit' },
  MS: { mode: 'call', scope: 'everyVisit' },
  NY: { mode: 'video', scope: 'everyVisit' },
  OK: { mode: 'video', scope: 'firstVisit' },
  RI: { mode: 'call', scope: 'everyVisit' },
  WA: { mode: 'call', scope: 'firstVisit' },
  WV: { mode: 'call', scope: 'firstVisit' },
} as const satisfies Partial<Record<UsStateCode, TelemedicineRequirement>>;

export type AsyncRestrictedState = keyof typeof asyncRestrictedStates;

/** The telemedicine requirement of a state, or undefined when async visits are unrestricted. */
export function telemedicineRequirement(state: string): TelemedicineRequirement | undefined {
  const code = normalizeStateCode(state);
  if (code === undefined || !Object.hasOwn(asyncRestrictedStates, code)) return undefined;
  return asyncRestrictedStates[code as AsyncRestrictedState];
}

/** The catalogue key that explains a requirement ('In {state}, your first visit must be ...'). */
export function requirementMessageKey(requirement: TelemedicineRequirement): PlacesMessageKey {
  return `places.requirement.${requirement.mode}.${requirement.scope}`;
}

/** States where the pharmacy in-store assessment is unavailable (spec section 1). */
export const inStoreAssessmentUnavailableStates: readonly UsStateCode[] = [
  'AR',
  'DC',
  'LA',
  'MD',
  'MN',
  'MS',
  'NY',
  'OK',
  'RI',
  'WA',
  'WV',
];

export type VisitKind = 'onDemand' | 'async' | 'appointment' | 'inStoreAssessment';

export interface ServiceAvailabilityOptions {
  /** Configured available (consult) states; empty or absent -> the default state list. */
  readonly availableStates?: readonly string[];
  /** Configured asynchronous-visit states; empty or absent -> the default state list. */
  readonly asyncStates?: readonly string[];
  /** The patient already had this kind of synchronous encounter in the state. */
  readonly priorEncounter?: TelemedicineMode;
  /** Tester, demo and AllAccess roles count as available everywhere (spec section 6). */
  readonly availableEverywhere?: boolean;
}

export type ServiceAvailability =
  | { readonly offered: true }
  | {
      readonly offered: false;
      readonly reason: PlacesMessageKey;
      readonly params: { readonly state: string };
      /** Set when an async visit is refused because of the state's telemedicine requirement. */
      readonly requirement?: TelemedicineRequirement;
      /** The catalogue key explaining the requirement, when there is one. */
      readonly requirementKey?: PlacesMessageKey;
    };

/** A configured list, upper-cased; the default state list when it is empty or absent. */
export function effectiveStateList(configured: readonly string[] | undefined): readonly string[] {
  const cleaned = (configured ?? []).map((s) => s.trim().toUpperCase()).filter((s) => s !== '');
  return cleaned.length > 0 ? cleaned : defaultStateList;
}

function satisfies(requirement: TelemedicineRequirement, prior: TelemedicineMode | undefined) {
  if (requirement.scope === 'everyVisit' || prior === undefined) return false;
  return prior === 'video' || requirement.mode === 'call';
}

/** Whether a kind of visit is offered in a state, and if not, the message to show. */
export function serviceAvailability(
  state: string,
  visitKind: VisitKind,
  options: ServiceAvailabilityOptions = {},
): ServiceAvailability {
  const code = normalizeStateCode(state);
  const shown = code ?? state.trim();
  const refuse = (
    extra: Pick<
      Extract<ServiceAvailability, { offered: false }>,
      'requirement' | 'requirementKey'
    > = {},
  ): ServiceAvailability => ({
    offered: false,
    reason: 'places.serviceUnavailable',
    params: { state: shown },
    ...extra,
  });
  if (code === undefined) return refuse();
  const everywhere = options.availableEverywhere === true;
  const available = everywhere || effectiveStateList(options.availableStates).includes(code);

  switch (visitKind) {
    case 'appointment':
      return available ? { offered: true } : refuse();
    case 'onDemand':
      return available && (onDemandStates as readonly string[]).includes(code)
        ? { offered: true }
        : refuse();
    case 'async': {
      if (everywhere) return { offered: true };
      if (!effectiveStateList(options.asyncStates).includes(code)) return refuse();
      const requirement = telemedicineRequirement(code);
      if (requirement && !satisfies(requirement, options.priorEncounter)) {
        return refuse({ requirement, requirementKey: requirementMessageKey(requirement) });
      }
      return { offered: true };
    }
    case 'inStoreAssessment':
      return inStoreAssessmentUnavailableStates.includes(code) ? refuse() : { offered: true };
  }
}
