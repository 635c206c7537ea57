/**
 * A pharmacy's fee account: the prepay balance claim fees are taken from.
 * The admin adds funds by card within a range; the admins are e-mailed once when a fee takes the
 * balance under a few fees' worth.
 */

/** What one top-up may add, in whole dollars. */
export const pharmacyFundsRange = { minDollars: 50, maxDollars: 5000 } as const;

/** The balance is low under this many claim fees. */
export const lowBalanceFees = 5;

/** The balance under which the account counts as low (cents). */
export const lowFeeBalanceCents = (feeCents: number): number => feeCents * lowBalanceFees;

/** Whether the balance (cents) is under the low mark for this fee. */
export function isFeeBalanceLow(balanceCents: number, feeCents: number): boolean {
  return feeCents > 0 && balanceCents < lowFeeBalanceCents(feeCents);
}

/** Whether a movement took the balance from not low to low: the one that sends the e-mail. */
export function crossedLowFeeBalance(before: number, after: number, feeCents: number): boolean {
  return !isFeeBalanceLow(before, feeCents) && isFeeBalanceLow(after, feeCents);
}
