import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import type {
  SubscriptionPriceResponse,
  SubscriptionPricingResponse,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import { useQueryClient } from '@tanstack/react-query';
import { type MutationCallbacks, useCallMutation, useCallQuery } from '../../call-hooks';
import type { StoredPrice } from '../price-store';
import type { CardChoiceApi } from './cards';

/**
 * The calls a visit's payment step makes, handed in by the feature (lib/ imports no feature):
 * the payments feature's price, credit and cards, the subscriptions feature's plan and member
 * price, and care's active visits.
 */
export interface VisitCheckoutApi {
  /** GET /account/price: a coupon the account applied and has not paid with, else the default. */
  accountPrice: { queryKey: readonly unknown[]; load: () => Promise<StoredPrice> };
  /** GET /account/reward-balance, in cents. */
  credit: { queryKey: readonly unknown[]; load: () => Promise<number> };
  cards: CardChoiceApi;
  /** GET /subscription-pricing: whether a visit plan is in force (session.active). */
  plan: { queryKey: readonly unknown[]; load: () => Promise<SubscriptionPricingResponse> };
  /** POST /subscription-price/: the plan's price for one family member. */
  planPrice: {
    queryKey: (patientId: string) => readonly unknown[];
    load: (patientId: string) => Promise<SubscriptionPriceResponse>;
  };
  /** GET /visits/active: where a start that already went through is found. */
  activeVisits: { queryKey: readonly unknown[]; load: () => Promise<PatientVisit[]> };
}

/**
 * What the checkout reads, under the handed keys: the account's price (when this tab holds
 * none), the credit, the visit plan in force and, with one, this person's plan price.
 */
export function useCheckoutQueries(api: VisitCheckoutApi, patientId: string, priceHeld: boolean) {
  // Nothing chosen in this tab: the account's price (a coupon applied earlier, on any device).
  const accountPrice = useCallQuery(api.accountPrice.queryKey, api.accountPrice.load, {
    enabled: !priceHeld,
  });
  const balance = useCallQuery(api.credit.queryKey, api.credit.load);
  // A visit plan in force (GET /subscription-pricing: session.active) prices this person: the
  // member or non-member price (POST /subscription-price/). Either failing: the normal price.
  const subscription = useCallQuery(api.plan.queryKey, api.plan.load);
  const planInForce = subscription.data?.session?.active === true;
  const planPrice = useCallQuery(
    api.planPrice.queryKey(patientId),
    () => api.planPrice.load(patientId),
    { enabled: planInForce, staleTime: 0, retry: false },
  );
  return { accountPrice, balance, subscription, planInForce, planPrice };
}

/** Starts the visit; the account's price and credit are asked again (a coupon or credit used). */
export function useCheckoutStart(
  api: VisitCheckoutApi,
  start: () => Promise<PatientVisit>,
  options?: MutationCallbacks<PatientVisit, void>,
) {
  return useCallMutation(start, () => [api.accountPrice.queryKey, api.credit.queryKey], options);
}

/** What a refused start changes in the cache, under the handed keys. */
export function useCheckoutCache(api: VisitCheckoutApi, patientId: string) {
  const queryClient = useQueryClient();
  const stale = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  return {
    /** The plan ended meanwhile: the plan and this person's plan price are asked again. */
    planEnded: () => {
      stale(api.plan.queryKey);
      stale(api.planPrice.queryKey(patientId));
    },
    /** A stale token: the plan price is quoted again too. */
    planPriceStale: () => stale(api.planPrice.queryKey(patientId)),
    /** The account's price as just read again. */
    setAccountPrice: (fresh: StoredPrice) =>
      queryClient.setQueryData(api.accountPrice.queryKey, fresh),
    /** The active visits as just read (an earlier try went through). */
    setActiveVisits: (active: PatientVisit[]) =>
      queryClient.setQueryData(api.activeVisits.queryKey, active),
    /** A declined card is marked invalid by the server: the cards are asked again. */
    cardsChanged: () => stale(api.cards.queryKey),
  };
}
