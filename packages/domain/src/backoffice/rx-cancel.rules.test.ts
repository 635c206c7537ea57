import { describe, expect, it } from 'vitest';
import { rxAdminCancel, rxAdminCancellable } from './rx-cancel.rules';

describe("the operator's cancel of an Rx visit (issue 35)", () => {
  it('refunds a paid visit before a prescription, giving a prepaid token back unused', () => {
    for (const status of ['waiting', 'started', 'ended', 'exit']) {
      expect(rxAdminCancel(status, null)).toEqual({
        ok: true,
        to: 'refund',
        refund: true,
        withdrawFromPharmacy: false,
        prepay: 'released',
      });
    }
  });

  it('cancels an unpaid visit with nothing to refund', () => {
    expect(rxAdminCancel('pendingMedPayment', null)).toMatchObject({
      ok: true,
      to: 'cancel',
      refund: false,
    });
  });

  it('withdraws a prescription no pharmacy touched yet and credits a prepaid token back', () => {
    expect(rxAdminCancel('rxed', 'unclaimed')).toEqual({
      ok: true,
      to: 'refund',
      refund: true,
      withdrawFromPharmacy: true,
      prepay: 'denied',
    });
  });

  it('refuses once a pharmacy claimed or works on the prescription, or it was handed over', () => {
    for (const p of ['claimed', 'ready', 'shipped', 'picked-up', 'delivered']) {
      expect(rxAdminCancel('rxed', p)).toEqual({ ok: false, reason: 'pharmacyClaimed' });
    }
    for (const p of ['contacted', 'review', 'approved', 'denied']) {
      expect(rxAdminCancel('rxed', p)).toEqual({ ok: false, reason: 'pharmacyWorking' });
    }
    expect(rxAdminCancel('rxed', null)).toEqual({ ok: false, reason: 'prescribed' });
    expect(rxAdminCancel('rxed', 'cancel')).toEqual({ ok: false, reason: 'prescribed' });
  });

  it('refuses a visit that is over', () => {
    for (const status of ['refund', 'cancel', 'review', 'voided']) {
      expect(rxAdminCancel(status, null)).toEqual({ ok: false, reason: 'over' });
      expect(rxAdminCancellable(status, null)).toBe(false);
    }
    expect(rxAdminCancellable('waiting', null)).toBe(true);
  });
});
