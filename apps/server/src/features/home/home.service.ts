import type { HomeCount } from '@apothecall/domain/home/home-counts.api';
import {
  type HomeCountKey,
  homeCountKeysOf,
  homeCountPath,
} from '@apothecall/domain/home/home-counts.rules';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import type { HomeCountSource } from '../../platform/home-counts';
import type { AccountsPort } from '../accounts/accounts.port';

export interface HomeService {
  counts(actor: Actor): Promise<HomeCount[]>;
}

/**
 * A staff member's Home counts: the keys of the caller's role (domain
 * home/home-counts.rules), each answered by the area that owns it, which checks the caller as
 * its own screen does. Anyone without a staff Home (patients) is refused. Counts only, so nothing
 * is audited as a read of a patient's record.
 */
export function createHomeService(deps: {
  accounts: Pick<AccountsPort, 'role'>;
  sources: readonly HomeCountSource[];
}): HomeService {
  return {
    async counts(actor) {
      const keys = homeCountKeysOf(await deps.accounts.role(actor.accountId));
      if (keys.length === 0) {
        throw new AppError(403, 'STAFF_ONLY', 'navigation.unauthorized');
      }
      const wanted = new Set<HomeCountKey>(keys);
      const found: Partial<Record<HomeCountKey, number>> = {};
      for (const answer of await Promise.all(deps.sources.map((s) => s(actor, wanted)))) {
        Object.assign(found, answer);
      }
      return keys.flatMap((key) => {
        const count = found[key];
        return count === undefined ? [] : [{ key, count, path: homeCountPath[key] }];
      });
    },
  };
}
