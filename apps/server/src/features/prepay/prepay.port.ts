import type { PrepayRedeemService } from './prepay-redeem.service';

export type { PrepayVisit } from './prepay-redeem.service';

/**
 * What other areas may ask of prepay (issue 16): price a visit by a code, take one visit from
 * the program for it (once per visit), settle the visit's outcome (a prescription; a denial
 * that credits the visit back; a release when the patient cancels), and how visits were paid.
 */
export type PrepayPort = Pick<PrepayRedeemService, 'quote' | 'redeem' | 'settle' | 'visitPrepay'>;
