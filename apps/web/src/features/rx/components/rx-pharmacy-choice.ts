import type { RxPharmacyChoice } from '@apothecall/domain/pharmacy/pharmacy-portal.api';

/**
 * Where the prescription of an Rx visit goes (the flow's pharmacy step): the pharmacy of the Rx
 * link the patient came through (fixed), a verified pharmacy taking the patient's state, or none
 * (the patient takes the prescription to a pharmacy themselves).
 */
export type RxPharmacyPick =
  | {
      readonly kind: 'link';
      readonly linkId: string;
      readonly pharmacy: { id: string; name: string };
    }
  | { readonly kind: 'pharmacy'; readonly pharmacy: RxPharmacyChoice }
  | { readonly kind: 'none' };

/** The radio value of 'No pharmacy' (pharmacy ids are never empty, so '' cannot clash). */
export const noPharmacyValue = 'none:';

/**
 * What the step starts with: the earlier choice while its pharmacy is still offered for this
 * state; else the brand's own pharmacy when it is one of those offered (a pharmacy's white
 * label); else 'No pharmacy' when none is offered; else nothing (the patient chooses).
 */
export function initialPharmacyValue(
  pharmacies: readonly RxPharmacyChoice[],
  brandId: string | null,
  previous: RxPharmacyPick | null,
): string | null {
  if (previous?.kind === 'none') return noPharmacyValue;
  if (previous?.kind === 'pharmacy' && pharmacies.some((p) => p.id === previous.pharmacy.id)) {
    return previous.pharmacy.id;
  }
  if (brandId && pharmacies.some((p) => p.id === brandId)) return brandId;
  return pharmacies.length === 0 ? noPharmacyValue : null;
}

/** The choice a radio value stands for (null: not one of the offered values). */
export function pickOf(
  value: string | null,
  pharmacies: readonly RxPharmacyChoice[],
): RxPharmacyPick | null {
  if (value === noPharmacyValue) return { kind: 'none' };
  const pharmacy = pharmacies.find((p) => p.id === value);
  return pharmacy ? { kind: 'pharmacy', pharmacy } : null;
}

/** The fields the evaluation is submitted with: linkId, or pharmacyId, or neither. */
export function pharmacyFields(
  pick: RxPharmacyPick | null,
): { linkId: string } | { pharmacyId: string } | Record<string, never> {
  if (pick?.kind === 'link') return { linkId: pick.linkId };
  if (pick?.kind === 'pharmacy') return { pharmacyId: pick.pharmacy.id };
  return {};
}

/** The pharmacy's name for the flow's summary; null when the patient chose none. */
export function pharmacyName(pick: RxPharmacyPick | null): string | null {
  if (pick?.kind === 'link' || pick?.kind === 'pharmacy') return pick.pharmacy.name;
  return null;
}

/** '1 Bay St, Miami' (the state is the patient's, already known). */
export function pharmacyAddressLine(pharmacy: RxPharmacyChoice): string {
  return [pharmacy.address, pharmacy.city].filter((part) => part.trim() !== '').join(', ');
}
