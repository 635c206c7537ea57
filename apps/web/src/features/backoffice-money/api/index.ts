/** Bodies go as typed: the server checks them and answers 400 in the reader's language. */
import {
  type MoneyRefundRequest,
  type MoneyTransactionsRequest,
  moneyRefundResponseSchema,
  moneyTransactionsResponseSchema,
  reconciliationResponseSchema,
} from '@apothecall/domain/backoffice/money.api';
import {
  type MoneyPrepayRequest,
  type MoneySubscriptionsRequest,
  moneyPrepayResponseSchema,
  moneySubscriptionsResponseSchema,
} from '@apothecall/domain/backoffice/money-plans.api';
import { apiCall } from '../../../lib/api-client';

/**
 * The back office's money calls, /api/admin/money/…: admin only (the server answers
 * anyone else 403). The filters travel in a POST body.
 */
export const moneyTransactionsQueryKey = (filters: MoneyTransactionsRequest) =>
  ['admin', 'money', 'transactions', filters] as const;

export function getMoneyTransactions(filters: MoneyTransactionsRequest) {
  return apiCall('/admin/money/transactions', {
    method: 'POST',
    body: filters,
    schema: moneyTransactionsResponseSchema,
  });
}

export async function refundTransaction(id: string, body: MoneyRefundRequest) {
  return (
    await apiCall(`/admin/money/transactions/${encodeURIComponent(id)}/refund`, {
      method: 'POST',
      body,
      schema: moneyRefundResponseSchema,
    })
  ).refund;
}

export function getReconciliation(day: string) {
  return apiCall(`/admin/money/reconciliation?day=${encodeURIComponent(day)}`, {
    schema: reconciliationResponseSchema,
  });
}

/** The subscriptions across brands (read-only). */
export const moneySubscriptionsQueryKey = (filters: MoneySubscriptionsRequest) =>
  ['admin', 'money', 'subscriptions', filters] as const;

export function getMoneySubscriptions(filters: MoneySubscriptionsRequest) {
  return apiCall('/admin/money/subscriptions', {
    method: 'POST',
    body: filters,
    schema: moneySubscriptionsResponseSchema,
  });
}

/** The prepay programs across pharmacies (read-only). */
export const moneyPrepayQueryKey = (filters: MoneyPrepayRequest) =>
  ['admin', 'money', 'prepay', filters] as const;

export function getMoneyPrepayPrograms(filters: MoneyPrepayRequest) {
  return apiCall('/admin/money/prepay-programs', {
    method: 'POST',
    body: filters,
    schema: moneyPrepayResponseSchema,
  });
}
