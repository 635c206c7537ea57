import type { Person } from '@apothecall/domain/accounts/accounts.schemas';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';
import { familyQueryKey, getDependents } from '../../accounts/api/get-dependents';

/**
 * The account's people (GET of the accounts feature, under its key), as the Rx flow reads them:
 * the chosen patient's birth date and gender for the evaluation.
 */
export function useRxFamily(options?: QueryOptions<Person[]>) {
  return useCallQuery(familyQueryKey, getDependents, options);
}
