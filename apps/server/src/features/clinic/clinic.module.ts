import type { AreaModule, ModuleContext } from '../../platform/module';
import type { RosterPort } from './roster.port';
import { createRosterRepo } from './roster.repo';

/**
 * The clinic (the provider console): today it owns the provider roster (licences, duty,
 * credentials) that care, accounts and notes ask through its port. The console's queue, claim
 * and end-visit rules live with the visits they act on (features/care/clinic.service.ts).
 */
export function clinicModule(ctx: ModuleContext): AreaModule & { port: RosterPort } {
  return { name: 'clinic', port: createRosterRepo(ctx.db) };
}
