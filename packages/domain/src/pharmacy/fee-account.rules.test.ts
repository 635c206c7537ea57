import { describe, expect, it } from 'vitest';
import { crossedLowFeeBalance, isFeeBalanceLow } from './fee-account.rules';

describe('fee account', () => {
  it('is low under five fees', () => {
    expect(isFeeBalanceLow(2500, 500)).toBe(false);
    expect(isFeeBalanceLow(2499, 500)).toBe(true);
  });
  it('crosses once, on the movement that goes under', () => {
    expect(crossedLowFeeBalance(2500, 2000, 500)).toBe(true);
    expect(crossedLowFeeBalance(2000, 1500, 500)).toBe(false);
    expect(crossedLowFeeBalance(3500, 3000, 500)).toBe(false);
  });
});
