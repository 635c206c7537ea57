import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { getEntryReferral } from '../../../lib/brand-store';
import { holdPrepayCode } from '../../../lib/prepay-code-store';
import { useHeldPrepay } from '../../../lib/prepay-offer';
import { useSession } from '../../../lib/session-store';
import { useInstoreStart } from '../../assessments/api/start-instore-visit';
import { useHeldPrepayCodeCheck } from '../api/check-held-prepay-code';
import { useProductInfo } from '../api/get-product-info';
import { productsForOffer } from './rx-prepay';

/**
 * What the Rx catalogue shows: the treatments (for the link or referral it was opened with),
 * the one chosen (`itemId`), an in-store assessment link's start, and the held prepay code with
 * its offer (checked again only when none is known for it) and the treatments it pays for.
 */
export function useRxCatalogue() {
  const session = useSession();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const itemId = params.get('itemId');
  const referral = params.get('id') ?? getEntryReferral()?.code ?? null;
  const products = useProductInfo(referral, { staleTime: 5 * 60_000 });
  // A pharmacy's Rx link (/rx?id=<link>): its treatment only, and the visit goes to its pharmacy.
  const link = products.data?.link ?? null;
  const chosen = itemId ? products.data?.products.find((p) => p.id === itemId) : undefined;
  // A pharmacy's in-store assessment link (/rx?itemId=&instore=<code>): the intake's
  // answers, its pharmacy and its state, for the signed-in patient the link is theirs.
  const instoreCode = params.get('instore') ?? '';
  const instore = useInstoreStart(instoreCode, {
    enabled: instoreCode !== '' && session !== null,
    retry: false,
  });
  // The link or referral the catalogue was opened with stays in the address (a reload keeps it).
  const entryId = params.get('id');
  const linkTo = (id: string) =>
    `${pathname}?${entryId ? `id=${encodeURIComponent(entryId)}&` : ''}itemId=${encodeURIComponent(id)}`;

  // The held prepay code; its offer is checked again only when none is known for it.
  const held = useHeldPrepay();
  const heldCode = held?.code ?? '';
  const heldCheck = useHeldPrepayCodeCheck(heldCode, {
    enabled: held !== null && held.offer === null,
    retry: false,
  });
  useEffect(() => {
    if (heldCode && heldCheck.data) holdPrepayCode(heldCode, heldCheck.data);
  }, [heldCode, heldCheck.data]);
  const offer = held?.offer ?? null;
  const refusal =
    held && !held.offer && heldCheck.error instanceof ApiError ? heldCheck.error.message : null;
  const offered = productsForOffer(products.data?.products ?? [], offer);
  const filtering = offer !== null && offer.productIds.length > 0;

  return {
    session,
    pathname,
    itemId,
    products,
    link,
    chosen,
    instoreCode,
    instore,
    linkTo,
    held,
    offer,
    refusal,
    offered,
    filtering,
  };
}

export type RxCatalogue = ReturnType<typeof useRxCatalogue>;
