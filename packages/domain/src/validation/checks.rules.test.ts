import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import { validateZip } from '../places/address.rules';

describe('messages', () => {
  it("reuses 'Required information' from common.required", () => {
    expect(translate('en', 'common.required')).toBe('Required information');
    expect(validateZip(undefined)).toEqual({ ok: false, key: 'common.required' });
  });
});
