import type { PrepayOffer } from '@apothecall/domain/prepay/prepay.api';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';
import { checkPrepayCode, prepayCodeCheckQueryKey } from '../../prepay/api/check-prepay-code';

/**
 * The offer of the prepay code the catalogue holds (POST /prepay-redeem/check, the prepay
 * feature's call), under prepay's key, so the redeem screen and the catalogue share the answer.
 */
export function useHeldPrepayCodeCheck(code: string, options?: QueryOptions<PrepayOffer>) {
  return useCallQuery(prepayCodeCheckQueryKey(code), () => checkPrepayCode(code), options);
}
