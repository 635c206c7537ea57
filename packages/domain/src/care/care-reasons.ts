/**
 * The care reasons a patient can choose on Get Care (spec section 2, "Choose a care reason").
 * Typed data; the labels live in care.messages.ts (en and es).
 */
import type { careMessages } from './care.messages';

export type CareMessageKey = keyof typeof careMessages.en;

export const careReasonIds = [
  'fever',
  'soreThroat',
  'earPain',
  'pinkEye',
  'coughCold',
  'urinaryTractInfection',
  'refillMedications',
  'covidCertification',
] as const;

export type CareReasonId = (typeof careReasonIds)[number];

export interface CareReason {
  readonly id: CareReasonId;
  readonly labelKey: CareMessageKey;
}

export const careReasons: readonly CareReason[] = [
  { id: 'fever', labelKey: 'care.reason.fever' },
  { id: 'soreThroat', labelKey: 'care.reason.soreThroat' },
  { id: 'earPain', labelKey: 'care.reason.earPain' },
  { id: 'pinkEye', labelKey: 'care.reason.pinkEye' },
  { id: 'coughCold', labelKey: 'care.reason.coughCold' },
  { id: 'urinaryTractInfection', labelKey: 'care.reason.urinaryTractInfection' },
  { id: 'refillMedications', labelKey: 'care.reason.refillMedications' },
  { id: 'covidCertification', labelKey: 'care.reason.covidCertification' },
];

export function isCareReasonId(value: unknown): value is CareReasonId {
  return typeof value === 'string' && (careReasonIds as readonly string[]).includes(value);
}
