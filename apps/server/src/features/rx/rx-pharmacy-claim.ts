import { isClaimed, mayClaim } from '@apothecall/domain/pharmacy/pharmacy-dashboard.rules';
import { formatUsd } from '@apothecall/domain/pricing/pricing.rules';
import { AppError, appErrors } from '../../platform/errors';

import './rx.events';
import type { RxPharmacyService } from './rx-pharmacy.types';
import type { RxPharmacyAccess, RxPharmacyDeps } from './rx-pharmacy-access';

/**
 * The pharmacy's claim ('Submit Payment'): the fee taken from its prepay account exactly once
 * (an idempotency key per visit version, then a conditional move: a losing claim gives its fee
 * back), the eRx transmission after it, and the legal PDF only after the claim.
 */
export function createRxPharmacyClaim(
  deps: RxPharmacyDeps,
  access: RxPharmacyAccess,
): Pick<RxPharmacyService, 'claim' | 'visitForPdf'> {
  const { now, subject, scopeOf, reachable, detailOf, told } = access;

  return {
    async claim(actor, visitId, input) {
      const { staff, visit, status } = await reachable(actor, visitId);
      if (staff.grant?.claimedOnly) {
        throw new AppError(403, 'PHARMACY_CLAIMED_ONLY', 'pharmacy.claimedOnly');
      }
      if (!mayClaim(status, scopeOf(staff))) {
        throw new AppError(409, 'PHARMACY_NOT_CLAIMABLE', 'pharmacy.notClaimable');
      }
      if (visit.version !== input.version) throw new AppError(409, 'RX_STALE', 'pharmacy.stale');
      const fee = deps.claimFeeCents;
      // One key per visit version: concurrent claims of what the pharmacy saw are one debit.
      const key = `claim:${visit.id}:${visit.version}`;
      const debit = await deps.payments.debitPrepay({
        prepayAccountId: staff.organization.id,
        amountCents: fee,
        idempotencyKey: key,
        kind: 'claimFee',
        relatedId: visit.id,
        description: 'Rx visit claim fee',
      });
      if (!debit.ok) {
        throw new AppError(402, 'PHARMACY_LOW_BALANCE', 'pharmacy.lowBalance', {
          fee: formatUsd(fee),
        });
      }
      const at = now();
      const moved = await deps.repo.movePharmacy(
        visit.id,
        { pharmacyStatus: status, version: input.version },
        'claimed',
        {
          claimFeeEntryId: debit.entryId,
          claimFeeCents: fee,
          pharmacySeenAt: visit.pharmacySeenAt ?? at,
          pharmacyClaimedAt: at,
        },
        { note: '', byRole: 'pharmacy', accountId: actor.accountId },
      );
      if (!moved) {
        const now2 = await deps.repo.visit(visit.id);
        // Another claim of the same version won with this very debit: answer as it did.
        if (now2 && now2.claimFeeEntryId === debit.entryId) return detailOf(staff, now2);
        // Something else changed the visit first: the fee goes back, once.
        await deps.payments.creditPrepay({
          prepayAccountId: staff.organization.id,
          amountCents: fee,
          idempotencyKey: `${key}:reversal`,
          kind: 'claimFeeReversal',
          relatedId: visit.id,
          description: 'Rx visit claim fee given back (the visit changed)',
        });
        throw new AppError(409, 'RX_STALE', 'pharmacy.stale');
      }
      await deps.audit.record(actor, 'pharmacy.rx.claim', subject(visit), {
        visitId: visit.id,
        organizationId: staff.organization.id,
        feeCents: fee,
        prepayEntryId: debit.entryId,
      });
      // The debit that took the balance under the low mark tells the admins (a replay does not).
      if (!debit.replayed) {
        await deps.pharmacy.feeTaken(staff.organization.id, debit.balance, fee);
      }
      let claimed = moved;
      if (deps.transmit && staff.organization.acceptsErx) {
        const erxStatus = await deps.transmit(moved, staff);
        if (erxStatus) {
          claimed = (await deps.repo.setErxStatus(moved.id, erxStatus)) ?? moved;
        }
      }
      await told(claimed);
      return detailOf(staff, claimed);
    },

    async visitForPdf(actor, visitId) {
      const { staff, visit, status } = await reachable(actor, visitId);
      if (!isClaimed(status) || visit.claimFeeEntryId === null) {
        await deps.audit.denied(actor, 'rx.prescription.pdf', subject(visit), {
          visitId: visit.id,
          reason: 'not-claimed',
        });
        throw appErrors.notFound();
      }
      return { visit, staff };
    },
  };
}
