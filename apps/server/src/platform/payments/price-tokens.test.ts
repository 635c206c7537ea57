import { describe, expect, it } from 'vitest';
import { signPriceToken, verifyPriceToken } from './price-tokens';

describe('price tokens', () => {
  const claim = {
    accountId: 'a1',
    price: 3900,
    source: 'coupon' as const,
    code: 'SAVE20',
    expiresAt: 2_000,
  };

  it('round-trips a claim before it expires', () => {
    expect(verifyPriceToken(signPriceToken(claim, 's'), 's', 1_000)).toEqual(claim);
  });

  it('refuses an expired token, another secret, and a changed price', () => {
    const token = signPriceToken(claim, 's');
    expect(verifyPriceToken(token, 's', 2_000)).toBeUndefined();
    expect(verifyPriceToken(token, 'other', 1_000)).toBeUndefined();
    const [, mac] = token.split('.');
    const cheaper = Buffer.from(JSON.stringify({ ...claim, price: 1 })).toString('base64url');
    expect(verifyPriceToken(`${cheaper}.${mac}`, 's', 1_000)).toBeUndefined();
    expect(verifyPriceToken('garbage', 's', 1_000)).toBeUndefined();
  });
});
