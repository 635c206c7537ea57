import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import type { PrepayOffer } from '@apothecall/domain/prepay/prepay.api';
import { describe, expect, it } from 'vitest';
import { checkTypedCode, heldPrepayOf } from './prepay-offer';

const offer: PrepayOffer = {
  programName: 'Sunrise Pharmacy visits',
  kind: 'program',
  checkoutMessage: '',
  priceMsg: 'Pay $5 at pick-up',
  patientAmt: 500,
  productIds: [],
  pharmacies: [{ id: 'sunrise', name: 'Sunrise Pharmacy' }],
};

describe("the held code's offer", () => {
  it('is read with the contract', () => {
    expect(heldPrepayOf({ code: 'ABCD2345WXYZ', offer })).toEqual({ code: 'ABCD2345WXYZ', offer });
  });

  it('reads as not checked yet when the stored offer does not fit the contract', () => {
    expect(heldPrepayOf({ code: 'ABCD2345WXYZ', offer: { programName: 7 } })).toEqual({
      code: 'ABCD2345WXYZ',
      offer: null,
    });
    expect(heldPrepayOf({ code: 'ABCD2345WXYZ', offer: null })?.offer).toBeNull();
    expect(heldPrepayOf(null)).toBeNull();
  });
});

const keys = new Set(['common.required', 'validation.token.length', 'validation.token.characters']);
const isKey = (key: string): key is MessageKey => keys.has(key);

describe('a prepay code typed or opened by link', () => {
  it('is trimmed and put in capitals before it is checked', () => {
    expect(checkTypedCode('  abcd2345wxyz ', isKey)).toEqual({ ok: true, code: 'ABCD2345WXYZ' });
  });

  it('is refused with the rule that failed: empty, length, forbidden characters', () => {
    expect(checkTypedCode('   ', isKey)).toEqual({ ok: false, key: 'common.required' });
    expect(checkTypedCode('ABCD2345', isKey)).toEqual({
      ok: false,
      key: 'validation.token.length',
    });
    expect(checkTypedCode('ABCD2345WXY?', isKey)).toEqual({
      ok: false,
      key: 'validation.token.characters',
    });
  });

  it('falls back to the length message when the schema gives no catalogue key', () => {
    expect(checkTypedCode('', (key: string): key is MessageKey => key === 'none')).toEqual({
      ok: false,
      key: 'validation.token.length',
    });
  });
});
