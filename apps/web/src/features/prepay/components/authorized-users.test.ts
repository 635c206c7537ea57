import { describe, expect, it } from 'vitest';
import { isMessageKey, loadLanguage, loadScreenTexts } from '../../../lib/i18n';
import {
  checkUserRows,
  isBlankRow,
  newUserRow,
  rowsFromUsers,
  type UserRow,
} from './authorized-users';

await loadLanguage('en');
await loadScreenTexts();

const row = (email: string, visitLimit: string | number = 0): UserRow => ({
  ...newUserRow(),
  email,
  visitLimit,
});

describe('the authorized users editor', () => {
  it("turns the server's list into rows with distinct keys, keeping the visits used", () => {
    const rows = rowsFromUsers([
      { email: 'ana@sunrise.test', visitLimit: 3, visitsUsed: 1 },
      { email: 'bo@sunrise.test', visitLimit: 0, visitsUsed: 0 },
    ]);
    expect(rows.map((r) => [r.email, r.visitLimit, r.visitsUsed])).toEqual([
      ['ana@sunrise.test', 3, 1],
      ['bo@sunrise.test', 0, 0],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(2);
  });

  it('sends the whole list, trimmed, with limits as numbers (0 = none) and blank rows dropped', () => {
    const result = checkUserRows(
      [row(' ana@sunrise.test ', '3'), newUserRow(), row('bo@sunrise.test', '')],
      isMessageKey,
    );
    expect(result).toEqual({
      ok: true,
      request: {
        allowedUsers: [
          { email: 'ana@sunrise.test', visitLimit: 3 },
          { email: 'bo@sunrise.test', visitLimit: 0 },
        ],
      },
    });
  });

  it('sends an empty list when every row was removed or left blank', () => {
    expect(checkUserRows([newUserRow()], isMessageKey)).toEqual({
      ok: true,
      request: { allowedUsers: [] },
    });
    expect(isBlankRow({ email: ' ', visitLimit: '' })).toBe(true);
    expect(isBlankRow({ email: '', visitLimit: 2 })).toBe(false);
  });

  it('marks the row whose e-mail or limit is wrong, by its key', () => {
    const bad = row('not-an-email');
    const limit = row('cy@sunrise.test', '2.5');
    const fine = row('ana@sunrise.test');
    const result = checkUserRows([fine, bad, limit], isMessageKey);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.rows[bad.key]?.email).toEqual({ key: 'validation.email.invalid' });
    expect(result.rows[limit.key]?.visitLimit?.key).toBe('prepayUi.form.wholeNumber');
    expect(result.rows[fine.key]).toBeUndefined();
  });

  it('refuses the same e-mail twice (without case) on the later row', () => {
    const first = row('ana@sunrise.test');
    const again = row('ANA@sunrise.test ');
    const result = checkUserRows([first, again], isMessageKey);
    expect(!result.ok && result.rows[again.key]?.email).toEqual({
      key: 'prepay.users.duplicate',
      params: { email: 'ANA@sunrise.test' },
    });
    expect(!result.ok && result.rows[first.key]).toBeFalsy();
  });

  it('refuses a row with a limit but no e-mail', () => {
    const orphan = row('', 4);
    const result = checkUserRows([orphan], isMessageKey);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.rows[orphan.key]?.email?.key).toMatch(
      /^(common\.required|validation\.email\.invalid)$/,
    );
  });
});
