import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from './accounts.api';

describe('loginRequestSchema', () => {
  const valid = {
    loginId: ' patient@apothecall.test ',
    password: 'x',
    platform: 'web',
    version: '1',
  };

  it('accepts the spec payload and trims the login id', () => {
    const parsed = loginRequestSchema.parse({ ...valid, referral: 'FRIEND', asyncLogin: false });
    expect(parsed.loginId).toBe('patient@apothecall.test');
    expect(parsed.referral).toBe('FRIEND');
  });

  it('refuses a missing password with the required-information key', () => {
    const result = loginRequestSchema.safeParse({ ...valid, password: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['password'],
      message: 'common.required',
    });
  });

  it('refuses an unknown platform', () => {
    expect(loginRequestSchema.safeParse({ ...valid, platform: 'fax' }).success).toBe(false);
  });
});
