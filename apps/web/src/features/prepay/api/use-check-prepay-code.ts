import type { PrepayOffer } from '@apothecall/domain/prepay/prepay.api';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';
import { checkPrepayCode, prepayCodeCheckQueryKey } from './check-prepay-code';

// Beside its call rather than in it: the call is reached through its module's export, so a
// test that replaces checkPrepayCode replaces what this hook asks too.
/** What a typed code offers. */
export function useCheckPrepayCode(code: string, options?: QueryOptions<PrepayOffer>) {
  return useCallQuery(prepayCodeCheckQueryKey(code), () => checkPrepayCode(code), options);
}
