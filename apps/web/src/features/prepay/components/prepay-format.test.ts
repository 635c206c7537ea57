import { translate } from '@apothecall/domain/i18n/catalog';
import { accessTokenStates } from '@apothecall/domain/prepay/access-token.rules';
import { prepayEntryKinds, redemptionStates } from '@apothecall/domain/prepay/prepay.api';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { isMessageKey, loadLanguage, loadScreenTexts, translator } from '../../../lib/i18n';
import {
  amountText,
  attemptMayHaveRun,
  balanceText,
  centsToDollars,
  deliveryText,
  dollarsToCents,
  entryKindKeys,
  redemptionStateKeys,
  signedVisits,
  tokenIsChangeable,
  tokenStateKeys,
  tokenUseText,
  totalCents,
  treatmentText,
  visitsText,
  wholeNumber,
} from './prepay-format';

await loadLanguage('en');
await loadScreenTexts();
const en = translator('en', translate);
const es = translator('es', translate);

describe('dollars and cents in the forms', () => {
  it('reads dollars as typed into integer cents, an empty box as 0', () => {
    expect(dollarsToCents('12')).toBe(1200);
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents(' 12.05 ')).toBe(1205);
    expect(dollarsToCents('$1,200.99')).toBe(120099);
    expect(dollarsToCents('.5')).toBe(50);
    expect(dollarsToCents('0')).toBe(0);
    expect(dollarsToCents('')).toBe(0);
    expect(dollarsToCents('   ')).toBe(0);
  });

  it('refuses what is not an amount: letters, negatives, a third decimal', () => {
    for (const bad of ['abc', '-5', '12.345', '1.2.3', '12,5x', '$', '.']) {
      expect({ bad, cents: dollarsToCents(bad) }).toEqual({ bad, cents: null });
    }
  });

  it('shows cents as an editable dollars box, 0 as empty, and reads it back the same', () => {
    expect(centsToDollars(1250)).toBe('12.50');
    expect(centsToDollars(5)).toBe('0.05');
    expect(centsToDollars(0)).toBe('');
    for (const cents of [1, 99, 100, 1234, 1_000_000]) {
      expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
    }
  });

  it('reads whole-number boxes: empty as the given default, decimals and words as NaN', () => {
    expect(wholeNumber(7, 0)).toBe(7);
    expect(wholeNumber('12', 0)).toBe(12);
    expect(wholeNumber('', 0)).toBe(0);
    expect(wholeNumber('', Number.NaN)).toBeNaN();
    expect(wholeNumber('1.5', 0)).toBeNaN();
    expect(wholeNumber('-3', 0)).toBeNaN();
    expect(wholeNumber('ten', 0)).toBeNaN();
  });

  it('totals visits x price only for a positive whole number of visits', () => {
    expect(totalCents(10, 2500)).toBe(25_000);
    expect(totalCents(0, 2500)).toBeNull();
    expect(totalCents(Number.NaN, 2500)).toBeNull();
    expect(totalCents(2.5, 2500)).toBeNull();
  });

  it('shows a dash for an entry that charged nothing', () => {
    expect(amountText(0, 'en')).toBe('—');
    expect(amountText(12_500, 'en')).toBe('$125.00');
  });
});

