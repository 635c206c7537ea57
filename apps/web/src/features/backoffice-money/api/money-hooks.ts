import type { MoneyTransactionsRequest } from '@apothecall/domain/backoffice/money.api';
import type {
  MoneyPrepayRequest,
  MoneySubscriptionsRequest,
} from '@apothecall/domain/backoffice/money-plans.api';
import { type MutationCallbacks, useCallMutation, useCallQuery } from '../../../lib/call-hooks';
// The calls are asked through the module's exports (index.ts), the one a test replaces.
import {
  getMoneyPrepayPrograms,
  getMoneySubscriptions,
  getMoneyTransactions,
  getReconciliation,
  moneyPrepayQueryKey,
  moneySubscriptionsQueryKey,
  moneyTransactionsQueryKey,
  refundTransaction,
} from './index';

/** The transactions the filters ask for. */
export function useMoneyTransactions(filters: MoneyTransactionsRequest) {
  return useCallQuery(moneyTransactionsQueryKey(filters), () => getMoneyTransactions(filters));
}

type Refund = { id: string; reason: string; idempotencyKey: string };

/** Refunds a transaction and marks all of the money area's lists stale. */
export function useRefundTransaction(
  options?: MutationCallbacks<Awaited<ReturnType<typeof refundTransaction>>, Refund>,
) {
  return useCallMutation(
    ({ id, reason, idempotencyKey }: Refund) => refundTransaction(id, { reason, idempotencyKey }),
    () => [['admin', 'money']],
    options,
  );
}

/** Compares a day's records with the gateway's; nothing cached to refresh. */
export function useReconciliation(
  options?: MutationCallbacks<Awaited<ReturnType<typeof getReconciliation>>, string>,
) {
  return useCallMutation(getReconciliation, () => [], options);
}

/** The subscriptions the filters ask for. */
export function useMoneySubscriptions(filters: MoneySubscriptionsRequest) {
  return useCallQuery(moneySubscriptionsQueryKey(filters), () => getMoneySubscriptions(filters));
}

/** The prepay programs the filters ask for. */
export function useMoneyPrepayPrograms(filters: MoneyPrepayRequest) {
  return useCallQuery(moneyPrepayQueryKey(filters), () => getMoneyPrepayPrograms(filters));
}
