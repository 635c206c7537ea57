import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import type { PrepayOffer, RedemptionState } from '@apothecall/domain/prepay/prepay.api';

/**
 * What a held prepay code (an access token or a program code) changes in the Rx
 * flow: the treatments offered, the pharmacies offered, and how the visit card names the
 * token's state. An offer's empty list means "any".
 */
type OfferLimits = Pick<PrepayOffer, 'productIds' | 'pharmacies'>;

/** Whether the offer pays for this treatment (no offer, or an empty list: any). */
export function offerCoversProduct(offer: OfferLimits | null, productId: string): boolean {
  if (!offer || offer.productIds.length === 0) return true;
  return offer.productIds.includes(productId);
}

/** The catalogue's treatments the offer pays for, in the catalogue's order. */
export function productsForOffer<P extends { readonly id: string }>(
  products: readonly P[],
  offer: OfferLimits | null,
): P[] {
  return products.filter((product) => offerCoversProduct(offer, product.id));
}

/**
 * The pharmacies the pharmacy step offers: with a restriction, those of the state's list the
 * offer names (in the state list's order), and 'No pharmacy' is not offered, since the
 * prescription must go to one of them; without one, the state's list and 'No pharmacy'.
 */
export function pharmaciesForOffer<P extends { readonly id: string }>(
  stateList: readonly P[],
  offer: OfferLimits | null,
): { readonly restricted: boolean; readonly list: P[]; readonly allowNone: boolean } {
  if (!offer || offer.pharmacies.length === 0) {
    return { restricted: false, list: [...stateList], allowNone: true };
  }
  const allowed = new Set(offer.pharmacies.map((pharmacy) => pharmacy.id));
  return {
    restricted: true,
    list: stateList.filter((pharmacy) => allowed.has(pharmacy.id)),
    allowNone: false,
  };
}

/** The label of a prepaid visit's token state ('released': the visit went back, cancelled). */
export function prepayStateLabelKey(state: RedemptionState): MessageKey {
  switch (state) {
    case 'claimed':
      return 'prepay.token.state.claimed';
    case 'claimedWithRx':
      return 'prepay.token.state.claimedWithRx';
    case 'denied':
      return 'prepay.token.state.denied';
    case 'released':
      return 'prepayRedeem.state.released';
  }
}

/** What the visit card adds under the state: a denial credited the visit back to the program. */
export function prepayStateNoteKey(state: RedemptionState): MessageKey | null {
  return state === 'denied' ? 'prepayRedeem.visit.creditedBack' : null;
}