describe('labels', () => {
  it('has a catalogue text for every token state, redemption state and entry kind', () => {
    for (const state of accessTokenStates) expect(isMessageKey(tokenStateKeys[state])).toBe(true);
    for (const state of redemptionStates) {
      expect(isMessageKey(redemptionStateKeys[state])).toBe(true);
    }
    for (const kind of prepayEntryKinds) expect(isMessageKey(entryKindKeys[kind])).toBe(true);
    expect(en(tokenStateKeys.claimedWithRx)).toBe('Claimed with prescription');
    expect(es(redemptionStateKeys.released)).toBe('Liberado');
  });

  it("counts visits in words by each language's plural rules", () => {
    expect([0, 1, 2, 1.5].map((n) => visitsText(en, n))).toEqual([
      '0 visits',
      '1 visit',
      '2 visits',
      '1.5 visits',
    ]);
    expect([0, 1, 2, 1.5].map((n) => visitsText(es, n))).toEqual([
      '0 consultas',
      '1 consulta',
      '2 consultas',
      '1.5 consultas',
    ]);
    expect(visitsText(en, 12)).toBe('12 visits');
    expect(balanceText(en, 1)).toBe('1 visit left');
    expect(balanceText(en, 0)).toBe('0 visits left');
    expect(balanceText(es, 1)).toBe('Queda 1 consulta');
    expect(balanceText(es, 40)).toBe('Quedan 40 consultas');
  });

  it('signs visits with a plus or a true minus sign', () => {
    expect(signedVisits(10)).toBe('+10');
    expect(signedVisits(-1)).toBe('\u22121');
    expect(signedVisits(0)).toBe('0');
  });

  it('names a treatment by its catalogue name, an unknown one by its id', () => {
    expect(treatmentText(en, 'no-such-product')).toBe('no-such-product');
  });
});

describe('access tokens', () => {
  const token = {
    use: 'single' as const,
    multipleUseIntervalDays: 0,
    state: 'unclaimed' as const,
    claimCount: 0,
  };

  it('says how and where a token was sent, or that it was not', () => {
    expect(deliveryText(en, null, 'en')).toBe('Not sent');
    expect(
      deliveryText(
        en,
        { channel: 'sms', to: '305-555-1234', sentAt: '2025-05-01T15:00:00Z' },
        'en',
      ),
    ).toBe('Sent by SMS to 305-555-1234 on May 1, 2025');
    expect(
      deliveryText(en, { channel: 'email', to: 'ana@example.com', sentAt: '2025-05-01' }, 'en'),
    ).toBe('Sent by e-mail to ana@example.com on May 1, 2025');
    expect(
      deliveryText(es, { channel: 'sms', to: '305-555-1234', sentAt: '2025-05-01' }, 'es'),
    ).toMatch(/^Enviado por SMS a 305-555-1234 el /);
  });

  it('says how a token may be used', () => {
    expect(tokenUseText(en, token)).toBe('Single use');
    expect(tokenUseText(en, { use: 'multiple', multipleUseIntervalDays: 30 })).toBe(
      'Multiple use, 30 days from the first claim',
    );
    expect(tokenUseText(es, { use: 'multiple', multipleUseIntervalDays: 1 })).toBe(
      'Uso múltiple, 1 día desde el primer uso',
    );
    expect(tokenUseText(en, { use: 'multiple', multipleUseIntervalDays: 0 })).toBe(
      'Multiple use, no time limit',
    );
  });

  it('lets only a token nobody claimed be edited or deleted', () => {
    expect(tokenIsChangeable(token)).toBe(true);
    expect(tokenIsChangeable({ ...token, state: 'claimed', claimCount: 1 })).toBe(false);
    expect(tokenIsChangeable({ ...token, state: 'denied', claimCount: 1 })).toBe(false);
    // Unclaimed again after a denial's reuse, but it was claimed once.
    expect(tokenIsChangeable({ ...token, claimCount: 1 })).toBe(false);
  });
});

describe('charge attempts', () => {
  it('keeps the idempotency key when the charge may have run, renews it after a refusal', () => {
    expect(attemptMayHaveRun(new ApiError(0, 'NETWORK', 'offline'))).toBe(true);
    expect(attemptMayHaveRun(new ApiError(502, 'HTTP_ERROR', 'bad gateway'))).toBe(true);
    expect(attemptMayHaveRun(new ApiError(409, 'IN_PROGRESS', 'in progress'))).toBe(true);
    expect(attemptMayHaveRun(new Error('parse'))).toBe(true);
    expect(attemptMayHaveRun(new ApiError(402, 'CARD_DECLINED', 'declined'))).toBe(false);
    expect(attemptMayHaveRun(new ApiError(400, 'VALIDATION', 'bad'))).toBe(false);
  });
});
