import type { AreaModule, ModuleContext } from '../../platform/module';
import type { PharmacyPort } from './pharmacy.port';
import { createPharmacyRepo } from './pharmacy.repo';
import { createPharmacyService } from './pharmacy.service';

/** Pharmacies: organisations and the NCPDP registry they are verified against. */
export function pharmacyModule(
  ctx: Pick<ModuleContext, 'db'> & { platform: { clock: { now?: () => Date } } },
): AreaModule & { port: PharmacyPort; service: ReturnType<typeof createPharmacyService> } {
  const service = createPharmacyService({
    repo: createPharmacyRepo(ctx.db),
    ...ctx.platform.clock,
  });
  return { name: 'pharmacy', port: service, service };
}
