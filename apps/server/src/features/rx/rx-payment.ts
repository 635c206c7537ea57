import { rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import type { PrepayVisit } from '../prepay/prepay.port';
import type { RxVisitRecord } from './rx.repo';
import { isPaid } from './rx.views';
import { type RxPatientAccess, type RxPatientDeps, subject } from './rx-patient-access';
import type { RxService } from './rx-service.types';

/**
 * Paying a visit: its price through the payments area, by card once per visit, or from a prepay
 * program by an access token or program code; a paid visit waits for a prescriber.
 */
export function createRxPayment(
  deps: RxPatientDeps,
  access: RxPatientAccess,
): Pick<RxService, 'price' | 'prepayPrice' | 'pay'> {
  const { now, view, ownVisit, changed } = access;

  /** The visit as a prepay program sees it: who, which treatment, where it goes. */
  async function prepayVisit(actor: Actor, visit: RxVisitRecord): Promise<PrepayVisit> {
    return {
      ref: `rx:${visit.id}`,
      accountId: visit.accountId,
      personId: visit.personId,
      email: (await deps.accounts.loginId(actor.accountId)) ?? '',
      productId: visit.productId,
      pharmacyId: visit.pharmacyId,
    };
  }

  async function payable(actor: Actor, visitId: string) {
    const visit = await ownVisit(actor, visitId);
    if (visit.status !== 'pendingMedPayment') {
      throw new AppError(409, 'RX_NOT_PAYABLE', 'rx.visit.notPayable');
    }
    return visit;
  }

  /** Pays the visit from a program: one visit taken (once per visit), then the visit waits. */
  async function payFromProgram(actor: Actor, visit: RxVisitRecord, code: string) {
    const { redemptionId } = await deps.prepay.redeem(actor, code, await prepayVisit(actor, visit));
    let current: RxVisitRecord | undefined = visit;
    // The redemption is once per visit, so identical requests (a double-click) all hold the same
    // one: whichever moves the visit first answers for all, and a losing request never gives
    // back what the winner used. A visit changed otherwise but still unpaid (an upload linked)
    // is moved at its new version.
    for (let attempt = 0; attempt < 5 && current; attempt += 1) {
      if (current.prepayRedemptionId === redemptionId) return view(current);
      if (current.status !== 'pendingMedPayment' || isPaid(current)) break;
      const moved = await deps.repo.move(
        current.id,
        { status: current.status, version: current.version },
        'waiting',
        { prepayRedemptionId: redemptionId, paidAt: now() },
      );
      if (moved) {
        await deps.audit.record(actor, 'rx.visit.pay', subject(visit), {
          visitId: visit.id,
          prepayRedemptionId: redemptionId,
        });
        await changed(moved, true);
        return view(moved);
      }
      current = await deps.repo.visit(visit.id);
    }
    // The visit can no longer take it (cancelled in another tab, or paid by card meanwhile) and
    // does not hold it: the visit taken goes back to the program unused.
    await deps.prepay.settle(`rx:${visit.id}`, 'released');
    throw new AppError(409, 'RX_STALE', 'rx.visit.stale');
  }

  return {
    async price(actor, visitId) {
      const visit = await payable(actor, visitId);
      return deps.payments.quote(actor.accountId, `rx:${visit.id}`, visit.costCents);
    },

    async prepayPrice(actor, visitId, code) {
      const visit = await payable(actor, visitId);
      return deps.prepay.quote(actor, code, await prepayVisit(actor, visit));
    },

    async pay(actor, input) {
      const visit = await ownVisit(actor, input.visitId);
      if (isPaid(visit)) return view(visit);
      if (visit.status !== 'pendingMedPayment') {
        throw new AppError(409, 'RX_NOT_PAYABLE', 'rx.visit.notPayable');
      }
      if (input.prepayCode) return payFromProgram(actor, visit, input.prepayCode);
      const product = rxProductById(visit.productId);
      // The visit's key is the charge's key: a retried payment is one charge.
      const charge = await deps.payments.charge(
        actor.accountId,
        {
          priceToken: input.priceToken,
          paymentProfileId: input.payProfileID,
          idempotencyKey: `rx:${visit.id}`,
          description: `Rx visit: ${product ? product.id : visit.productId}`,
        },
        actor,
        `rx:${visit.id}`,
      );
      const moved = await deps.repo.move(
        visit.id,
        { status: visit.status, version: visit.version },
        'waiting',
        { ledgerId: charge.id, paidAt: now() },
      );
      const current = moved ?? (await deps.repo.visit(visit.id)) ?? visit;
      if (moved) {
        await deps.audit.record(actor, 'rx.visit.pay', subject(visit), {
          visitId: visit.id,
          chargeId: charge.id,
        });
        await changed(current, true);
      }
      return view(current);
    },
  };
}
