import type { RxPharmacyChoice } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { submitRxEvaluationRequestSchema } from '@apothecall/domain/rx/rx-visits.api';
import { describe, expect, it } from 'vitest';
import {
  initialPharmacyValue,
  noPharmacyValue,
  pharmacyAddressLine,
  pharmacyFields,
  pharmacyName,
  pickOf,
} from './rx-pharmacy-choice';

const sunrise: RxPharmacyChoice = {
  id: 'sunrise-pharmacy',
  name: 'Sunrise Pharmacy',
  address: '1 Bay St',
  city: 'Miami',
  state: 'FL',
  phone: '305-555-0101',
};
const bayside: RxPharmacyChoice = { ...sunrise, id: 'bayside', name: 'Bayside Drugs' };
const offered = [sunrise, bayside];

describe('the Rx flow pharmacy step', () => {
  it("chooses the brand's own pharmacy first when it is offered", () => {
    expect(initialPharmacyValue(offered, 'bayside', null)).toBe('bayside');
    expect(initialPharmacyValue(offered, 'apothecall', null)).toBeNull();
  });

  it('keeps an earlier choice while it is still offered for the state', () => {
    expect(initialPharmacyValue(offered, 'bayside', { kind: 'pharmacy', pharmacy: sunrise })).toBe(
      'sunrise-pharmacy',
    );
    expect(
      initialPharmacyValue([bayside], null, { kind: 'pharmacy', pharmacy: sunrise }),
    ).toBeNull();
    expect(initialPharmacyValue(offered, 'bayside', { kind: 'none' })).toBe(noPharmacyValue);
  });

  it("offers 'No pharmacy' first when no pharmacy takes the state", () => {
    expect(initialPharmacyValue([], 'bayside', null)).toBe(noPharmacyValue);
  });

  it('reads a radio value back as a choice', () => {
    expect(pickOf('bayside', offered)).toEqual({ kind: 'pharmacy', pharmacy: bayside });
    expect(pickOf(noPharmacyValue, offered)).toEqual({ kind: 'none' });
    expect(pickOf('gone', offered)).toBeNull();
    expect(pickOf(null, offered)).toBeNull();
  });

  it('submits pharmacyId, linkId, or neither, as the domain schema takes them', () => {
    const base = {
      patientID: '3f2a9c1e-7b4d-4e1a-9f00-123456789abc',
      productId: 'ldn',
      answers: {},
      state: 'FL',
      idempotencyKey: 'attempt-0001',
    };
    const link = {
      kind: 'link',
      linkId: 'lnk-42',
      pharmacy: { id: 'sunrise-pharmacy', name: 'Sunrise Pharmacy' },
    } as const;
    expect(pharmacyFields({ kind: 'pharmacy', pharmacy: sunrise })).toEqual({
      pharmacyId: 'sunrise-pharmacy',
    });
    expect(pharmacyFields(link)).toEqual({ linkId: 'lnk-42' });
    expect(pharmacyFields({ kind: 'none' })).toEqual({});
    expect(pharmacyFields(null)).toEqual({});
    for (const pick of [link, { kind: 'none' } as const]) {
      expect(
        submitRxEvaluationRequestSchema.safeParse({ ...base, ...pharmacyFields(pick) }).success,
      ).toBe(true);
    }
    expect(pharmacyName(link)).toBe('Sunrise Pharmacy');
    expect(pharmacyName({ kind: 'none' })).toBeNull();
  });

  it('shows where a pharmacy is', () => {
    expect(pharmacyAddressLine(sunrise)).toBe('1 Bay St, Miami');
    expect(pharmacyAddressLine({ ...sunrise, address: ' ' })).toBe('Miami');
  });
});
