import type { Settlement } from '@apothecall/domain/prepay/access-token.rules';
import type { PrepayOffer, VisitPrepay } from '@apothecall/domain/prepay/prepay.api';
import type { Caller } from '../../platform/actor';

/** The visit a code is to pay, as the selling area describes it. */
export interface PrepayVisit {
  /** `rx:<visit id>`: one redemption per visit. */
  ref: string;
  accountId: string;
  personId: string;
  /** The account holder's login e-mail (authorized users and per-user limits). */
  email: string;
  productId: string;
  /** Where its prescription goes (null: the patient takes it). */
  pharmacyId: string | null;
}

/**
 * What other areas may ask of prepay: price a visit by a code, take one visit from
 * the program for it (once per visit), settle the visit's outcome (a prescription; a denial
 * that credits the visit back; a release when the patient cancels), and how visits were paid.
 * The port declares its own types; prepay-redeem.service.ts implements it.
 */
export interface PrepayPort {
  /** The visit priced by a code: refused with the reason, or the offer (nothing is written). */
  quote(caller: Caller, code: string, visit: PrepayVisit): Promise<PrepayOffer>;
  /** Takes one visit from the program for this visit (once per visit). */
  redeem(
    caller: Caller,
    code: string,
    visit: PrepayVisit,
  ): Promise<{ redemptionId: string; offer: PrepayOffer }>;
  /** The visit's outcome: a prescription written, denied (credited back) or released (cancelled). */
  settle(visitRef: string, outcome: Settlement): Promise<void>;
  /** How these visits were paid from programs (for their views). */
  visitPrepay(refs: readonly string[]): Promise<Map<string, VisitPrepay>>;
}
