import { redemptionStates } from '@apothecall/domain/prepay/prepay.api';
import { describe, expect, it } from 'vitest';
import {
  offerCoversProduct,
  pharmaciesForOffer,
  prepayStateLabelKey,
  prepayStateNoteKey,
  productsForOffer,
} from './rx-prepay';

const products = [{ id: 'cialis' }, { id: 'viagra' }, { id: 'travel' }];
const sunrise = { id: 'sunrise', name: 'Sunrise Pharmacy' };
const bayside = { id: 'bayside', name: 'Bayside Drugs' };
const corner = { id: 'corner', name: 'Corner Drugs' };
const any = { productIds: [], pharmacies: [] };

describe('a held prepay code in the Rx flow', () => {
  it('offers every treatment without an offer or with an empty list', () => {
    expect(productsForOffer(products, null)).toEqual(products);
    expect(productsForOffer(products, any)).toEqual(products);
    expect(offerCoversProduct(any, 'anything')).toBe(true);
  });

  it("offers only the offer's treatments, in the catalogue's order", () => {
    const offer = { productIds: ['travel', 'cialis', 'unknown'], pharmacies: [] };
    expect(productsForOffer(products, offer).map((p) => p.id)).toEqual(['cialis', 'travel']);
    expect(offerCoversProduct(offer, 'viagra')).toBe(false);
    expect(productsForOffer(products, { productIds: ['unknown'], pharmacies: [] })).toEqual([]);
  });

  it("offers the state's pharmacies and 'No pharmacy' when the offer names none", () => {
    expect(pharmaciesForOffer([sunrise, bayside], null)).toEqual({
      restricted: false,
      list: [sunrise, bayside],
      allowNone: true,
    });
    expect(pharmaciesForOffer([sunrise], any).allowNone).toBe(true);
  });

  it("offers only the state's pharmacies the offer names, and never 'No pharmacy'", () => {
    const offer = { productIds: [], pharmacies: [corner, sunrise] };
    expect(pharmaciesForOffer([bayside, sunrise, corner], offer)).toEqual({
      restricted: true,
      list: [sunrise, corner],
      allowNone: false,
    });
    // None of them takes this state: nothing is left to choose.
    expect(pharmaciesForOffer([bayside], offer)).toEqual({
      restricted: true,
      list: [],
      allowNone: false,
    });
  });

  it('names every redemption state, released as returned to the program', () => {
    expect(redemptionStates.map(prepayStateLabelKey)).toEqual([
      'prepay.token.state.claimed',
      'prepay.token.state.claimedWithRx',
      'prepay.token.state.denied',
      'prepayRedeem.state.released',
    ]);
  });

  it('says a denied visit was credited back, and nothing for the other states', () => {
    expect(prepayStateNoteKey('denied')).toBe('prepayRedeem.visit.creditedBack');
    expect(prepayStateNoteKey('claimed')).toBeNull();
    expect(prepayStateNoteKey('claimedWithRx')).toBeNull();
    expect(prepayStateNoteKey('released')).toBeNull();
  });
});
