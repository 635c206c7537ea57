import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { describe, expect, it } from 'vitest';
import { treatmentNames } from './redeem-code';

describe("the offer's treatments", () => {
  const t = (key: MessageKey) => `[${key}]`;

  it('are named from the catalogue, an unknown id as given', () => {
    expect(treatmentNames(['cialis', 'mystery'], t)).toEqual([
      '[rx.product.cialis.name]',
      'mystery',
    ]);
  });

  it('are none listed when the offer pays for any treatment', () => {
    expect(treatmentNames([], t)).toEqual([]);
  });
});
