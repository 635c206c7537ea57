import type { Db } from '../../db/client';
import { createPrepayProgramsRepo, type PrepayProgramsRepo } from './prepay-programs.repo';
import { createPrepayRedemptionsRepo, type PrepayRedemptionsRepo } from './prepay-redemptions.repo';
import { createPrepayTokensRepo, type PrepayTokensRepo } from './prepay-tokens.repo';

// The records stay importable from here, where the services and their tests always found them.
export type {
  NewProgram,
  ProgramEntryRecord,
  ProgramRecord,
  ProgramSettingsRecord,
  ProgramUserRecord,
} from './prepay-programs.repo';
export type {
  RedeemInput,
  RedeemOutcome,
  RedemptionRecord,
  RedemptionSnapshot,
  SettleOutcome,
} from './prepay-redemptions.repo';
export type { TokenInsert, TokenRecord } from './prepay-tokens.repo';

/**
 * The prepay area's tables, one repo per job: the programs (purchase, settings, users,
 * entries), their access tokens, and the visits redeemed from them.
 */
export type PrepayRepo = PrepayProgramsRepo & PrepayTokensRepo & PrepayRedemptionsRepo;

export function createPrepayRepo(db: Db): PrepayRepo {
  return {
    ...createPrepayProgramsRepo(db),
    ...createPrepayTokensRepo(db),
    ...createPrepayRedemptionsRepo(db),
  };
}
