import { describe, expect, it } from 'vitest';
import { paymentErrorCodes } from '../payments/payments.api';
import { errorCodes, isErrorCode } from './error-codes';

describe('error codes', () => {
  it('lists each code once, in the envelope spelling', () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
    for (const code of errorCodes) expect(code).toMatch(/^[A-Z][A-Z_]+$/);
  });

  it('knows the payment codes the web reacts to', () => {
    for (const code of Object.values(paymentErrorCodes)) expect(isErrorCode(code)).toBe(true);
    expect(isErrorCode('SOMETHING_ELSE')).toBe(false);
  });
});
