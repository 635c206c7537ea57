/**
 * The back office's day reconciliation: a ledger entry that moved money on a card
 * against the gateway's record of it. Pure.
 */
import type { ReconciliationDifference } from './money.api';
import { moneyReferenceOf } from './money.api';

export interface ReconciledEntry {
  id: string;
  kind: 'charge' | 'refund';
  state: 'pending' | 'succeeded' | 'failed';
  invoiceNumber: string;
  /** What went to or came back from the card (cents); credit never reaches the gateway. */
  cardCents: number;
}

export interface GatewayRecord {
  amountCents: number;
  status: 'approved' | 'refunded' | 'voided';
}

/**
 * The difference between an entry and the gateway's record of it, or null when they agree.
 * A charge is at the gateway when approved or refunded since (a void of an unsettled charge is
 * how a full refund is made: it is there too); a refund, when refunded or voided. A succeeded
 * entry the gateway does not hold is 'ledgerOnly'; a failed or pending entry the gateway holds
 * is 'gatewayOnly'; both holding it with other amounts is 'amountDiffers' (a void is whole: no
 * amount to compare).
 */
export function reconcileEntry(
  entry: ReconciledEntry,
  gateway: GatewayRecord | undefined,
): ReconciliationDifference | null {
  const there = gateway !== undefined;
  const base = {
    ledgerId: entry.id,
    reference: moneyReferenceOf(entry.id),
    invoiceNumber: entry.invoiceNumber,
    entryKind: entry.kind,
    ledgerStatus: entry.state,
    ledgerAmount: entry.cardCents,
    gatewayAmount: gateway?.amountCents ?? null,
    gatewayStatus: gateway?.status ?? null,
  };
  if (entry.state !== 'succeeded') return there ? { kind: 'gatewayOnly', ...base } : null;
  if (!there) return { kind: 'ledgerOnly', ...base };
  if (gateway.status !== 'voided' && gateway.amountCents !== entry.cardCents) {
    return { kind: 'amountDiffers', ...base };
  }
  return null;
}
