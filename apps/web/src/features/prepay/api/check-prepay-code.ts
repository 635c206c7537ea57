import {
  type PrepayOffer,
  prepayCodeCheckResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';

/** One key per code; the code stays out of any URL (it is POSTed). */
export const prepayCodeCheckQueryKey = (code: string) => ['prepay', 'redeem', code] as const;

/**
 * POST /prepay-redeem/check: what an access token or program code offers (logged in or not).
 * An unknown code answers 404 NOT_FOUND, a used one PREPAY_TOKEN_REFUSED, each with errorMsg.
 */
export async function checkPrepayCode(code: string): Promise<PrepayOffer> {
  const { offer } = await apiCall('/prepay-redeem/check', {
    method: 'POST',
    body: { code },
    schema: prepayCodeCheckResponseSchema,
  });
  return offer;
}
